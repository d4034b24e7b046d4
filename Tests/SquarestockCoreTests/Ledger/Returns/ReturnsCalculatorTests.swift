import Foundation
import Testing

@testable import SquarestockCore

/// The returns of a small portfolio worked by hand: two deposits (one in euros), a purchase with
/// a fee, a purchase in euros, a 2:1 split, a dividend with tax withheld and a withdrawal; every
/// figure below is computed in the comments.
struct ReturnsCalculatorTests {
    /// 2024-01-02 deposit 10,000 USD; buy 100 AAA at 50 with a fee of 10.
    /// 2024-01-03 deposit 1,000 EUR (at that day's close of EURUSD, 1.10: 1,100 USD); buy 10 BBB
    ///            at 100 EUR (rate recorded 1.10).
    /// 2024-01-04 AAA splits 2:1.
    /// 2024-01-05 AAA pays 100 USD, 15 withheld; withdraw 1,000 USD.
    static let entries: [JournalEntry] = [
        JournalEntry(id: 1, kind: .deposit, date: day(2), currency: "USD", amount: 1_000_000),
        JournalEntry(
            id: 2, kind: .buy, date: day(2), symbol: "AAA", quantity: x("100"), price: x("50"), currency: "USD",
            amount: 500_000, fee: 1_000),
        JournalEntry(id: 3, kind: .deposit, date: day(3), currency: "EUR", amount: 100_000),
        JournalEntry(
            id: 4, kind: .buy, date: day(3), symbol: "BBB", quantity: x("10"), price: x("100"), currency: "EUR",
            amount: 100_000, fxRate: x("1.10")),
        JournalEntry(
            id: 5, kind: .split, date: day(4), symbol: "AAA", currency: "USD", splitNumerator: 2, splitDenominator: 1),
        JournalEntry(
            id: 6, kind: .dividend, date: day(5), symbol: "AAA", currency: "USD", amount: 10_000, withheld: 1_500),
        JournalEntry(id: 7, kind: .withdraw, date: day(5), currency: "USD", amount: 100_000),
    ]

    static let closes: [DailyClose] = [
        close("AAA", 2, "51"), close("AAA", 3, "52"), close("AAA", 4, "26.5"), close("AAA", 5, "27"),
        close("BBB", 3, "100", "EUR"), close("BBB", 4, "102", "EUR"), close("BBB", 5, "105", "EUR"),
        close("EURUSD=X", 2, "1.10"), close("EURUSD=X", 3, "1.10"), close("EURUSD=X", 4, "1.12"),
        close("EURUSD=X", 5, "1.15"),
        close("IDX", 1, "100"), close("IDX", 2, "100"), close("IDX", 3, "110"), close("IDX", 4, "105"),
        close("IDX", 5, "120"),
    ]

    static func report(benchmark: Bool = true, byHolding: Bool = false) throws -> ReturnsReport {
        let prices = PriceBook(closes: closes, entries: PortfolioBook.effective(entries), base: "USD")
        return try ReturnsCalculator.report(
            .init(
                portfolio: "main", base: "USD", from: nil, to: day(5),
                benchmark: benchmark ? ("IDX", "USD") : nil, byHolding: byHolding, explain: true),
            entries: entries, method: .fifo, prices: prices)
    }

    /// The report of `entries` valued at `closes` through day `to`, in USD, FIFO, as the smaller
    /// cases below ask it.
    static func report(
        _ entries: [JournalEntry], closes: [DailyClose], to: Int, benchmark: String? = nil, explain: Bool = false
    ) throws -> ReturnsReport {
        try ReturnsCalculator.report(
            .init(
                portfolio: "p", base: "USD", from: nil, to: day(to), benchmark: benchmark.map { ($0, "USD") },
                byHolding: false, explain: explain),
            entries: entries, method: .fifo, prices: PriceBook(closes: closes, entries: entries, base: "USD"))
    }

