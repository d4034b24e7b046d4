import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// The watch screen's layout: sizes, columns, stale rows, header states, narrow windows.
struct WatchTableRendererTests {
    typealias F = WatchFixtures
    let t0 = WatchFixtures.open
    let renderer = WatchTableRenderer(palette: .plain, style: .unicode)
    let newYork = try? ExchangeTimeZone(identifier: "America/New_York")

    func state() -> WatchState {
        var s = WatchState(symbols: ["AAPL", "MSFT", "XXXX"])
        let bars: [(Int64, String)] = [(0, "100"), (3600, "100.5"), (7200, "101.5")]
        _ = s.apply(
            [
                F.ok(
                    F.stock(
                        price: "101.5", lastTrade: t0.adding(seconds: 7200), high: "101.5", low: "100", intraday: bars)),
                F.ok(F.stock("MSFT", price: "49.5", previousClose: "50", lastTrade: t0.adding(seconds: 7190))),
                F.fail("XXXX", .noData(source: "stooq")),
            ],
            now: t0.adding(seconds: 7220), clock: 100)
        return s
    }

    func header(_ h: WatchHeader? = nil) -> WatchHeader {
        h ?? WatchHeader(source: "stooq", lastSuccess: t0.adding(seconds: 7220), nextRefresh: 141.2, zone: newYork)
    }

