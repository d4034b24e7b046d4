import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// Hand-worked examples of each lot method. Three purchases of ACME (fees add to cost):
/// 10 @ 100.00 + 1.00 = 1,001.00 (Jan), 10 @ 120.00 + 1.00 = 1,201.00 (Feb), 10 @ 90.00 = 900.00
/// (Mar); then 15 sold @ 130.00 with a 2.00 fee: proceeds 1,948.00.
struct LotMethodTests {
    static let today = CivilDate(year: 2026, month: 11, day: 26)
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }
    static func day(_ m: Int, _ d: Int, _ y: Int = 2024) -> CivilDate { CivilDate(year: y, month: m, day: d) }

    static func trade(
        _ kind: EntryKind, _ q: String, _ p: String, fee: String? = nil, on date: CivilDate, id: Int64,
        symbol: String = "ACME", currency: String = "USD", lot: Int64? = nil
    ) throws -> JournalEntry {
        var e = try EntryFactory.trade(
            kind, symbol: symbol, quantity: d(q), price: d(p), fee: fee, currency: currency, date: date, today: today,
            lot: lot)
        e.id = id
        return e
    }

    static func journal(sellLot: Int64? = nil, sell: String = "15") throws -> [JournalEntry] {
        [
            try trade(.buy, "10", "100.00", fee: "1.00", on: day(1, 10), id: 1),
            try trade(.buy, "10", "120.00", fee: "1.00", on: day(2, 10), id: 2),
            try trade(.buy, "10", "90.00", on: day(3, 10), id: 3),
            try trade(.sell, sell, "130.00", fee: "2.00", on: day(4, 10), id: 4, lot: sellLot),
        ]
    }

    @Test(arguments: [
        // method, basis, gain, lots used
        (LotMethod.fifo, Int64(160_150), Int64(34_650), [Int64(1), 2]),
        (.lifo, 150_050, 44_750, [3, 2]),
        (.hifo, 170_150, 24_650, [2, 1]),
        (.average, 155_100, 39_700, [1]),
    ])
    func eachMethodTakesItsLots(method: LotMethod, basis: Int64, gain: Int64, lots: [Int64]) throws {
        let book = try PortfolioBook(entries: try Self.journal(), method: method)
        let sale = try #require(book.disposals.first)
        #expect(sale.proceeds == 194_800)
        #expect(sale.basis == basis)
        #expect(sale.gain == gain)
        #expect(sale.parts.map(\.lot) == lots)
        // What is left carries exactly the rest of the cost: 3,102.00 in all.
        #expect(book.cost(of: "ACME") + basis == 310_200)
        #expect(book.quantity(of: "ACME") == Self.d("15"))
        // Cash: -1,001.00 - 1,201.00 - 900.00 + 1,948.00.
        #expect(book.cash["USD"] == -115_400)
    }

    @Test func aNamedLotIsTheOneTaken() throws {
        let book = try PortfolioBook(entries: try Self.journal(sellLot: 3, sell: "4"), method: .fifo)
        let sale = try #require(book.disposals.first)
        #expect(sale.parts.map(\.lot) == [3] && sale.basis == 36_000)
        #expect(
            throws: PortfolioError.sellingMoreThanLotHolds(
                symbol: "ACME", lot: 3, selling: Self.d("15"), held: Self.d("10"), date: Self.day(4, 10))
        ) {
            _ = try PortfolioBook(entries: try Self.journal(sellLot: 3), method: .fifo)
        }
        // The message names the lot, not the portfolio, as what holds too little.
        #expect(
            PortfolioError.sellingMoreThanLotHolds(
                symbol: "ACME", lot: 3, selling: Self.d("15"), held: Self.d("10"), date: Self.day(4, 10)
            ).description.hasPrefix("cannot sell 15 ACME from lot 3 on 2024-04-10: that lot holds 10 then"))
        #expect(throws: PortfolioError.noSuchLot(symbol: "ACME", lot: 9)) {
            _ = try PortfolioBook(entries: try Self.journal(sellLot: 9, sell: "1"), method: .fifo)
        }
    }

    @Test func sellingMoreThanHeldIsRefused() throws {
        var j = try Self.journal()
        j[3] = try Self.trade(.sell, "31", "130.00", on: Self.day(4, 10), id: 4)
        #expect(
            throws: PortfolioError.sellingMoreThanHeld(
                symbol: "ACME", selling: Self.d("31"), held: Self.d("30"), date: Self.day(4, 10))
        ) {
            _ = try PortfolioBook(entries: j, method: .fifo)
        }
    }

    /// A holding whose lots have no exact 18-digit sum (10, then 0.123456789012345678 beside
    /// it) is refused at the purchase that makes it: shown as 10, or sold from the wrong lot,
    /// it would be wrong without a word.
    @Test func aPurchaseWhoseHoldingHasNoExactSumIsRefused() throws {
        let entries = [
            try Self.trade(.buy, "10", "2000", on: Self.day(1, 10), id: 1, symbol: "ETH"),
            try Self.trade(.buy, "0.123456789012345678", "3000", on: Self.day(1, 11), id: 2, symbol: "ETH"),
        ]
        for method in LotMethod.allCases {
            #expect(throws: PortfolioError.overflow("the holding of ETH with this purchase")) {
                _ = try PortfolioBook(entries: entries, method: method)
            }
        }
    }

    /// Amounts a command line can type but no 64-bit sum holds are refused, not a crash: a cash
    /// balance, a holding's cost.
    @Test func sumsThatDoNotFitAreRefused() throws {
        let huge: Int64 = 5_000_000_000_000_000_000
        let cash = [
            JournalEntry(id: 1, kind: .deposit, date: Self.day(1, 10), currency: "USD", amount: huge),
            JournalEntry(id: 2, kind: .deposit, date: Self.day(1, 11), currency: "USD", amount: huge),
        ]
        #expect(throws: PortfolioError.self) { _ = try PortfolioBook(entries: cash, method: .fifo) }
        let costs = [
            JournalEntry(
                id: 1, kind: .buy, date: Self.day(1, 10), symbol: "BIG", quantity: Self.d("1"),
                price: Self.d("50000000000000000"),
                currency: "USD", amount: huge),
            JournalEntry(id: 2, kind: .deposit, date: Self.day(1, 10), currency: "USD", amount: huge),
            JournalEntry(
                id: 3, kind: .buy, date: Self.day(1, 11), symbol: "BIG", quantity: Self.d("1"),
                price: Self.d("50000000000000000"),
                currency: "USD", amount: huge),
        ]
        #expect(throws: PortfolioError.overflow("the holding of BIG with this purchase")) {
            _ = try PortfolioBook(entries: costs, method: .fifo)
        }
    }

    @Test func termIsLongAfterTheAnniversary() throws {
        let j = [
            try Self.trade(.buy, "1", "10", on: Self.day(2, 29), id: 1),
            try Self.trade(.buy, "1", "10", on: Self.day(3, 1), id: 2),
            try Self.trade(.sell, "2", "12", on: Self.day(3, 1, 2025), id: 3),
        ]
        let sale = try #require(try PortfolioBook(entries: j, method: .fifo).disposals.first)
        // Bought 29 Feb 2024: the anniversary is 28 Feb 2025, so 1 Mar 2025 is long; the 1 Mar purchase is not.
        #expect(sale.term == "mixed")
    }
}

