import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

struct CurrencyConversionTests {
    /// A source with fixed answers, standing in for any real one.
    struct FixedSource: QuoteSource {
        let name = "fixed"
        let stocks: [String: Stock]
        func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
            symbols.map { s in
                StockResult(
                    symbol: s, outcome: stocks[s].map { .success($0) } ?? .failure(.unknownSymbol(source: name)))
            }
        }
    }

    static func stock(_ symbol: String, _ price: String, _ currency: String, previous: String? = nil) -> Stock {
        var p = Price(
            last: ExactDecimal(price), previousClose: previous.flatMap { ExactDecimal($0) },
            lastTrade: Instant(secondsSinceEpoch: 1_761_755_819))
        p.deriveChange()
        return Stock(company: Company(symbol: symbol), currency: Currency(code: currency), price: p, source: "fixed")
    }

    @Test func convertsWithTheSourcesOwnRateAndSaysSo() throws {
        let source = FixedSource(stocks: [
            "AAPL": Self.stock("AAPL", "268.835", "USD", previous: "269.0"),
            "SAP.DE": Self.stock("SAP.DE", "230.5", "EUR"),
            "USDEUR=X": Self.stock("USDEUR=X", "0.8612", "EUR"),
        ])
        let manager = StockManager(source: source, transport: ScriptedNever(), context: SourceContext())
        let converted = CurrencyConversion.convert(
            manager.quotes(for: ["AAPL", "SAP.DE"]), to: "eur", manager: manager)
        let aapl = try #require(converted[0].stock)
        #expect(aapl.currency?.code == "EUR")
        #expect(aapl.price.last?.description == "231.520702")  // 268.835 x 0.8612, rounded to 6 places
        #expect(aapl.price.change?.description == "-0.142098")
        #expect(aapl.price.changePercent?.description == "-0.0613")  // unchanged: same rate for both
        #expect(
            aapl.notes.last?.text
                == "converted from USD at 0.8612 (USDEUR=X at 2025-10-29T16:36:59Z); change % is in USD terms")
        #expect(converted[1].stock?.price.last?.description == "230.5")  // already EUR
    }

    /// The decimals of a converted quote: from 1 up, the target currency's minor unit (a dollar
    /// price has 3 places in dinars, none in yen); below 1, the converted price's own: a 5 yen
    /// stock shown to 2 places by its venue is 0.0333 dollars (it read 0.03).
    @Test func aConvertedQuoteTakesTheDecimalsOfItsNewPrice() throws {
        var yen = Self.stock("9999.T", "5", "JPY")
        yen.priceDecimals = 2
        let source = FixedSource(stocks: [
            "9999.T": yen, "JPYUSD=X": Self.stock("JPYUSD=X", "0.00666", "USD"),
            "AAPL": Self.stock("AAPL", "268.84", "USD"), "USDKWD=X": Self.stock("USDKWD=X", "0.30712", "KWD"),
            "USDJPY=X": Self.stock("USDJPY=X", "146.881", "JPY"),
        ])
        let manager = StockManager(source: source, transport: ScriptedNever(), context: SourceContext())
        let dollars = try #require(
            CurrencyConversion.convert(manager.quotes(for: ["9999.T"]), to: "USD", manager: manager)[0].stock)
        #expect(dollars.price.last?.description == "0.0333")
        #expect(dollars.priceDecimals == 4)
        let dinars = try #require(
            CurrencyConversion.convert(manager.quotes(for: ["AAPL"]), to: "KWD", manager: manager)[0].stock)
        #expect(dinars.priceDecimals == 3)
        // In yen, none: 39,487.49 yen is shown as 39,487, as yen are (it showed 2 places).
        let yenPrice = try #require(
            CurrencyConversion.convert(manager.quotes(for: ["AAPL"]), to: "JPY", manager: manager)[0].stock)
        #expect(yenPrice.priceDecimals == 0)
    }

    @Test func missingRateLeavesThePriceAndExplains() throws {
        let source = FixedSource(stocks: ["AAPL": Self.stock("AAPL", "268.835", "USD")])
        let manager = StockManager(source: source, transport: ScriptedNever(), context: SourceContext())
        let converted = CurrencyConversion.convert(manager.quotes(for: ["AAPL"]), to: "JPY", manager: manager)
        let s = try #require(converted[0].stock)
        #expect(s.currency?.code == "USD")
        #expect(s.price.last?.description == "268.835")
        guard case .notConverted(to: "JPY", let reason)? = s.notes.last else {
            Issue.record("the last note says the price was not converted: \(s.notes)")
            return
        }
        #expect(reason.hasPrefix("USDJPY=X failed"))
        #expect(s.notes.last?.text.hasPrefix("not converted to JPY: USDJPY=X failed") == true)
        let report = QuoteReport(results: converted, now: Instant(secondsSinceEpoch: 0), requestLog: [], skipNotes: [])
        #expect(report.conversionFailures.map(\.symbol) == ["AAPL"])
        #expect(report.conversionFailures.first?.note.hasPrefix("not converted to JPY: USDJPY=X failed") == true)
    }
}

/// A transport that must not be used.
struct ScriptedNever: HTTPTransport {
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        requests.map { _ in .failure(.other(host: "", code: 0, detail: "no network in this test")) }
    }
}