    func render(_ s: WatchState, _ h: WatchHeader? = nil, columns: Int = 100, rows: Int = 12, clock: Double = 101)
        -> [String]
    {
        let lines = renderer.render(
            state: s, header: header(h), columns: columns, rows: rows, now: t0.adding(seconds: 7250), clock: clock)
        #expect(lines.count == rows)
        for l in lines { #expect(TerminalText.displayWidth(l) == columns, "\(l)") }
        return lines
    }

    @Test func aFullWidthScreen() {
        let lines = render(state())
        #expect(
            lines[0] == "squarestock watch · stooq · updated 11:30:20 EDT · next in 41s"
                + String(repeating: " ", count: 38))
        #expect(
            lines[1].hasPrefix(
                "SYMBOL   PRICE  CHANGE    CHG%      DAY RANGE  DAY             LAST TRADE    AGE  STATUS "))
        // Bars at 09:30, 10:30, 11:30 placed by time over the 09:30-16:00 session.
        #expect(
            lines[2].hasPrefix(
                "AAPL    101.50   +1.50  +1.50%  100.00–101.50  ▁ ▃ █           11:30:00 EDT  50s  open "))
        // No bars: the live price observed at its trade time is the one real point.
        #expect(
            lines[3].hasPrefix(
                "MSFT     49.50   -0.50  -1.00%    49.50–49.50      ▁           11:29:50 EDT   1m  open "))
        #expect(
            lines[4].hasPrefix(
                "XXXX         —       —       —              —                  —               —  error: stooq has…"))
        #expect(lines[5...9].allSatisfy { $0.allSatisfy { $0 == " " } })
        #expect(lines[10].hasPrefix("XXXX: stooq has no quote for this symbol (its answer holds no data for it)"))
        #expect(
            lines[11] == "q quit  r refresh  s sort: your order  p pause" + String(repeating: " ", count: 45)
                + "3 symbols")
    }

    @Test func staleRowsShowAgeAndReasonAndKeepTheirValues() {
        var s = state()
        _ = s.apply([F.fail("AAPL", F.refused), F.fail("MSFT", F.refused)], now: t0.adding(seconds: 7230), clock: 102)
        let lines = render(s)
        #expect(
            lines[2].hasPrefix(
                "AAPL    101.50   +1.50  +1.50%  100.00–101.50  ▁ ▃ █           11:30:00 EDT  50s  stale 30s: could… "))
        #expect(lines[3].contains("  stale 30s: could… "))
        #expect(
            lines[9].hasPrefix(
                "stale since 11:30:30 EDT: AAPL, MSFT (could not connect to 127.0.0.1:9 (Connection refused); the se…"))
        #expect(lines[10].hasPrefix("XXXX: stooq has no quote"))
        // Colour: a stale row is dimmed and its status is a warning.
        let colour = WatchTableRenderer(palette: .colour, style: .unicode)
        let painted = colour.render(
            state: s, header: header(), columns: 100, rows: 12, now: t0.adding(seconds: 7250), clock: 103)
        #expect(painted[2].hasPrefix("\u{1B}[2mAAPL  \u{1B}[0m  \u{1B}[2m101.50\u{1B}[0m"))
        #expect(painted[2].hasSuffix("\u{1B}[33mstale 30s: could… \u{1B}[0m"))
    }

    @Test func headerSaysWhyRefreshesAreHeld() {
        let base = WatchHeader(source: "stooq", lastSuccess: t0, nextRefresh: 130, zone: newYork)
        var h = base
        h.condition = .backingOff(until: 120.5, failures: 3)
        #expect(render(state(), h)[0].contains("source failing (3× in a row), retry in 20s"))
        h.condition = .rateLimited(until: 160, retryAfter: true)
        #expect(render(state(), h)[0].contains("rate limited (Retry-After), retry in 59s"))
        h.paused = true
        #expect(render(state(), h)[0].contains("PAUSED (p resumes)"))
        #expect(render(state(), h)[11].contains("p resume"))
        var r = base
        r.refreshing = true
        #expect(
            render(state(), r)[0].hasSuffix(
                "refreshing…"
                    + String(
                        repeating: " ",
                        count: 100 - TerminalText.displayWidth(render(state(), r)[0].trimmingTrailingSpaces))))
        var never = base
        never.lastSuccess = nil
        #expect(render(state(), never)[0].contains("not updated yet"))
        var replay = base
        replay.replaySpeed = 600
        replay.source = "samples"
        #expect(render(state(), replay)[0].contains("samples (replay ×600)"))
    }

    @Test func narrowWindowsDropTheLeastEssentialColumnsFirst() {
        let wide = render(state(), columns: 100)[1]
        #expect(wide.contains("DAY RANGE") && wide.contains(" DAY ") && wide.contains("LAST TRADE"))
        let medium = render(state(), columns: 80)
        #expect(medium[1].hasPrefix("SYMBOL   PRICE  CHANGE    CHG%      DAY RANGE  LAST TRADE    AGE  STATUS "))
        #expect(medium[2].hasPrefix("AAPL    101.50   +1.50  +1.50%  100.00–101.50  11:30:00 EDT  50s  open "))
        #expect(render(state(), columns: 72)[1].hasPrefix("SYMBOL   PRICE  CHANGE    CHG%  LAST TRADE    AGE  STATUS "))
        #expect(render(state(), columns: 48)[1].hasPrefix("SYMBOL   PRICE  CHANGE    CHG%  AGE  STATUS "))
        let tiny = render(state(), columns: 30)
        #expect(tiny[1] == "SYMBOL   PRICE    CHG%  STATUS")
        #expect(tiny[2] == "AAPL    101.50  +1.50%  open  ")
        #expect(tiny[0] == "stooq · updated 11:30:20 · ne…")  // the program name goes first, then the zone
    }

    @Test func rowsThatDoNotFitAreCounted() {
        var s = WatchState(symbols: (1...20).map { "S\($0)" })
        _ = s.apply((1...20).map { F.ok(F.stock("S\($0)", price: "\($0)")) }, now: t0, clock: 0)
        let lines = render(s, rows: 10)
        #expect(lines[8].hasPrefix("… rows 1–6 of 20, 14 below; ↓/j ↑/k PgDn PgUp scroll"), "\(lines[8])")
        #expect(lines[9].hasPrefix("q quit"))
        // Scrolled: the rows below come into view, and the count says what is above.
        var h = header()
        h.scroll = 10
        let scrolled = render(s, h, rows: 10)
        #expect(scrolled[2].hasPrefix("S11 "), "\(scrolled)")
        #expect(scrolled[8].hasPrefix("… rows 11–16 of 20, 4 below, 10 above;"), "\(scrolled[8])")
        // Past the end: kept at the last page.
        h.scroll = 99
        let last = render(s, h, rows: 10)
        #expect(last[2].hasPrefix("S15 ") && last[7].hasPrefix("S20 "), "\(last)")
    }

    @Test func tinyWindowsNeverBreak() {
        for (c, r) in [(1, 1), (10, 3), (23, 30), (24, 4), (200, 4), (40, 5)] {
            _ = render(state(), columns: c, rows: r)
        }
        #expect(render(state(), columns: 10, rows: 3)[0] == "window to…")
        #expect(renderer.render(state: state(), header: header(), columns: 0, rows: 0, now: t0, clock: 0).isEmpty)
    }

    @Test func flashesAndAlertsAreStyledWithTheWatchPalette() {
        var s = state()
        _ = s.apply(
            [F.ok(F.stock(price: "101.75", lastTrade: t0.adding(seconds: 7240), high: "101.75", low: "100"))],
            now: t0.adding(seconds: 7240), clock: 101)
        s.setActiveAlerts(["AAPL>101"], for: "AAPL")
        let colour = WatchTableRenderer(palette: .colour, style: .unicode)
        let lines = colour.render(
            state: s, header: header(), columns: 100, rows: 12, now: t0.adding(seconds: 7250), clock: 101.5)
        #expect(lines[2].hasPrefix("\u{1B}[30;43mAAPL  \u{1B}[0m"))  // alert highlight
        #expect(lines[2].contains("\u{1B}[30;42m101.75\u{1B}[0m"))  // up flash
        #expect(lines.contains { $0.contains("alert AAPL>101 at 101.75") })
        // After the flash ends the price is bold again.
        let later = colour.render(
            state: s, header: header(), columns: 100, rows: 12, now: t0.adding(seconds: 7250), clock: 103)
        #expect(later[2].contains("\u{1B}[1m101.75\u{1B}[0m"))
    }
}