    /// Values at each close (cash + holdings, USD):
    /// 01-02: cash 10,000 - 5,010 = 4,990; AAA 100 x 51 = 5,100; V = 10,090; flow +10,000.
    /// 01-03: BBB 10 x 100 EUR x 1.10 = 1,100; AAA 100 x 52 = 5,200; V = 11,290; flow +1,100.
    /// 01-04: AAA 200 x 26.5 = 5,300; BBB 1,020 EUR x 1.12 = 1,142.40; V = 11,432.40.
    /// 01-05: cash 4,990 + 85 - 1,000 = 4,075; AAA 200 x 27 = 5,400; BBB 1,050 EUR x 1.15 =
    ///        1,207.50; V = 10,682.50; flow -1,000.
    @Test func theValuesAndTheTimeWeightedReturn() throws {
        let r = try Self.report()
        #expect(r.timeline.days.map(\.value) == [1_009_000, 1_129_000, 1_143_240, 1_068_250])
        #expect(r.timeline.days.map(\.flow) == [1_000_000, 110_000, 0, -100_000])
        // Growths: (10,090 - 4,990) / 5,010 (a first day: of the 10,000 paid in, the 5,010 bought
        // works from the day's start, the 4,990 kept as cash from its close); 11,290 / (10,090 +
        // 1,100) (the 1,100 paid in was invested that day); 11,432.40 / 11,290; (10,682.50 +
        // 1,000) / 11,432.40 (money taken out, until the close). Their product telescopes to
        // 5,100 / 5,010 x 11,682.50 / 11,190.
        let expected = 5_100.0 / 5_010.0 * (11_682.5 / 11_190.0) - 1
        #expect(abs((r.total.timeWeighted ?? 0) - expected) < 1e-12)
        #expect(!r.isAnnualized && r.periodDays == 4)
    }

