import Testing

@testable import SquarestockCore

/// The valuation as a table: a journal, the prices and FX rates the facade would have fetched,
/// and every number the report then holds, worked by hand. Money is in minor units; a
/// conversion rounds once, half away from zero, to the base currency's unit.
struct HoldingsValuationTests {
    static let now = Instant(secondsSinceEpoch: 1_750_000_000)
    static let day = CivilDate(year: 2025, month: 3, day: 10)

    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    /// A purchase of `quantity` for `cost` minor units of `currency` (fees included).
    static func buy(_ symbol: String, _ quantity: String, cost: Int64, _ currency: String = "USD") -> JournalEntry {
        JournalEntry(kind: .buy, date: day, symbol: symbol, quantity: d(quantity), currency: currency, amount: cost)
    }

    static func sell(_ symbol: String, _ quantity: String, proceeds: Int64, _ currency: String = "USD")
        -> JournalEntry
    {
        JournalEntry(
            kind: .sell, date: day, symbol: symbol, quantity: d(quantity), currency: currency, amount: proceeds)
    }

    static func deposit(_ amount: Int64, _ currency: String) -> JournalEntry {
        JournalEntry(kind: .deposit, date: day, currency: currency, amount: amount)
    }

    /// A price fetched `age` seconds before `now`.
    static func price(
        _ symbol: String, _ price: String, _ currency: String = "USD", change: String? = nil, age: Int64 = 0
    ) -> StoredPrice {
        StoredPrice(
            symbol: symbol, price: d(price), currency: currency, change: change.map(d), traded: nil,
            fetched: Instant(secondsSinceEpoch: now.secondsSinceEpoch - age), source: "loopback")
    }

    /// What one row should hold: its value and day's change in its own currency's minor units,
    /// its weight in percent, where its price came from and its note.
    struct Row: Equatable, CustomStringConvertible {
        var symbol: String
        var value: Int64?
        var dayChange: Int64? = nil
        var weight: String? = nil
        var source: String? = "loopback"
        var stored = false
        var note: String? = nil