extension WatchTableRendererTests {
    @Test func theFrameHoldsRolesAndTheTextHoldsTheirCodes() {
        let colour = WatchTableRenderer(palette: .colour, style: .unicode)
        let frame = colour.frame(
            state: state(), header: header(), columns: 100, rows: 12, now: t0.adding(seconds: 7250), clock: 101)
        #expect(frame.width == 100 && frame.height == 12 && frame.rows.allSatisfy { $0.count == 100 })
        #expect(frame.rows[2].prefix(4).map(\.text).joined() == "AAPL")
        #expect(frame.rows[2].prefix(4).allSatisfy { $0.role == .bold })
        #expect(frame.rows.joined().allSatisfy { !$0.text.contains("\u{1B}") })
        #expect(
            frame.lines(palette: .colour)
                == colour.render(
                    state: state(), header: header(), columns: 100, rows: 12,
                    now: t0.adding(seconds: 7250), clock: 101))
        #expect(frame.lines(palette: .plain) == render(state()))
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

/// `watch --portfolio`: held rows show the holding's value at the live price and its gain over
/// the cost; a totals line sums them per currency; unheld rows leave the cells empty.
struct WatchPortfolioColumnsTests {
    @Test func heldRowsShowValueAndGainAndATotalsLine() {
        let base = WatchTableRendererTests()
        var renderer = WatchTableRenderer(palette: .plain, style: .unicode)
        // 32 AAPL bought for 1,202.80 (fees in); at 101.5 they are worth 3,248.00.
        renderer.holdings = [
            "AAPL": WatchHolding(quantity: ExactDecimal("32")!, cost: 120_280, currency: "USD", exponent: 2),
            "MSFT": WatchHolding(quantity: ExactDecimal("0.5")!, cost: 3_000, currency: "USD", exponent: 2),
        ]
        let lines = renderer.render(
            state: base.state(), header: base.header(), columns: 120, rows: 12,
            now: base.t0.adding(seconds: 7250), clock: 101)
        #expect(lines[1].contains("VALUE") && lines[1].contains("GAIN"), "\(lines[1])")
        let aapl = lines.first { $0.hasPrefix("AAPL") } ?? ""
        #expect(aapl.contains("3248.00") && aapl.contains("+2045.20"), "\(aapl)")
        // MSFT: 0.5 × 49.5 = 24.75, a loss of 5.25.
        let msft = lines.first { $0.hasPrefix("MSFT") } ?? ""
        #expect(msft.contains("24.75") && msft.contains("-5.25"), "\(msft)")
        #expect(lines.contains { $0.hasPrefix("holdings: value 3272.75 USD, gain +2039.95 USD") }, "\(lines)")
        #expect(lines.last?.contains("q quit") == true, "the footer stays")
    }

    @Test func valuesRoundOnceToTheCurrencysUnit() {
        let h = WatchHolding(quantity: ExactDecimal("0.1")!, cost: 0, currency: "USD", exponent: 2)
        // 0.1 × 0.149 = 0.0149 → 0.01 (rounding in two steps would give 0.02).
        #expect(h.value(at: ExactDecimal("0.149")!) == 1)
        #expect(h.value(at: ExactDecimal("0.15")!) == 2)
        let yen = WatchHolding(quantity: ExactDecimal("3")!, cost: 0, currency: "JPY", exponent: 0)
        #expect(yen.value(at: ExactDecimal("333.5")!) == 1001)
    }
}

/// A holding priced in pence is valued in pounds; one priced in another currency is not valued,
/// and neither is one the source could not quote: both are named beside the totals.
struct WatchPortfolioPenceTests {
    typealias F = WatchFixtures

