import Testing

@testable import SquarestockCore
@testable import SquarestockMarket

/// The status rules as a table: exchange, the time now (UTC), the last trade (UTC) and the
/// expected status and reason.
struct MarketStatusTests {
    static func instant(_ iso: String) -> Instant {
        Instant(secondsSinceEpoch: DateTimeParsing.isoDateTime(iso)!.secondsSinceEpochAsUTC)
    }

    static let cases: [(exchange: String, now: String, lastTrade: String?, status: MarketStatus, reason: String?)] = [
        // New York, EDT (UTC-4) on 2025-10-29, a Wednesday.
        ("XNAS", "2025-10-29T17:00:00", "2025-10-29T16:59:00", .open, nil),
        ("XNAS", "2025-10-29T17:00:00", nil, .open, nil),
        ("XNAS", "2025-10-29T17:00:00", "2025-10-29T15:00:00", .delayed, "no trade for 2h"),
        ("XNAS", "2025-10-29T12:00:00", "2025-10-28T20:00:00", .pre, "pre-market"),
        ("XNAS", "2025-10-29T21:00:00", "2025-10-29T20:00:00", .post, "after hours"),
        ("XNAS", "2025-10-30T02:00:00", "2025-10-29T20:00:00", .closed, "overnight"),
        ("XNAS", "2025-11-01T15:00:00", "2025-10-31T20:00:00", .closed, "weekend"),
        // Same UTC wall time in winter (EST, UTC-5): 14:00 UTC is 09:00 New York, pre-market.
        ("XNYS", "2025-12-03T14:00:00", "2025-12-02T21:00:00", .pre, "pre-market"),
        ("XNYS", "2025-12-03T14:31:00", "2025-12-03T14:30:30", .open, nil),
        // Tokyo: lunch 11:30-12:30 JST; 03:00 UTC is 12:00 JST.
        ("XTKS", "2026-10-05T03:00:00", "2026-10-05T02:30:00", .closed, "lunch break"),
        ("XTKS", "2026-10-05T04:00:00", "2026-10-05T03:59:00", .open, nil),
        ("XTKS", "2026-10-05T06:20:00", "2026-10-05T06:19:00", .open, nil),  // 15:20, open until 15:30 since 2024-11-05
        ("XTKS", "2024-10-04T06:20:00", "2024-10-04T05:59:00", .closed, "overnight"),  // closed at 15:00 back then
        ("XHKG", "2025-10-28T04:30:00", "2025-10-28T04:00:00", .closed, "lunch break"),
        ("XHKG", "2025-10-29T04:30:00", "2025-10-28T08:00:00", .closed, "holiday: Chung Yeung Festival"),
        ("XNYS", "2025-11-27T15:00:00", "2025-11-26T21:00:00", .closed, "holiday: Thanksgiving Day"),
        ("XNYS", "2025-11-28T19:00:00", "2025-11-28T18:00:00", .post, "after hours"),
        ("XLON", "2025-10-29T08:00:00", "2025-10-29T07:59:00", .open, nil),
        ("XLON", "2025-10-29T16:30:00", "2025-10-29T16:29:00", .closed, "overnight"),  // 16:30 GMT is the close
        ("CRYPTO", "2025-11-01T03:00:00", "2025-11-01T02:59:00", .open, nil),
        ("CRYPTO", "2025-11-01T03:00:00", "2025-10-01T02:59:00", .delayed, "no trade for 31d"),
        ("FX", "2025-10-29T03:00:00", "2025-10-29T02:59:00", .open, nil),  // a Wednesday night: FX trades
        ("FX", "2025-11-01T12:00:00", "2025-10-31T21:59:00", .closed, "weekend"),
        ("US-INDEX", "2025-10-29T17:00:00", "2025-10-29T16:59:00", .open, nil),
    ]

    @Test(arguments: cases)
    func status(_ c: (exchange: String, now: String, lastTrade: String?, status: MarketStatus, reason: String?)) throws
    {
        let calendar = try #require(CalendarRegistry.standard.calendar(id: c.exchange))
        let report = MarketStatusRules.status(
            calendar: calendar, now: Self.instant(c.now), lastTrade: c.lastTrade.map(Self.instant))
        #expect(report == MarketStatusReport(c.status, c.reason), "\(c.exchange) at \(c.now)")
    }