        var description: String {
            "\(symbol) value \(value.map(String.init) ?? "nil") day \(dayChange.map(String.init) ?? "nil") weight "
                + "\(weight ?? "nil") source \(source ?? "nil")\(stored ? " stored" : "") note \(note ?? "nil")"
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var journal: [JournalEntry]
        var prices: [StoredPrice] = []
        var rates: [String: String] = [:]
        var base = "USD"
        var rows: [Row]
        /// In the base currency's minor units.
        var totalValue: Int64?
        var totalCost: Int64?
        var totalDayChange: Int64?
        var totalCash: Int64
        var notes: [String] = []

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "one currency",
            journal: [
                deposit(200_000, "USD"), buy("ACME", "10", cost: 100_100), buy("BETA", "5", cost: 50_000),
            ],
            prices: [price("ACME", "120.00", change: "1.50"), price("BETA", "90.00", change: "-2.00")],
            // 1,200.00 and 450.00: 72.7272…% and 27.2727…%.
            rows: [
                Row(symbol: "ACME", value: 120_000, dayChange: 1_500, weight: "72.73"),
                Row(symbol: "BETA", value: 45_000, dayChange: -1_000, weight: "27.27"),
            ],
            totalValue: 165_000, totalCost: 150_100, totalDayChange: 500, totalCash: 49_900),
        Case(
            name: "FX conversion into the base",
            journal: [buy("SAP", "10", cost: 100_000, "EUR"), buy("ACME", "1", cost: 10_000)],
            prices: [price("SAP", "110.00", "EUR"), price("ACME", "100.00")],
            rates: ["EUR": "1.0834"],
            // SAP: 1,100.00 EUR = 1,191.74 USD, cost 1,000.00 EUR = 1,083.40 USD; the row stays in EUR.
            rows: [
                Row(symbol: "ACME", value: 10_000, dayChange: nil, weight: "7.74"),
                Row(symbol: "SAP", value: 110_000, dayChange: nil, weight: "92.26"),
            ],
            totalValue: 129_174, totalCost: 118_340, totalDayChange: nil, totalCash: -10_000 - 108_340,
            notes: [
                "the gain in USD of SAP converts cost and value at one rate, the value's: what the price did; "
                    + "`squarestock portfolio returns` adds what the exchange rate did"
            ]),
        Case(
            name: "into a base with no minor unit",
            journal: [buy("ACME", "2", cost: 15_000)],
            prices: [price("ACME", "100.00")],
            rates: ["USD": "151.235"],
            base: "JPY",
            // 200.00 USD × 151.235 = 30,247.00 JPY; 150.00 × 151.235 = 22,685.25, so 22,685.
            rows: [Row(symbol: "ACME", value: 20_000, weight: "100")],
            totalValue: 30_247, totalCost: 22_685, totalDayChange: nil, totalCash: -22_685,
            notes: [
                "the gain in JPY of ACME converts cost and value at one rate, the value's: what the price did; "
                    + "`squarestock portfolio returns` adds what the exchange rate did"
            ]),
        Case(
            name: "a missing quote",
            journal: [buy("ACME", "10", cost: 100_000), buy("BETA", "5", cost: 50_000)],
            prices: [price("ACME", "120.00")],
            rows: [
                Row(symbol: "ACME", value: 120_000, weight: "100"),
                Row(symbol: "BETA", value: nil, source: nil, note: "no price yet"),
            ],
            totalValue: 120_000, totalCost: 100_000, totalDayChange: nil, totalCash: -150_000,
            notes: ["left out of the totals: BETA (no price)"]),
        Case(
            name: "a missing FX rate",
            journal: [buy("ACME", "1", cost: 10_000), buy("SAP", "10", cost: 100_000, "EUR")],
            prices: [price("ACME", "100.00"), price("SAP", "110.00", "EUR")],
            // SAP is valued in its own currency but cannot be added up; nor can the EUR cash.
            rows: [
                Row(symbol: "ACME", value: 10_000, weight: "100"),
                Row(symbol: "SAP", value: 110_000),
            ],
            totalValue: 10_000, totalCost: 10_000, totalDayChange: nil, totalCash: -10_000,
            notes: ["left out of the totals: SAP (no EUR→USD rate), cash EUR (no EUR→USD rate)"]),
        Case(
            name: "nothing valued leaves the totals blank",
            journal: [buy("ACME", "1", cost: 10_000)],
            prices: [price("ACME", "80.00", "GBP")],
            rows: [
                Row(symbol: "ACME", value: nil, note: "priced in GBP, bought in USD: not valued")
            ],
            totalValue: nil, totalCost: nil, totalDayChange: nil, totalCash: -10_000,
            notes: ["no holding could be valued: ACME (priced in GBP, bought in USD); the totals are left blank"]),
        Case(
            name: "weights are each rounded, not forced to 100",
            journal: [
                buy("AAA", "1", cost: 1_000), buy("BBB", "1", cost: 1_000), buy("CCC", "1", cost: 1_000),
            ],
            prices: [price("AAA", "10.00"), price("BBB", "10.00"), price("CCC", "10.00")],
            rows: [
                Row(symbol: "AAA", value: 1_000, weight: "33.33"),
                Row(symbol: "BBB", value: 1_000, weight: "33.33"),
                Row(symbol: "CCC", value: 1_000, weight: "33.33"),
            ],
            totalValue: 3_000, totalCost: 3_000, totalDayChange: nil, totalCash: -3_000),
        Case(
            name: "no holdings: zero totals, cash converted",
            journal: [
                buy("ACME", "10", cost: 100_000), sell("ACME", "10", proceeds: 120_000), deposit(50_000, "EUR"),
            ],
            prices: [price("ACME", "130.00")],
            rates: ["EUR": "1.10"],
            rows: [],
            totalValue: 0, totalCost: 0, totalDayChange: 0, totalCash: 20_000 + 55_000),
        Case(
            name: "exact minor-unit rounding, half away from zero",
            journal: [buy("ACME", "3", cost: 100), buy("SAP", "1", cost: 100, "EUR")],
            // 3 × 0.335 = 1.005 → 1.01 and −1.005 → −1.01; 3.00 EUR × 1.085 = 3.255 → 3.26 USD,
            // its cost 1.085 → 1.09 and the cash −1.085 → −1.09; weights 101/427 and 326/427.
            prices: [price("ACME", "0.335", change: "-0.335"), price("SAP", "3.00", "EUR")],
            rates: ["EUR": "1.085"],
            rows: [
                Row(symbol: "ACME", value: 101, dayChange: -101, weight: "23.65"),
                Row(symbol: "SAP", value: 300, weight: "76.35"),
            ],
            totalValue: 427, totalCost: 209, totalDayChange: -101, totalCash: -100 - 109,
            notes: [
                "the gain in USD of SAP converts cost and value at one rate, the value's: what the price did; "
                    + "`squarestock portfolio returns` adds what the exchange rate did",
                "the day's change leaves out (no change known today): SAP",
            ]),
        Case(
            name: "an old price is shown as stored",
            journal: [buy("ACME", "1", cost: 10_000), buy("BETA", "1", cost: 10_000)],
            prices: [price("ACME", "100.00", age: 601), price("BETA", "100.00", age: 600)],
            rows: [
                Row(symbol: "ACME", value: 10_000, weight: "50", stored: true),
                Row(symbol: "BETA", value: 10_000, weight: "50"),
            ],
            totalValue: 20_000, totalCost: 20_000, totalDayChange: nil, totalCash: -20_000),
    ]