    /// The screen of `results` with `holdings`, wide enough for every column.
    static func screen(_ results: [StockResult], holdings: [String: WatchHolding]) -> [String] {
        var s = WatchState(symbols: results.map(\.symbol))
        _ = s.apply(results, now: F.open, clock: 0)
        var renderer = WatchTableRenderer(palette: .plain, style: .unicode)
        renderer.holdings = holdings
        return renderer.render(
            state: s, header: WatchTableRendererTests().header(), columns: 140, rows: 10, now: F.open, clock: 1)
    }

    @Test func penceAreMadePounds() {
        var vod = F.stock("VOD.L", price: "72.0", previousClose: "71")
        vod.currency = Currency.named("GBp")
        let lines = Self.screen(
            [F.ok(vod), F.ok(F.stock(price: "101.5"))],
            holdings: [
                "VOD.L": WatchHolding(quantity: ExactDecimal("100")!, cost: 7_200, currency: "GBP", exponent: 2),
                "AAPL": WatchHolding(quantity: ExactDecimal("1")!, cost: 100, currency: "EUR", exponent: 2),
            ])
        let row = lines.first { $0.hasPrefix("VOD.L") } ?? ""
        #expect(row.contains("72.00") && !row.contains("7200.00"), "100 × 72p = £72.00: \(row)")
        // The EUR holding of AAPL (priced in USD) is not valued, so the totals hold GBP alone,
        // and say they are without it (they read as the whole).
        #expect(lines.contains { $0.hasPrefix("holdings: value 72.00 GBP, gain 0.00 GBP (without AAPL)") }, "\(lines)")
        #expect(!lines.contains { $0.contains("EUR") }, "\(lines)")
    }

    @Test func aHoldingWithoutAQuoteIsNamedBesideTheTotals() {
        let lines = Self.screen(
            [F.ok(F.stock(price: "101.5")), F.fail("BADCO", .unknownSymbol(source: "samples"))],
            holdings: [
                "AAPL": WatchHolding(quantity: ExactDecimal("1")!, cost: 10_000, currency: "USD", exponent: 2),
                "BADCO": WatchHolding(quantity: ExactDecimal("5")!, cost: 5_000, currency: "USD", exponent: 2),
            ])
        #expect(
            lines.contains { $0.hasPrefix("holdings: value 101.50 USD, gain +1.50 USD (without BADCO)") }, "\(lines)")
    }
}

/// `LANG=C` or `--ascii`: the watch screen is ASCII only.
struct WatchASCIITests {
    @Test func theScreenIsASCII() {
        let base = WatchTableRendererTests()
        let renderer = WatchTableRenderer(palette: .plain, style: .ascii)
        let lines = renderer.render(
            state: base.state(), header: base.header(), columns: 100, rows: 12, now: base.t0.adding(seconds: 7250),
            clock: 101)
        for l in lines { #expect(l.unicodeScalars.allSatisfy { $0.isASCII }, "\(l)") }
        #expect(lines[0].hasPrefix("squarestock watch - stooq - updated"), "\(lines[0])")
    }
}

extension WatchTableRendererTests {
    /// The screen shows a price, its change and the day's range at the venue's decimals, like
    /// `quote`: DASH-BTC's 8 (once `0.0062 +0.0002`), and a move in the 7th decimal flashes.
    @Test func pricesAtTheVenuesOwnDecimals() {
        func dash(_ price: String) -> StockResult {
            var s = F.stock("DASH-BTC", price: price, previousClose: "0.00602352", high: "0.00625", low: "0.006")
            s.priceDecimals = 8
            return F.ok(s)
        }
        var s = WatchState(symbols: ["DASH-BTC"])
        _ = s.apply([dash("0.00619345")], now: t0, clock: 100)
        let row = render(s, columns: 120)[2]
        #expect(row.contains("0.00619345  +0.00016993  +2.82%  0.00600000–0.00625000"), "\(row)")
        _ = s.apply([dash("0.00619351")], now: t0.adding(seconds: 5), clock: 200)
        #expect(s.entries["DASH-BTC"]?.flash(.price, at: 200) != nil)
    }
}