/// Splits, dividends, cash, reversals and rounding at the minor unit, worked by hand.
struct LedgerArithmeticTests {
    typealias T = LotMethodTests

    @Test func aSplitMultipliesQuantityAndKeepsCostAndDate() throws {
        var split = try EntryFactory.split(symbol: "AAPL", ratio: "4:1", date: T.day(6, 10), today: T.today)
        split.id = 2
        let j = [try T.trade(.buy, "10", "150.25", fee: "1.00", on: T.day(3, 1), id: 1, symbol: "AAPL"), split]
        let book = try PortfolioBook(entries: j, method: .fifo)
        let lot = try #require(book.lots["AAPL"]?.first)
        #expect(lot.quantity == T.d("40") && lot.cost == 150_350 && lot.date == T.day(3, 1))
        #expect(lot.unitCost == T.d("37.5875"))
        // A reverse split of 1:3 on 40 shares leaves 13.33333333 (8 places), cost unchanged.
        var reverse = try EntryFactory.split(symbol: "AAPL", ratio: "1:3", date: T.day(7, 1), today: T.today)
        reverse.id = 3
        let after = try PortfolioBook(entries: j + [reverse], method: .fifo)
        #expect(after.quantity(of: "AAPL") == T.d("13.33333333") && after.cost(of: "AAPL") == 150_350)
    }

    @Test func partsOfACostAlwaysAddUpToTheCost() throws {
        // 3 shares @ 0.333 = 0.999, rounded once to 1.00; sold one at a time: 0.33, 0.34, 0.33.
        var j = [try T.trade(.buy, "3", "0.333", on: T.day(1, 2), id: 1)]
        for i in 0..<3 { j.append(try T.trade(.sell, "1", "1.00", on: T.day(2, 1 + i), id: Int64(2 + i))) }
        let book = try PortfolioBook(entries: j, method: .fifo)
        #expect(book.disposals.map(\.basis) == [33, 34, 33])
        #expect(book.lots["ACME"]?.isEmpty ?? true)
    }

