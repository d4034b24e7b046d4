import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// Round y ticks (1-2-5 steps, exact decimals) for every kind of scale.
struct PriceScaleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var low: Double
        var high: Double
        var rows: Int
        var ticks: [String]
        var decimals: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a stock's year", low: 124.17, high: 178.80, rows: 19, ticks: ["130", "140", "150", "160", "170"],
            decimals: 0),
        Case(
            name: "a quiet day: cents, not one decimal", low: 172.11, high: 172.83, rows: 17,
            ticks: ["172.2", "172.4", "172.6", "172.8"], decimals: 2),
        Case(
            name: "bitcoin", low: 74_021.40, high: 99_396.19, rows: 14,
            ticks: ["75000", "80000", "85000", "90000", "95000"], decimals: 0),
        Case(
            name: "sub-cent token", low: 0.0000795, high: 0.0001001, rows: 12,
            ticks: ["0.00008", "0.000085", "0.00009", "0.000095", "0.0001"], decimals: 6),
        Case(name: "spread across zero", low: -4.79, high: 1.25, rows: 14, ticks: ["-4", "-2", "0"], decimals: 0),
        Case(name: "flat at 100", low: 100, high: 100, rows: 8, ticks: ["99", "100", "101"], decimals: 0),
        Case(name: "flat at zero", low: 0, high: 0, rows: 8, ticks: ["-1", "0", "1"], decimals: 0),
        Case(name: "tiny chart", low: 10, high: 20, rows: 3, ticks: ["10", "20"], decimals: 0),
    ]

    @Test(arguments: cases)
    func ticks(_ c: Case) {
        let s = PriceScale.make(low: c.low, high: c.high, rows: c.rows)
        #expect(s.ticks.map { $0.normalized.description } == c.ticks)
        #expect(s.decimals == c.decimals)
        // Every tick inside the range, on its own row.
        #expect(s.ticks.allSatisfy { $0.doubleValue >= s.low - 1e-9 && $0.doubleValue <= s.high + 1e-9 })
        let rows = s.ticks.map { s.row($0.doubleValue, rows: c.rows) }
        #expect(Set(rows).count == rows.count)
    }

    @Test func rowsRunTopDown() {
        let s = PriceScale.make(low: 0, high: 10, rows: 11)
        #expect(s.row(10, rows: 11) == 0)
        #expect(s.row(0, rows: 11) == 10)
        #expect(s.row(5, rows: 11) == 5)
    }

    @Test func priceFormatMarksTheCurrency() {
        let usd = ChartPriceFormat(currency: Currency(code: "USD"), decimals: 2)
        #expect(usd.string(ExactDecimal("97000")!) == "$97,000.00")
        #expect(usd.string(ExactDecimal("-1.5")!) == "-$1.50")
        #expect(
            ChartPriceFormat(currency: Currency.named("GBp"), decimals: 1).string(ExactDecimal("308.8")!) == "308.8p")
        #expect(
            ChartPriceFormat(currency: Currency(code: "EUR"), decimals: 2).string(ExactDecimal("95.5")!) == "€95.50")
        #expect(
            ChartPriceFormat(currency: Currency(code: "EUR"), decimals: 2, asciiOnly: true).string(
                ExactDecimal("95.5")!) == "95.50")
        #expect(ChartPriceFormat(currency: Currency(code: "CHF"), decimals: 0).string(ExactDecimal("1234")!) == "1,234")
        #expect(!ChartPriceFormat(currency: Currency(code: "CHF"), decimals: 0).marksCurrency)
    }
}
