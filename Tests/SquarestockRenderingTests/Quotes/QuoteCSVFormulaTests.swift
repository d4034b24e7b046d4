import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// A name from the network that a spreadsheet would evaluate (`=HYPERLINK(...)`) is written as
/// text in the quote CSV, as the ledger's files write such cells; numbers, negative ones too,
/// are left as they are.
struct QuoteCSVFormulaTests {
    @Test func aFormulaNameIsMarkedAsTextAndNumbersAreNot() {
        let stock = Stock(
            company: Company(symbol: "AAPL", name: #"=HYPERLINK("http://x","y")"#),
            price: Price(last: ExactDecimal("268.81"), change: ExactDecimal("-1.5")), source: "test")
        let csv = QuoteCSVWriter.render(
            [StockResult(symbol: "AAPL", outcome: .success(stock))], now: Instant(secondsSinceEpoch: 1_761_757_200))
        let row = csv.split(separator: "\n")[1]
        #expect(row.hasPrefix(#"AAPL,"'=HYPERLINK(""http://x"",""y"")","#), "\(row)")
        #expect(row.contains(",268.81,-1.5,"), "\(row)")
    }
}