    @Test func currenciesKeepTheirOwnMinorUnits() throws {
        // JPY has no minor unit: 3 × 333.5 = 1,000.5 → 1,001 yen.
        let yen = try T.trade(.buy, "3", "333.5", on: T.day(1, 2), id: 1, currency: "JPY")
        #expect(yen.amount == 1001 && MinorUnits.text(yen.amount, exponent: 0) == "1001")
        // KWD has three: a 0.125 fee is fine, 0.1255 is not money.
        #expect(try EntryFactory.money("0.125", currency: "KWD", what: "the fee") == 125)
        #expect(throws: PortfolioError.tooPrecise("the fee 0.1255", currency: "KWD", exponent: 3)) {
            _ = try EntryFactory.money("0.1255", currency: "KWD", what: "the fee")
        }
        // Too large is said as too large, not as no number or too many decimals.
        for large in ["92233720368547758.07", "900000000000000000.00", "123456789012345678901"] {
            do {
                _ = try EntryFactory.money(large, currency: "USD", what: "the amount")
                Issue.record("\(large) was read")
            } catch {
                #expect(error.description.hasSuffix("is too large to compute exactly"), "\(error)")
            }
        }
        #expect(
            throws: PortfolioError.tooPrecise("the amount 0.0000000000000000000001", currency: "USD", exponent: 2)
        ) {
            _ = try EntryFactory.money("0.0000000000000000000001", currency: "USD", what: "the amount")
        }
        #expect(throws: PortfolioError.invalidEntry("the amount must be a number (got '1,150.25')")) {
            _ = try EntryFactory.money("1,150.25", currency: "USD", what: "the amount")
        }
        #expect(throws: PortfolioError.unknownCurrency("XYZ")) {
            _ = try T.trade(.buy, "1", "1", on: T.day(1, 2), id: 1, currency: "XYZ")
        }
        #expect(throws: PortfolioError.futureDate(T.day(1, 1, 2027), today: T.today)) {
            _ = try T.trade(.buy, "1", "1", on: T.day(1, 1, 2027), id: 1)
        }
        // Crypto quantities keep 8 places: 0.12345678 BTC @ 42,000.00 = 5,185.18476 → 5,185.18.
        let btc = try T.trade(.buy, "0.12345678", "42000.00", on: T.day(7, 4), id: 1, symbol: "BTC-USD")
        #expect(btc.amount == 518_518)
    }

    @Test func dividendsCashAndReversals() throws {
        var deposit = try EntryFactory.cash(
            .deposit, amount: "1000", currency: "USD", date: T.day(1, 1), today: T.today)
        deposit.id = 1
        var div = try EntryFactory.dividend(
            symbol: "AAPL", amount: "2.40", withheld: "0.36", currency: "USD", date: T.day(2, 1), today: T.today)
        div.id = 2
        var wrong = try T.trade(.buy, "100", "10", on: T.day(2, 2), id: 3, symbol: "AAPL")
        wrong.id = 3
        let reversal = JournalEntry(id: 4, kind: .reversal, date: T.day(2, 3), currency: "USD", reverses: 3)
        let book = try PortfolioBook(entries: [deposit, div, wrong, reversal], method: .fifo)
        #expect(book.cash["USD"] == Int64(100_204))
        #expect(book.dividends.values.reduce(0, +) == 204)
        #expect(book.lots["AAPL"] == nil, "the reversed purchase is gone")
    }
}

/// The review's cases: a reverse split over several lots, the gain percentage rounded once,
/// money written with trailing zeros, pence quotes in watch.
struct LedgerEdgeTests {
    typealias T = LotMethodTests

    @Test func aReverseSplitOverSeveralLotsKeepsTheWholeHolding() throws {
        var j = (1...3).map { i in try! T.trade(.buy, "100", "1", on: T.day(1, i), id: Int64(i)) }
        var split = try EntryFactory.split(symbol: "ACME", ratio: "1:3", date: T.day(2, 1), today: T.today)
        split.id = 4
        j.append(split)
        let book = try PortfolioBook(entries: j, method: .fifo)
        #expect(book.quantity(of: "ACME") == T.d("100"))
        #expect(book.lots["ACME"]?.map(\.quantity) == [T.d("33.33333333"), T.d("33.33333333"), T.d("33.33333334")])
        j.append(try T.trade(.sell, "100", "3", on: T.day(3, 1), id: 5))
        #expect(try PortfolioBook(entries: j, method: .fifo).disposals.first?.basis == 30_000)
    }

    @Test func theGainPercentageIsRoundedOnce() {
        var row = HoldingsReport.Row(
            symbol: "X", quantity: T.d("1"), currency: "USD", cost: 100_000_000, averageCost: nil)
        row.value = 100_000_000 + 12_344_950
        // 12.34495 %: one rounding gives 12.34 (two would give 12.35).
        #expect(row.gainPercent == T.d("12.34"))
    }

    @Test func trailingZerosAreNotPrecision() throws {
        #expect(try EntryFactory.money("1500.00", currency: "JPY", what: "the fee") == 1500)
        #expect(throws: PortfolioError.self) { _ = try EntryFactory.money("1500.5", currency: "JPY", what: "the fee") }
    }

    /// What a sale leaves is written as a quantity is: 1.25 less 0.05 is 1.2 (it was `1.20` in
    /// the lots, the holdings and their CSV).
    @Test(arguments: [LotMethod.fifo, .average])
    func aPartlySoldLotKeepsNoTrailingZero(method: LotMethod) throws {
        let book = try PortfolioBook(
            entries: [
                try LotMethodTests.trade(.buy, "1.25", "2", on: LotMethodTests.day(1, 2), id: 1),
                try LotMethodTests.trade(.sell, "0.05", "2", on: LotMethodTests.day(1, 3), id: 2),
            ], method: method)
        #expect(book.lots["ACME"]?.first?.quantity.description == "1.2")
        #expect(book.quantity(of: "ACME").description == "1.2")
    }
}
