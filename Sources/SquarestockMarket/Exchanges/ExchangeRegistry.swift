import SquarestockCore

/// Every venue squarestock knows, as data, and the lookups sources need: by a source's exchange
/// code (`NMS`), by ticker suffix (`7203.T`), or by id.
///
/// Hours are the regular sessions published by each exchange (see README "Market status").
/// Holidays, half days and one-off closures live in each exchange's `CalendarRules`
/// (`CalendarRegistry`), which take their regular hours from here.
package struct ExchangeRegistry: Sendable {
    package let exchanges: [Exchange]
    private let byCode: [String: Int]
    private let bySuffix: [String: Int]
    private let byID: [String: Int]

    package init(exchanges: [Exchange]) {
        self.exchanges = exchanges
        var codes: [String: Int] = [:]
        var suffixes: [String: Int] = [:]
        var ids: [String: Int] = [:]
        for (i, e) in exchanges.enumerated() {
            ids[e.id.uppercased()] = i
            for c in e.sourceCodes where codes[c.uppercased()] == nil { codes[c.uppercased()] = i }
            if let s = e.yahooSuffix { suffixes[s.uppercased()] = i }
        }
        byCode = codes
        bySuffix = suffixes
        byID = ids
    }

    package func exchange(id: String) -> Exchange? { byID[id.uppercased()].map { exchanges[$0] } }

    /// The venue a source names with this code (`NMS`, `NasdaqGS`, `PAR`, `LSE`).
    package func exchange(sourceCode: String) -> Exchange? {
        let key = sourceCode.trimmingSpaces.uppercased()
        return byCode[key].map { exchanges[$0] }
    }

    /// The venue implied by a Yahoo-style ticker: its suffix, or the US market for a bare ticker.
    package func exchange(forSymbol symbol: String) -> Exchange? {
        if Self.isBareTicker(symbol) { return exchange(id: "US") }
        let s = symbol.uppercased()
        if s.hasSuffix("-USD") || s.hasSuffix("-EUR") || s.hasSuffix("-GBP") { return exchange(id: "CRYPTO") }
        if s.hasSuffix("=X") { return exchange(id: "FX") }
        if s.hasPrefix("^") || s.hasSuffix("=F") { return nil }
        guard let dot = s.lastIndex(of: ".") else { return exchange(id: "US") }
        let suffix = s[s.index(after: dot)...]
        if let i = bySuffix[String(suffix)] { return exchanges[i] }
        // The dotted forms of the US symbol directory, as `search` shows them: a class, unit or
        // right ends in one letter (`BRK.B`, `ACAH.U`, `GAB.R`), a warrant in `WS` (`AAM.WS`,
        // `NE.WS.A`), a when-issued listing in `WI` (`XYZ.WI`, `JGH.R.WI`). Any other suffix
        // (`NPN.JO`, `RELIANCE.NS`) is a venue squarestock has no hours for, so it claims none
        // rather than New York's.
        let oneLetter = suffix.utf8.count == 1 && suffix.utf8.allSatisfy { $0 >= 65 && $0 <= 90 }
        if oneLetter || suffix == "WS" || suffix == "WI" { return exchange(id: "US") }
        return nil
    }

    /// Letters and digits only (`AAPL`, `brk`, `7203`): a ticker none of `exchange(forSymbol:)`'s
    /// rules looks into (no suffix, no `^`, `=` or `-`), so every bare ticker has the same venue,
    /// the US market, and a reader that has looked one up knows them all.
    @inlinable
    package static func isBareTicker(_ symbol: String) -> Bool {
        // The bytes in place (a reader asks per line); a string without contiguous UTF-8 (a
        // bridged one) is walked the slow way.
        symbol.utf8.withContiguousStorageIfAvailable { !$0.isEmpty && $0.allSatisfy(ASCIIBytes.isLetterOrDigit) }
            ?? (!symbol.isEmpty && symbol.utf8.allSatisfy(ASCIIBytes.isLetterOrDigit))
    }

    package static let standard = ExchangeRegistry(exchanges: standardExchanges)
}