    @Test func unknownExchangeIsUnknown() {
        #expect(MarketStatusRules.status(calendar: nil, now: .now(), lastTrade: nil).status == .unknown)
    }

    @Test(arguments: [
        ("AAPL", "US"), ("BRK.B", "US"), ("7203.T", "XTKS"), ("AIR.PA", "XPAR"), ("VOD.L", "XLON"), ("SAP.DE", "XETR"),
        ("NESN.SW", "XSWX"), ("0700.HK", "XHKG"), ("D05.SI", "XSES"), ("BHP.AX", "XASX"), ("RY.TO", "XTSE"),
        ("ASML.AS", "XAMS"), ("BTC-USD", "CRYPTO"), ("EURUSD=X", "FX"), ("aapl", "US"), ("7203", "US"),
        ("btc-usd", "CRYPTO"), ("vod.l", "XLON"), ("BRK-B", "US"), ("", "US"), ("Äpfel", "US"),
    ])
    func symbolsMapToTheirExchange(_ c: (String, String)) {
        #expect(ExchangeRegistry.standard.exchange(forSymbol: c.0)?.id == c.1)
    }

    /// A bare ticker (letters and digits only) is one no rule looks into, so readers may share
    /// one look-up among them all; anything with a suffix, a sign or other text is not.
    @Test func bareTickersAreLettersAndDigitsOnly() {
        for s in ["AAPL", "aapl", "7203", "A", "Brk2"] {
            #expect(ExchangeRegistry.isBareTicker(s), "\(s)")
            #expect(ExchangeRegistry.standard.exchange(forSymbol: s)?.id == "US", "\(s)")
        }
        for s in ["", "BRK.B", "BTC-USD", "^GSPC", "EURUSD=X", "ES=F", "VOD.L", "Äpfel", "A B", "A\u{0}"] {
            #expect(!ExchangeRegistry.isBareTicker(s), "\(s)")
        }
        #expect(ExchangeRegistry.standard.exchange(forSymbol: "^GSPC") == nil)
        #expect(ExchangeRegistry.standard.exchange(forSymbol: "es=f") == nil)
    }

    /// The US directory's dotted forms (a one-letter class, unit or right; `WS` warrants, `WI`
    /// when-issued) are the US market; any other suffix squarestock has no venue for gets no
    /// venue, so no hours are claimed for Johannesburg or Mumbai from New York's.
    @Test func unknownSuffixesAreNotNewYork() {
        for s in ["BRK.B", "bf.b", "GAB.R", "ACAH.U", "AAM.WS", "NE.WS.A", "XYZ.WI", "JGH.R.WI"] {
            #expect(ExchangeRegistry.standard.exchange(forSymbol: s)?.id == "US", "\(s)")
        }
        for s in [
            "NPN.JO", "TEVA.TA", "RELIANCE.NS", "005930.KS", "600519.SS", "PETR4.SA", "ENI.MI", "SAN.MC",
            "VOLV-B.ST", "X.1", "X.", "X.\u{C9}",
        ] {
            #expect(ExchangeRegistry.standard.exchange(forSymbol: s) == nil, "\(s)")
        }
    }

    @Test(arguments: [
        ("NMS", "XNAS"), ("NasdaqGS", "XNAS"), ("NYQ", "XNYS"), ("PAR", "XPAR"), ("JPX", "XTKS"), ("LSE", "XLON"),
        ("GER", "XETR"), ("CCC", "CRYPTO"), ("SNP", "US-INDEX"), ("CCY", "FX"),
    ])
    func sourceCodesMapToExchanges(_ c: (String, String)) {
        #expect(ExchangeRegistry.standard.exchange(sourceCode: c.0)?.id == c.1)
    }

    @Test func everyRegistryZoneIsARealIANAZone() throws {
        for e in ExchangeRegistry.standard.exchanges {
            _ = try ExchangeTimeZone(identifier: e.timeZone)
        }
    }

    @Test func minorUnitCurrencies() {
        #expect(Currency.named("GBp").majorCode == "GBP")
        #expect(Currency.named("GBp").perMajor == 100)
        #expect(Currency.named("ILA").majorCode == "ILS")
        #expect(Currency.named("ZAc").majorCode == "ZAR")
        #expect(!Currency.named("usd").isMinorUnit)
    }
}