    /// The owner paid 10,000 on day 1, of which the 5,010 invested that day counts from the close
    /// before (day 0) and the 4,990 kept as cash from day 1, and 1,100 on day 2, all invested
    /// (day 1), and took 1,000 on day 4, with 10,682.50 left on day 4 (days since 2024-01-01):
    /// the rate balancing them (checked here by its own definition, and by scipy in the
    /// cross-check) is the g with 5,010 g^4 + 6,090 g^3 = 11,682.50, a period return g^4 - 1 of
    /// 6.103625 %.
    @Test func theMoneyWeightedReturnBalancesTheFlows() throws {
        let r = try Self.report()
        #expect(
            r.total.cashFlows == [
                .init(day: 0, amount: -5_010_00), .init(day: 1, amount: -4_990_00), .init(day: 1, amount: -1_100_00),
                .init(day: 4, amount: 1_000_00), .init(day: 4, amount: 10_682_50),
            ])
        guard case .rate(let period, let annual) = r.total.moneyWeighted else {
            Issue.record("\(r.total.moneyWeighted)")
            return
        }
        #expect(abs(period - 0.06103624930014351) < 1e-9)
        let npv = r.total.cashFlows.reduce(0.0) { $0 + $1.amount * pow1p(annual, -Double($1.day) / 365) }
        #expect(abs(npv) < 1e-6)
    }

    /// Gain = 10,682.50 - 0 - (10,000 + 1,100 - 1,000) = 582.50, of which: dividends 85.00 (net);
    /// fees -10.00; currency: BBB's 1,020 EUR from 1.10 to 1.12 (+20.40) and 1,050 EUR from 1.12
    /// to 1.15 (+31.50) = 51.90; prices: AAA 5,000 -> 5,400 (+400) and BBB's +20 EUR at 1.10
    /// (22.00) and +30 EUR at 1.12 (33.60) = 455.60. They add up to 582.50.
    @Test func theGainSplitAddsUp() throws {
        let s = try Self.report().split
        #expect(s.total == 58_250)
        #expect(s.dividends == 8_500)
        #expect(s.fees == -1_000)
        #expect(s.currency == 5_190)
        #expect(s.price == 45_560)
        #expect(s.price + s.dividends + s.fees + s.currency == s.total)
    }

    /// The same money in IDX: 10,000 at 100 (100 units), 1,100 at 110 (10), -1,000 at 120
    /// (-8.33333333): 101.66666667 units, worth 12,200.00 at 120; its own price went 100 -> 120.
    @Test func theBenchmarkBuysWithTheSameMoney() throws {
        let b = try #require(try Self.report().benchmark)
        #expect(b.units == ExactDecimal("101.66666667"))
        #expect(b.endValue == 1_220_000)
        #expect(abs(b.timeWeighted - 0.2) < 1e-15)
        guard case .rate = b.moneyWeighted else {
            Issue.record("\(b.moneyWeighted)")
            return
        }
    }

    /// 1,000 paid in and put in AAA, which triples; 2,500 taken out. The same money in IDX (flat
    /// at 100) holds 10 units, worth 1,000: it sells those and no more (never -15 units), and a
    /// note says its flows are its own from then on.
    @Test func aBenchmarkThatRunsOutSellsWhatItHasAndSaysSo() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: day(2), currency: "USD", amount: 100_000),
            trade(.buy, 2, 2, "AAA", "10", "100"),
            trade(.sell, 3, 4, "AAA", "10", "300"),
            JournalEntry(id: 4, kind: .withdraw, date: day(4), currency: "USD", amount: 250_000),
        ]
        let closes = [close("AAA", 3, "200"), close("IDX", 1, "100"), close("IDX", 4, "100")]
        let r = try Self.report(entries, closes: closes, to: 4, benchmark: "IDX")
        let b = try #require(r.benchmark)
        #expect(b.units == x("0") && b.endValue == 0)
        #expect(b.trades.map(\.flow) == [100_000, -100_000])
        #expect(b.ranOut == day(4))
        #expect(r.notes.contains { $0.contains("the same money in IDX had less than was taken out") })
    }

    /// A benchmark the journal has a split of is counted in the shares its end price is of: the
    /// same 1,000 in ABC at 100 are 40 shares at 25 after its 4:1 split, no loss (not -75 %).
    @Test func aBenchmarkWithASplitInTheJournalCountsItsShares() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: day(2), currency: "USD", amount: 100_000),
            trade(.buy, 2, 2, "ABC", "10", "100"),
            JournalEntry(
                id: 3, kind: .split, date: day(5), symbol: "ABC", currency: "USD", splitNumerator: 4,
                splitDenominator: 1),
        ]
        let closes = [close("ABC", 1, "100"), close("ABC", 2, "100"), close("ABC", 6, "25")]
        let r = try Self.report(entries, closes: closes, to: 6, benchmark: "ABC")
        let b = try #require(r.benchmark)
        #expect(b.units == x("40") && b.endValue == 100_000)
        #expect(abs(b.timeWeighted) < 1e-15)
        #expect(abs(r.total.timeWeighted ?? 1) < 1e-15)
    }

    /// AAA: in 5,010 then out 85 (the dividend), worth 5,400 at the end: gain 475.
    @Test func eachHoldingHasItsOwnReturns() throws {
        let r = try Self.report(benchmark: false, byHolding: true)
        let aaa = try #require(r.holdings.first { $0.symbol == "AAA" })
        #expect(aaa.figures.netFlows == 501_000 - 8_500)
        #expect(aaa.figures.endValue == 540_000)
        #expect(aaa.figures.gain == 47_500)
        // 5,100 / 5,010; 5,200 / 5,100; 5,300 / 5,200; (5,400 + 85) / 5,300.
        let expected = 5_100.0 / 5_010 * (5_200.0 / 5_100) * (5_300.0 / 5_200) * (5_485.0 / 5_300) - 1
        #expect(abs((aaa.figures.timeWeighted ?? 0) - expected) < 1e-12)
    }

    /// A split-adjusted close of a day before the split, fetched after it, is multiplied back
    /// by the split; one fetched before the split is as traded already.
    @Test func adjustedClosesAreTakenBackToAsTraded() {
        let split = JournalEntry(
            id: 1, kind: .split, date: day(10), symbol: "AAA", currency: "USD", splitNumerator: 4, splitDenominator: 1)
        let after = DailyClose(
            symbol: "AAA", date: day(5), close: x("25"), currency: "USD", source: "yahoo",
            fetched: Instant(secondsSinceEpoch: 1_706_000_000), splitAdjusted: true)
        var before = after
        before.fetched = Instant(secondsSinceEpoch: 1_704_700_000)  // 2024-01-08
        let book = PriceBook(closes: [after], entries: [split], base: "USD")
        #expect(book.price(of: "AAA", currency: "USD", on: day(6))?.value == x("100"))
        let early = PriceBook(closes: [before], entries: [split], base: "USD")
        #expect(early.price(of: "AAA", currency: "USD", on: day(6))?.value == x("25"))
        // Valuing a share held on or after the split, either close is of the new shares.
        #expect(book.price(of: "AAA", currency: "USD", on: day(10))?.value == x("25"))
        #expect(early.price(of: "AAA", currency: "USD", on: day(11))?.value == x("6.25"))
    }

    /// With no deposits or withdrawals, purchases are money paid in and dividends money taken
    /// out: buy 10 at 100 on 01-02 (close 100), close 110 on 01-03, dividend 5 on 01-03.
    @Test func aLedgerWithoutCashCountsTradesAsFlows() throws {
        let entries = [
            trade(.buy, 1, 2, "AAA", "10", "100"),
            JournalEntry(id: 2, kind: .dividend, date: day(3), symbol: "AAA", currency: "USD", amount: 500),
        ]
        let r = try Self.report(entries, closes: [close("AAA", 2, "100"), close("AAA", 3, "110")], to: 3)
        #expect(!r.cashBased)
        #expect(r.timeline.flows.map(\.base) == [100_000, -500])
        // (1,100 + 5) / 1,000.
        #expect(abs((r.total.timeWeighted ?? 0) - 0.105) < 1e-12)
        #expect(r.split.total == 10_500 && r.split.dividends == 500 && r.split.price == 10_000)
    }

    /// A price from before a split values the new shares divided by it: 10 bought at 100 on
    /// 01-02 (a manual close of 100 on 01-03), split 4:1 on 01-10, no price since. The 40
    /// shares are worth 40 x 25 = 1,000 on 01-20, as the 10 were: no gain, no return.
    @Test func aPriceFromBeforeASplitIsDividedByIt() throws {
        let entries = [
            trade(.buy, 1, 2, "FOO", "10", "100"),
            JournalEntry(
                id: 2, kind: .split, date: day(10), symbol: "FOO", currency: "USD", splitNumerator: 4,
                splitDenominator: 1),
        ]
        let r = try Self.report(entries, closes: [close("FOO", 3, "100")], to: 20, explain: true)
        #expect(r.timeline.days.map(\.value) == [100_000, 100_000, 100_000, 100_000])
        #expect(abs(r.total.timeWeighted ?? 1) < 1e-15)
        #expect(r.split.total == 0 && r.split.price == 0)
        let last = try #require(r.timeline.days.last?.holdings.first)
        #expect(last.quantity == x("40") && last.price.value == x("25"))
        #expect(last.price.date == day(3) && last.price.source == "manual (split-adjusted)")
        // The day before the split still values the old shares at the close as it was.
        let before = try #require(r.timeline.days.first { $0.date == day(3) }?.holdings.first)
        #expect(before.quantity == x("10") && before.price.value == x("100") && before.price.source == "manual")
    }

    /// Money paid in works from the start of its day: a cent on 01-01, then 10,000 paid in on
    /// 01-02 and 100 bought at 100 that closed at 101. The day's growth is 10,100.01 / 10,000.01,
    /// about 1 %, not the cent's (10,100.01 - 10,000) / 0.01, which is 10,001x.
    @Test func moneyPaidInBesideASmallBalanceIsNotCreditedWithItsGrowth() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: day(1), currency: "USD", amount: 1),
            JournalEntry(id: 2, kind: .deposit, date: day(2), currency: "USD", amount: 1_000_000),
            trade(.buy, 3, 2, "QQQ", "100", "100"),
        ]
        let r = try Self.report(entries, closes: [close("QQQ", 2, "101")], to: 2)
        #expect(r.timeline.days.map(\.value) == [1, 1_010_001])
        let expected = 1_010_001.0 / 1_000_001.0 - 1
        #expect(abs((r.total.timeWeighted ?? 0) - expected) < 1e-12)
    }

    /// An average-cost pool bought at two rates: 10 SAP at 100 EUR when 1 EUR was 1 USD, 10 more
    /// at 100 EUR at 2 USD, then 10 sold at 100 EUR at 2 USD. The pool cost 1,000 + 2,000 =
    /// 3,000 USD for its 2,000 EUR: the half sold has a basis of 1,500 USD (not 1,000 at the
    /// first purchase's rate), proceeds of 2,000 USD, a gain of 500.
    @Test func anAveragePoolsBasisInTheBaseIsOfEachPurchasesRate() throws {
        func trade(_ id: Int64, _ kind: EntryKind, _ d: Int, rate: String) -> JournalEntry {
            JournalEntry(
                id: id, kind: kind, date: day(d), symbol: "SAP", quantity: x("10"), price: x("100"), currency: "EUR",
                amount: 100_000, fxRate: x(rate))
        }
        let entries = [trade(1, .buy, 2, rate: "1.0"), trade(2, .buy, 3, rate: "2.0"), trade(3, .sell, 4, rate: "2.0")]
        let book = try PortfolioBook(entries: entries, method: .average)
        let prices = PriceBook(closes: [], entries: entries, base: "USD")
        let lots = try RealizedLot.of(book.disposals, base: "USD", prices: prices, entries: entries, method: .average)
        #expect(lots.count == 1)
        #expect(lots.first?.basis == 100_000 && lots.first?.baseBasis == 150_000)
        #expect(lots.first?.baseProceeds == 200_000 && lots.first?.baseGain == 50_000)
        #expect(lots.first?.acquiredRate.value == x("1.5"))
        // Sold whole later, the rest of the pool takes the rest of its cost in USD.
        let all = entries + [trade(4, .sell, 5, rate: "2.0")]
        let rest = try RealizedLot.of(
            try PortfolioBook(entries: all, method: .average).disposals, base: "USD", prices: prices, entries: all,
            method: .average)
        #expect(rest.map(\.baseBasis) == [150_000, 150_000])
    }

    /// The probe's case: 10 FXA bought at 100 EUR at 1.2 and sold at 110 EUR at 1.3, the rates
    /// recorded with the trades. Closes of EURUSD stored for both days (1.09, 1.085) must not
    /// replace them: basis 1,200.00, proceeds 1,430.00, gain 230.00 USD (it said 103.50).
    @Test func aTradesRecordedRateOutranksTheDaysClose() throws {
        func trade(_ id: Int64, _ kind: EntryKind, _ d: Int, price: String, rate: String) -> JournalEntry {
            JournalEntry(
                id: id, kind: kind, date: day(d), symbol: "FXA", quantity: x("10"), price: x(price), currency: "EUR",
                amount: Int64(price)! * 1_000, fxRate: x(rate))
        }
        let entries = [trade(1, .buy, 2, price: "100", rate: "1.2"), trade(2, .sell, 4, price: "110", rate: "1.3")]
        let closes = [close("EURUSD=X", 2, "1.09"), close("EURUSD=X", 4, "1.085")]
        let prices = PriceBook(closes: closes, entries: entries, base: "USD")
        let book = try PortfolioBook(entries: entries, method: .fifo)
        let lots = try RealizedLot.of(book.disposals, base: "USD", prices: prices, entries: entries)
        #expect(lots.map(\.baseBasis) == [120_000] && lots.map(\.baseProceeds) == [143_000])
        #expect(lots.map(\.acquiredRate.source) == ["trade"] && lots.map(\.soldRate.value) == [x("1.3")])
        // Without recorded rates the closes serve.
        let bare = entries.map { e in
            var e = e
            e.fxRate = nil
            return e
        }
        let closed = try RealizedLot.of(
            book.disposals, base: "USD", prices: PriceBook(closes: closes, entries: bare, base: "USD"), entries: bare)
        #expect(closed.map(\.baseGain) == [119_350 - 109_000])
    }

    /// A sale of two lots converted as a whole: 1,317.00 EUR at 1.05 is 1,382.85 USD; its parts,
    /// 1,097.50 and 219.50 EUR, converted one by one round to 1,152.38 + 230.48 = 1,382.86.
    @Test func aSalesPartsAddUpToTheSaleInTheBase() throws {
        let entries = [
            JournalEntry(
                id: 1, kind: .buy, date: day(1), symbol: "RL", quantity: x("10"), price: x("100"), currency: "EUR",
                amount: 100_000, fxRate: x("1.08")),
            JournalEntry(
                id: 2, kind: .buy, date: day(2), symbol: "RL", quantity: x("5"), price: x("90"), currency: "EUR",
                amount: 45_000, fxRate: x("1.10")),
            JournalEntry(
                id: 3, kind: .sell, date: day(4), symbol: "RL", quantity: x("12"), price: x("110"),
                currency: "EUR", amount: 132_000, fee: 300, fxRate: x("1.05")),
        ]
        let book = try PortfolioBook(entries: entries, method: .fifo)
        let lots = try RealizedLot.of(
            book.disposals, base: "USD", prices: PriceBook(closes: [], entries: entries, base: "USD"),
            entries: entries)
        #expect(lots.map(\.proceeds) == [109_750, 21_950])
        #expect(lots.map(\.baseProceeds).reduce(0, +) == 138_285)
    }

    /// The probe's case: 200 paid in, 1,000 spent on 10 NEGV on 01-02; it closes at 70 on 01-03
    /// (value 700 - 800 = -100) and 100 on 01-04 (200). A day below nothing has no growth: the
    /// chain made -0.5 of 01-03 and reported -150 %; now there is no time-weighted return, and a
    /// note names the day.
    @Test func aValueBelowNothingLeavesNoTimeWeightedReturn() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: day(2), currency: "USD", amount: 20_000),
            trade(.buy, 2, 2, "NEGV", "10", "100"),
        ]
        let r = try Self.report(entries, closes: [close("NEGV", 3, "70"), close("NEGV", 4, "100")], to: 4)
        #expect(r.timeline.days.map(\.value) == [20_000, -10_000, 20_000])
        #expect(r.total.timeWeighted == nil)
        #expect(r.total.timeWeightedCaveat == .belowNothing(day(3)))
        #expect(
            r.notes.contains {
                $0.hasPrefix(
                    "no time-weighted return: on 2024-01-03 the portfolio lost more than it held at the day's start")
            })
    }

    /// A purchase recorded a day before the deposit that paid for it (10 X at 100 and a 1.00
    /// fee on 01-02, 1,001 paid in on 01-03): the value is -1.00 for a day. Those days are left
    /// out and said, and the return is still there: 01-04's +10 %.
    @Test func aPurchaseBeforeItsDepositLeavesItsDaysOut() throws {
        var buy = trade(.buy, 1, 2, "X", "10", "100")
        buy.fee = 100
        let entries = [buy, JournalEntry(id: 2, kind: .deposit, date: day(3), currency: "USD", amount: 100_100)]
        let closes = [close("X", 2, "100"), close("X", 3, "100"), close("X", 4, "110")]
        let r = try Self.report(entries, closes: closes, to: 4)
        #expect(r.timeline.days.map(\.value) == [-100, 100_000, 110_000])
        #expect(abs((r.total.timeWeighted ?? 0) - 0.10) < 1e-12, "\(String(describing: r.total.timeWeighted))")
        #expect(r.total.timeWeightedCaveat == .unmeasured(first: day(2), days: 1, gain: -100))
    }

    /// 10 DY bought and sold at 100 (01-01, 01-03), then a dividend of 12.34 on 01-10 with
    /// nothing held: that day has no growth, so the 0.00 % leaves its gain out, and says so.
    @Test func aGainOnADayThatBeganWithNothingIsNamed() throws {
        let entries = [
            trade(.buy, 1, 1, "DY", "10", "100"), trade(.sell, 2, 3, "DY", "10", "100"),
            JournalEntry(id: 3, kind: .dividend, date: day(10), symbol: "DY", currency: "USD", amount: 1_234),
        ]
        let r = try Self.report(entries, closes: [], to: 10)
        #expect(r.total.gain == 1_234)
        #expect(abs(r.total.timeWeighted ?? 1) < 1e-12)
        #expect(r.total.timeWeightedCaveat == .unmeasured(first: day(10), days: 1, gain: 1_234))
        #expect(
            r.notes.contains {
                $0.hasPrefix(
                    "the time-weighted return leaves out 1 day (2024-01-10) that began with nothing held (or less), and their gain of +12.34 USD"
                )
            }, "\(r.notes)")
    }

    /// The probe's case: 10 FB4 bought at 100 on 01-01 and sold at 110 on 01-05, the period
    /// running to 01-31. The money made 10 % while it was in; the period's money-weighted return
    /// said +34,000 % (the five days' rate compounded over the month after the money left).
    @Test func theMoneyWeightedReturnEndsWithTheLastMoneyTakenOut() throws {
        let entries = [trade(.buy, 1, 1, "FB4", "10", "100"), trade(.sell, 2, 5, "FB4", "10", "110")]
        let r = try Self.report(entries, closes: [], to: 31)
        guard case .rate(let period, let annual) = r.total.moneyWeighted else {
            Issue.record("\(r.total.moneyWeighted)")
            return
        }
        #expect(abs(period - 0.10) < 1e-12, "\(period)")
        #expect(abs(annual - (pow1p(0.10, 365.0 / 5) - 1)) < 1e-9 * annual, "\(annual)")
        // A benchmark given the same flows keeps units the portfolio sold (IDX 100, then 120:
        // 1,100 takes 9.17 of its 10 units): its period return is over the portfolio's five
        // days too, or the two would not compare.
        let later = [trade(.buy, 1, 2, "FB4", "10", "100"), trade(.sell, 2, 6, "FB4", "10", "110")]
        let closes = [close("IDX", 1, "100"), close("IDX", 6, "120"), close("IDX", 31, "120")]
        let withIDX = try Self.report(later, closes: closes, to: 31, benchmark: "IDX")
        let b = try #require(withIDX.benchmark, "\(withIDX.notes)")
        guard case .rate(let bp, let ba) = b.moneyWeighted else {
            Issue.record("\(b.moneyWeighted)")
            return
        }
        // Its purchase is dated at its own day (1), its period ends at the portfolio's last flow
        // (5): four days of its rate, not the 29 to the period's end (+164 %).
        #expect(abs(bp - (pow1p(ba, 4.0 / 365) - 1)) < 1e-9, "\(bp) \(ba)")
    }

    /// The probe's case: 1,000 USD paid in, then 500 USD changed into 460 EUR on 01-03, when
    /// EURUSD closed at 1.08 (1.09 on 01-04). The spread, 500 - 460 x 1.08 = 3.20, is what the
    /// conversion lost against the day's rate: part of the currency effect, not "prices" in a
    /// book that holds no security. Currency: -3.20 + 460 x 0.01 = +1.40; prices 0.
    @Test func aConversionsSpreadIsPartOfTheCurrencyEffect() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: day(2), currency: "USD", amount: 100_000),
            JournalEntry(id: 2, kind: .exchange, date: day(3), currency: "USD", amount: -50_000),
            JournalEntry(id: 3, kind: .exchange, date: day(3), currency: "EUR", amount: 46_000),
        ]
        let closes = [close("EURUSD=X", 3, "1.08"), close("EURUSD=X", 4, "1.09")]
        let r = try Self.report(entries, closes: closes, to: 4)
        #expect(r.timeline.days.map(\.value) == [100_000, 99_680, 100_140])
        #expect(r.split.total == 140 && r.split.currency == 140 && r.split.price == 0, "\(r.split)")
    }

    /// What a broker's export adds is no flow: 10,000 USD paid in on 01-02; on 01-03 1,100 USD
    /// changed into 1,000 EUR (at 1.10, no spread) and a 10 USD fee; on 01-04 20 EUR interest,
    /// 2 withheld (EURUSD 1.12); 01-05 EURUSD 1.15.
    /// Values: 01-02 10,000; 01-03 8,890 + 1,000 x 1.10 = 9,990; 01-04 8,890 + 1,018 x 1.12 =
    /// 10,030.16; 01-05 8,890 + 1,018 x 1.15 = 10,060.70. Gain 60.70: interest 18 x 1.12 =
    /// 20.16, fees -10.00, and the rest the euros' rise.
    @Test func interestFeesAndConversionsAreNoFlows() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: day(2), currency: "USD", amount: 1_000_000),
            JournalEntry(id: 2, kind: .exchange, date: day(3), currency: "USD", amount: -110_000),
            JournalEntry(id: 3, kind: .exchange, date: day(3), currency: "EUR", amount: 100_000),
            JournalEntry(id: 4, kind: .fee, date: day(3), currency: "USD", amount: 1_000),
            JournalEntry(id: 5, kind: .interest, date: day(4), currency: "EUR", amount: 2_000, withheld: 200),
        ]
        let closes = [
            close("EURUSD=X", 2, "1.10"), close("EURUSD=X", 3, "1.10"), close("EURUSD=X", 4, "1.12"),
            close("EURUSD=X", 5, "1.15"),
        ]
        let r = try Self.report(entries, closes: closes, to: 5)
        #expect(r.cashBased)
        #expect(r.timeline.days.map(\.value) == [1_000_000, 999_000, 1_003_016, 1_006_070])
        #expect(r.timeline.days.map(\.flow) == [1_000_000, 0, 0, 0])
        #expect(r.split.total == 6_070)
        #expect(r.split.dividends == 2_016)
        #expect(r.split.fees == -1_000)
        #expect(r.split.price + r.split.dividends + r.split.fees + r.split.currency == r.split.total)
        // The book's cash: 8,890 USD and 1,018 EUR.
        let book = try PortfolioBook(entries: entries, method: .fifo)
        #expect(book.cash == ["USD": 889_000, "EUR": 101_800])
    }

    /// A period that ends after the last close says which price its end value used.
    @Test func anOldPriceIsNamed() throws {
        let entries = [
            trade(.buy, 1, 2, "AAA", "10", "100")
        ]
        let r = try Self.report(entries, closes: [close("AAA", 3, "110")], to: 9)
        #expect(r.notes.contains { $0.contains("AAA at its manual price of 2024-01-03 (6 d old)") }, "\(r.notes)")
    }

    /// No rate for a currency held: refused with what to do.
    @Test func aMissingRateIsRefusedWithTheFix() {
        let entries = [
            JournalEntry(
                id: 1, kind: .buy, date: day(2), symbol: "BBB", quantity: x("1"), price: x("10"), currency: "EUR",
                amount: 1_000)
        ]
        #expect(throws: ReturnsError.missingRate(from: "EUR", to: "USD", date: day(2))) {
            try Self.report(entries, closes: [], to: 3)
        }
    }
}

private func day(_ d: Int) -> CivilDate { CivilDate(year: 2024, month: 1, day: d) }
private func x(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

/// A purchase or sale in USD of `quantity` at `price`, its amount their product in cents.
private func trade(_ kind: EntryKind, _ id: Int64, _ d: Int, _ symbol: String, _ quantity: String, _ price: String)
    -> JournalEntry
{
    JournalEntry(
        id: id, kind: kind, date: day(d), symbol: symbol, quantity: x(quantity), price: x(price), currency: "USD",
        amount: MinorUnits.amount(quantity: x(quantity), price: x(price), exponent: 2) ?? 0)
}
private let fetched = Instant(secondsSinceEpoch: 1_706_000_000)  // 2024-01-23

private func close(_ symbol: String, _ d: Int, _ value: String, _ currency: String = "USD", adjusted: Bool = false)
    -> DailyClose
{
    DailyClose(
        symbol: symbol, date: day(d), close: x(value), currency: currency, source: adjusted ? "yahoo" : "manual",
        fetched: fetched, splitAdjusted: adjusted)
}

/// (1 + r)^e, for the tests' own check of a rate.
func pow1p(_ r: Double, _ e: Double) -> Double { exp(log1p(r) * e) }