private func always(_ h: TradingHours) -> [DatedTradingHours] {
    [DatedTradingHours(from: CivilDate(year: 1900, month: 1, day: 1), hours: h)]
}

private let usHours = TradingHours(open: "09:30", close: "16:00", pre: "04:00", post: "20:00")
private let usd = Currency(code: "USD")

private let standardExchanges: [Exchange] = [
    Exchange(
        id: "US", name: "NYSE/Nasdaq", timeZone: "America/New_York", hours: always(usHours), currency: usd,
        sourceCodes: [], yahooSuffix: nil, stooqSuffix: "us"),
    // US indices (^GSPC, ^DJI, ^IXIC, ^VIX) follow the US session; Yahoo names their venues so.
    Exchange(
        id: "US-INDEX", name: "US index", timeZone: "America/New_York",
        hours: always(TradingHours(open: "09:30", close: "16:00")), currency: usd,
        sourceCodes: ["SNP", "DJI", "NIM", "CGI", "WCB", "NYB", "Cboe Indices", "DJI Indices", "Nasdaq GIDS"],
        yahooSuffix: nil, stooqSuffix: nil),
    Exchange(
        id: "XNYS", name: "NYSE", timeZone: "America/New_York", hours: always(usHours), currency: usd,
        sourceCodes: ["NYQ", "NYSE", "NYS", "New York Stock Exchange"], yahooSuffix: nil, stooqSuffix: "us"),
    Exchange(
        id: "XNAS", name: "Nasdaq", timeZone: "America/New_York", hours: always(usHours), currency: usd,
        sourceCodes: [
            "NMS", "NGM", "NCM", "NAS", "NASDAQ", "NasdaqGS", "NasdaqGM", "NasdaqCM", "NasdaqNM", "NASDAQ/NGS",
        ],
        yahooSuffix: nil, stooqSuffix: "us"),
    Exchange(
        id: "XASE", name: "NYSE American", timeZone: "America/New_York", hours: always(usHours), currency: usd,
        sourceCodes: ["ASE", "AMEX", "NYSE American", "NYSEAmerican", "NYSE MKT"], yahooSuffix: nil, stooqSuffix: "us"),
    Exchange(
        id: "ARCX", name: "NYSE Arca", timeZone: "America/New_York", hours: always(usHours), currency: usd,
        sourceCodes: ["PCX", "NYSEArca", "NYSE Arca", "ARCA"], yahooSuffix: nil, stooqSuffix: "us"),
    Exchange(
        id: "BATS", name: "Cboe BZX", timeZone: "America/New_York", hours: always(usHours), currency: usd,
        sourceCodes: ["BTS", "BATS", "Cboe BZX", "CBOE", "BZX"], yahooSuffix: nil, stooqSuffix: "us"),
    Exchange(
        id: "XLON", name: "London Stock Exchange", timeZone: "Europe/London",
        hours: always(TradingHours(open: "08:00", close: "16:30")), currency: Currency.named("GBX"),
        sourceCodes: ["LSE", "London", "LON", "IOB"], yahooSuffix: "L", stooqSuffix: "uk"),
    Exchange(
        id: "XETR", name: "Xetra", timeZone: "Europe/Berlin",
        hours: always(TradingHours(open: "09:00", close: "17:30")), currency: Currency(code: "EUR"),
        sourceCodes: ["GER", "XETRA", "DEX", "ETR"], yahooSuffix: "DE", stooqSuffix: "de"),
    Exchange(
        id: "XPAR", name: "Euronext Paris", timeZone: "Europe/Paris",
        hours: always(TradingHours(open: "09:00", close: "17:30")), currency: Currency(code: "EUR"),
        sourceCodes: ["PAR", "Paris", "ENXTPA"], yahooSuffix: "PA", stooqSuffix: nil),
    Exchange(
        id: "XAMS", name: "Euronext Amsterdam", timeZone: "Europe/Amsterdam",
        hours: always(TradingHours(open: "09:00", close: "17:30")), currency: Currency(code: "EUR"),
        sourceCodes: ["AMS", "Amsterdam", "ENXTAM"], yahooSuffix: "AS", stooqSuffix: nil),
    Exchange(
        id: "XSWX", name: "SIX Swiss Exchange", timeZone: "Europe/Zurich",
        hours: always(TradingHours(open: "09:00", close: "17:30")), currency: Currency(code: "CHF"),
        sourceCodes: ["EBS", "VTX", "SWX", "SIX", "Swiss"], yahooSuffix: "SW", stooqSuffix: nil),
    Exchange(
        id: "XTKS", name: "Tokyo Stock Exchange", timeZone: "Asia/Tokyo",
        hours: [
            // Morning session to 11:00 until the 2011-11-21 extension, close 15:30 from 2024-11-05.
            DatedTradingHours(
                from: CivilDate(year: 1900, month: 1, day: 1),
                hours: TradingHours(open: "09:00", close: "15:00", lunch: ("11:00", "12:30"))),
            DatedTradingHours(
                from: CivilDate(year: 2011, month: 11, day: 21),
                hours: TradingHours(open: "09:00", close: "15:00", lunch: ("11:30", "12:30"))),
            DatedTradingHours(
                from: CivilDate(year: 2024, month: 11, day: 5),
                hours: TradingHours(open: "09:00", close: "15:30", lunch: ("11:30", "12:30"))),
        ],
        currency: Currency(code: "JPY"), sourceCodes: ["JPX", "TYO", "Tokyo", "TSE"], yahooSuffix: "T",
        stooqSuffix: "jp"),
    Exchange(
        id: "XHKG", name: "Hong Kong Exchanges", timeZone: "Asia/Hong_Kong",
        hours: [
            // HKEX's 2011-2012 trading-hours extension in two phases.
            DatedTradingHours(
                from: CivilDate(year: 1900, month: 1, day: 1),
                hours: TradingHours(open: "10:00", close: "16:00", lunch: ("12:30", "14:30"))),
            DatedTradingHours(
                from: CivilDate(year: 2011, month: 3, day: 7),
                hours: TradingHours(open: "09:30", close: "16:00", lunch: ("12:00", "13:30"))),
            DatedTradingHours(
                from: CivilDate(year: 2012, month: 3, day: 5),
                hours: TradingHours(open: "09:30", close: "16:00", lunch: ("12:00", "13:00"))),
        ],
        currency: Currency(code: "HKD"),
        sourceCodes: ["HKG", "HKSE", "HKEX"], yahooSuffix: "HK", stooqSuffix: "hk"),
    Exchange(
        id: "XSES", name: "Singapore Exchange", timeZone: "Asia/Singapore",
        hours: always(TradingHours(open: "09:00", close: "17:00")), currency: Currency(code: "SGD"),
        sourceCodes: ["SES", "SGX", "Singapore"], yahooSuffix: "SI", stooqSuffix: nil),
    Exchange(
        id: "XASX", name: "ASX", timeZone: "Australia/Sydney",
        hours: always(TradingHours(open: "10:00", close: "16:00")), currency: Currency(code: "AUD"),
        sourceCodes: ["ASX", "AX"], yahooSuffix: "AX", stooqSuffix: nil),
    Exchange(
        id: "XTSE", name: "Toronto Stock Exchange", timeZone: "America/Toronto",
        hours: always(TradingHours(open: "09:30", close: "16:00")), currency: Currency(code: "CAD"),
        sourceCodes: ["TOR", "TSX", "Toronto"], yahooSuffix: "TO", stooqSuffix: nil),
    {
        var crypto = Exchange(
            id: "CRYPTO", name: "Crypto (24/7)", timeZone: "UTC", hours: always(.continuous), currency: usd,
            sourceCodes: ["CCC", "CCY-CRYPTO"], yahooSuffix: nil, stooqSuffix: nil)
        crypto.tradesWeekends = true
        return crypto
    }(),
    Exchange(
        id: "FX", name: "FX (24/5)", timeZone: "Europe/London", hours: always(.continuous), currency: usd,
        sourceCodes: ["CCY"], yahooSuffix: nil, stooqSuffix: nil),
]