    @Test(arguments: cases)
    func valuesTheBook(_ c: Case) throws {
        let book = try PortfolioBook(
            entries: c.journal.enumerated().map { i, e in
                var e = e
                e.id = Int64(i + 1)
                return e
            }, method: .fifo)
        let rates = c.rates.mapValues(Self.d)
        let report = HoldingsValuation.report(
            of: book, portfolio: "main", prices: Dictionary(uniqueKeysWithValues: c.prices.map { ($0.symbol, $0) }),
            rates: rates, base: c.base, now: Self.now)
        let rows = report.rows.map { r in
            Row(
                symbol: r.symbol, value: r.value, dayChange: r.dayChange, weight: r.weight?.normalized.description,
                source: r.priceSource, stored: r.priceStored, note: r.note)
        }
        #expect(rows == c.rows)
        #expect(report.totalValue == c.totalValue)
        #expect(report.totalCost == c.totalCost)
        #expect(report.totalDayChange == c.totalDayChange)
        #expect(report.totalCash == c.totalCash)
        #expect(report.netValue == c.totalValue.map { $0 + c.totalCash })
        #expect(report.notes == c.notes)
        #expect(report.baseCurrency == c.base && report.rates == rates && report.portfolio == "main")
        #expect(report.cash == book.cash.filter { $0.value != 0 })
        // What `portfolio show --explain` lists adds up to the totals: each row's value in the
        // base, each cash balance's.
        if let total = report.totalValue { #expect(report.rows.compactMap(\.baseValue).reduce(0, +) == total) }
        #expect(report.cashInBase.values.reduce(0, +) == report.totalCash)
        for r in report.rows where r.baseValue != nil { #expect(r.rate != nil) }
    }

    /// Shares bought today had no close yesterday: their day's change is their value now less
    /// their cost; shares held before move by the quote's change. From the day's purchases, so
    /// the lot method does not change it.
    @Test(arguments: [LotMethod.fifo, .average])
    func sharesBoughtTodayChangeFromTheirCost(method: LotMethod) throws {
        var today = Self.buy("ACME", "10", cost: 270_000)
        today.date = Self.day.adding(days: 1)
        var older = Self.buy("ACME", "5", cost: 100_000)
        older.id = 1
        today.id = 2
        let book = try PortfolioBook(entries: [older, today], method: method)
        let quote = Self.price("ACME", "268.835", change: "-0.165")
        let bought = ["ACME": HoldingsValuation.BoughtToday(quantity: Self.d("10"), cost: 270_000)]
        let report = HoldingsValuation.report(
            of: book, portfolio: "main", prices: ["ACME": quote], rates: [:], base: "USD", now: Self.now,
            boughtToday: bought)
        // 10 x 268.835 - 2,700.00 = -11.65; 5 x -0.165 = -0.825, -0.83 once rounded: -12.48.
        #expect(report.rows.first?.dayChange == -1_248)
        // Without the day's purchases, every share moves by the change.
        let plain = HoldingsValuation.report(
            of: book, portfolio: "main", prices: ["ACME": quote], rates: [:], base: "USD", now: Self.now)
        #expect(plain.rows.first?.dayChange == -248)
        // Of 10 bought today, 4 sold again: the 6 left carry 6/10 of the cost, and nothing was
        // held before: 6 x 268.835 - 1,620.00 = -6.99.
        #expect(
            HoldingsValuation.dayChange(
                quantity: Self.d("6"), boughtToday: bought["ACME"], price: quote, exponent: 2) == -699)
    }

    /// Values beyond exact minor units are refused, never a trap: one holding of a hundredth of
    /// the largest (its weight's `v * 100` trapped), then two whose sum does not fit (the total
    /// trapped).
    @Test func totalsTooLargeAreLeftBlankNotATrap() throws {
        var house = Self.buy("HOUSE", "1", cost: 100)
        house.id = 1
        let one = try PortfolioBook(entries: [house], method: .fifo)
        let large = HoldingsValuation.report(
            of: one, portfolio: "main", prices: ["HOUSE": Self.price("HOUSE", "1000000000000000")], rates: [:],
            base: "USD", now: Self.now)
        #expect(large.totalValue == 100_000_000_000_000_000)
        #expect(large.rows.first?.weight?.normalized == ExactDecimal(100))
        var two = [Self.buy("A", "1", cost: 100), Self.buy("B", "1", cost: 100)]
        two[0].id = 1
        two[1].id = 2
        let book = try PortfolioBook(entries: two, method: .fifo)
        let report = HoldingsValuation.report(
            of: book, portfolio: "main",
            prices: ["A": Self.price("A", "60000000000000000"), "B": Self.price("B", "60000000000000000")],
            rates: [:], base: "USD", now: Self.now)
        #expect(report.totalValue == nil && report.netValue == nil)
        #expect(report.notes.contains { $0.contains("too large to compute exactly") }, "\(report.notes)")
        // Cash whose sum in the base does not fit: blank, not the part summed before it (it
        // showed one currency's cash as the total).
        let cash = try PortfolioBook(
            entries: [Self.deposit(6_000_000_000_000_000_000, "USD"), Self.deposit(6_000_000_000_000_000_000, "EUR")],
            method: .fifo)
        let rich = HoldingsValuation.report(
            of: cash, portfolio: "main", prices: [:], rates: ["EUR": Self.d("1")], base: "USD", now: Self.now)
        #expect(rich.totalCash == nil && rich.netValue == nil, "\(String(describing: rich.totalCash))")
        #expect(rich.notes.contains { $0.contains("too large to compute exactly") }, "\(rich.notes)")
        // A sum that fits is not refused for the order its parts come in (signs differ; cash is
        // a dictionary, so the order changed from run to run).
        let mixed = try PortfolioBook(
            entries: [
                Self.deposit(6_000_000_000_000_000_000, "USD"), Self.deposit(6_000_000_000_000_000_000, "EUR"),
                JournalEntry(kind: .withdraw, date: Self.day, currency: "GBP", amount: 6_000_000_000_000_000_000),
            ],
            method: .fifo)
        let fits = HoldingsValuation.report(
            of: mixed, portfolio: "main", prices: [:], rates: ["EUR": Self.d("1"), "GBP": Self.d("1")], base: "USD",
            now: Self.now)
        #expect(fits.totalCash == 6_000_000_000_000_000_000, "\(fits.notes)")
    }

    /// A quote whose last trade is more than a week old (a recording, a listing that stopped
    /// trading) has no day's change: its session's change is not today's, and the total leaves
    /// it out, saying so.
    @Test func theChangeOfASessionAWeekOldIsNotTheDays() throws {
        let book = try PortfolioBook(
            entries: [Self.buy("ACME", "10", cost: 100_000), Self.buy("BETA", "1", cost: 1_000)], method: .fifo)
        func quote(tradedDaysAgo days: Int64) -> StoredPrice {
            var q = Self.price("ACME", "120.00", change: "1.50")
            q.traded = Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch - days * 86_400)
            return q
        }
        func report(_ days: Int64) -> HoldingsReport {
            HoldingsValuation.report(
                of: book, portfolio: "main",
                prices: ["ACME": quote(tradedDaysAgo: days), "BETA": Self.price("BETA", "10.00", change: "0.10")],
                rates: [:], base: "USD", now: Self.now)
        }
        // Friday's change on Monday (3 days) is still the last session's: 10 x 1.50.
        #expect(report(3).rows.first?.dayChange == 1_500)
        let old = report(8)
        #expect(old.rows.first?.dayChange == nil)
        #expect(old.rows.first?.value == 120_000)
        #expect(
            old.notes.contains { $0.hasPrefix("the day's change leaves out") && $0.contains("ACME") }, "\(old.notes)")
    }

    /// The rates the facade fetches: every holding's currency and every cash balance's.
    @Test func currenciesToConvert() throws {
        let book = try PortfolioBook(
            entries: [
                Self.buy("ACME", "1", cost: 100), Self.buy("SAP", "1", cost: 100, "EUR"), Self.deposit(5, "GBP"),
            ], method: .fifo)
        #expect(HoldingsValuation.currencies(of: book, base: "USD") == ["USD", "EUR", "GBP"])
    }

    /// An average cost keeps 4 significant digits however small: 10 million SHIB at 0.00001234
    /// averaged 0 at 4 decimals; a usual one keeps its 4 decimals.
    @Test func anAverageCostBelowAHundredthKeepsItsDigits() {
        #expect(HoldingsValuation.averageCost(Self.d("123.40"), Self.d("10000000"))?.description == "0.00001234")
        #expect(HoldingsValuation.averageCost(Self.d("1503.50"), Self.d("40"))?.description == "37.5875")
        #expect(HoldingsValuation.averageCost(Self.d("1.00"), Self.d("3"))?.description == "0.3333")
        #expect(HoldingsValuation.averageCost(Self.d("0.00"), Self.d("3"))?.description == "0")
        let book = try! PortfolioBook(entries: [Self.buy("SHIB-USD", "10000000", cost: 12_340)], method: .fifo)
        let row = HoldingsValuation.row("SHIB-USD", book: book, price: nil, base: "USD", now: Self.now)
        #expect(row.averageCost?.description == "0.00001234")
    }
}
