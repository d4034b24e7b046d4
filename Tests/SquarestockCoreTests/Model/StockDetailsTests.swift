import Testing

@testable import SquarestockCore

/// A stock's details (currency, zone, source, notes, ...) sit behind one reference that stocks
/// built alike share: they must still behave as values, each stock's own.
struct StockDetailsTests {
    static let venue = Exchange(
        id: "XLON", name: "London Stock Exchange", timeZone: "Europe/London",
        hours: [
            DatedTradingHours(
                from: CivilDate(year: 1900, month: 1, day: 1), hours: TradingHours(open: "08:00", close: "16:30"))
        ], currency: Currency.named("GBp"), sourceCodes: ["LSE"], yahooSuffix: "L", stooqSuffix: "uk")

    static func template() throws -> Stock {
        Stock(
            company: Company(symbol: "", exchange: venue), currency: venue.currency,
            timeZone: try ExchangeTimeZone(identifier: "Europe/London"), price: Price(), source: "yahoo-csv",
            intradayUnavailable: "yahoo-csv has no intraday data")
    }

    @Test func stocksMadeFromATemplateShareItsDetailsAndKeepTheirOwnValues() throws {
        let template = try Self.template()
        var a = Stock(
            company: Company(symbol: "VOD.L", exchange: Self.venue), price: Price(last: ExactDecimal(221)),
            session: nil,
            detailsOf: template)
        let b = Stock(
            company: Company(symbol: "BP.L", exchange: Self.venue), price: Price(last: ExactDecimal(400)), session: nil,
            detailsOf: template)
        #expect(a.details === template.details && b.details === template.details)
        #expect(a.currency?.code == "GBp" && a.timeZone?.identifier == "Europe/London" && a.source == "yahoo-csv")
        #expect(a.intradayUnavailable == "yahoo-csv has no intraday data")
        #expect(a.company.symbol == "VOD.L" && b.company.symbol == "BP.L")

        a.currency = Currency(code: "USD")
        a.notes.append(.remark("converted"))
        a.source = "other"
        #expect(a.currency?.code == "USD" && a.notes == [.remark("converted")] && a.source == "other")
        #expect(b.currency?.code == "GBp" && b.notes.isEmpty && b.source == "yahoo-csv")
        #expect(template.currency?.code == "GBp" && template.notes.isEmpty)
        #expect(a.details !== template.details && b.details === template.details)
    }

    @Test func everyDetailReadsBackWhatWasSet() throws {
        var s = try Self.template()
        let copy = s
        s.currency = nil
        s.timeZone = nil
        s.intraday = [IntradayPoint(time: Instant(secondsSinceEpoch: 60), price: ExactDecimal(1))]
        s.source = "stooq"
        s.notes = [.remark("n")]
        s.intradayUnavailable = nil
        s.reportedStatus = .closed
        s.extendedHours = ExtendedHoursQuote(session: .post, price: ExactDecimal(2))
        s.recordedAt = Instant(secondsSinceEpoch: 5)
        s.priceDecimals = 8
        #expect(s.currency == nil && s.timeZone == nil && s.source == "stooq" && s.notes == [.remark("n")])
        #expect(s.intraday == [IntradayPoint(time: Instant(secondsSinceEpoch: 60), price: ExactDecimal(1))])
        #expect(
            s.intradayUnavailable == nil && s.reportedStatus == .closed && s.extendedHours?.price == ExactDecimal(2))
        #expect(s.recordedAt == Instant(secondsSinceEpoch: 5) && s.priceDecimals == 8)
        // The copy taken before kept every detail as it was.
        #expect(
            copy.currency?.code == "GBp" && copy.timeZone != nil && copy.intraday.isEmpty && copy.source == "yahoo-csv")
        #expect(copy.notes.isEmpty && copy.reportedStatus == nil && copy.extendedHours == nil)
        #expect(copy.recordedAt == nil && copy.priceDecimals == nil && copy.intradayUnavailable != nil)
    }

    /// Not a speed test: what a copy of a stock holds. Its details are one reference, and its
    /// venue inside `Company` another, so a stored property added to `Stock` (rather than to its
    /// details) or a venue held inline again shows here.
    @Test func aStockHoldsItsCompanyPriceAndSessionAndOneReference() {
        #expect(MemoryLayout<Exchange>.size == MemoryLayout<Int>.size)
        #expect(
            MemoryLayout<Stock>.size
                <= MemoryLayout<Company>.stride + MemoryLayout<Price>.stride
                + MemoryLayout<ClosedRange<Instant>?>.stride + MemoryLayout<Int>.size)
    }

    @Test func aPrintedStockStillShowsItsDetails() throws {
        let text = String(describing: try Self.template())
        #expect(text.contains("currency: Optional(GBp), timeZone: Optional(Europe/London), price: "))
        #expect(text.contains("source: \"yahoo-csv\""))
        #expect(text.contains("id: \"XLON\""))
        #expect(text.contains("intradayUnavailable: Optional(\"yahoo-csv has no intraday data\")"))
    }
}
