import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// The depth chart's outermost columns hold the whole of each side (their bars reached only the
/// level before the last), and a book of one level a side still gets its two bars.
struct DepthChartTests {
    static func level(_ price: String, _ size: String) -> BookLevel {
        BookLevel(price: ExactDecimal(price)!, size: ExactDecimal(size)!)
    }

    static func chart(_ book: OrderBook, width: Int = 20, height: Int = 4) -> [String] {
        DepthChart(width: width, height: height, glyphs: .ascii, palette: .plain).render(book)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theOutermostColumnsHoldTheWholeSide() {
        // Bids 3 + 1 + 4 = 8 down to 97, asks 1 + 2 + 5 = 8 up to 103: both sides full height at
        // their outer edge, and the top row filled only there.
        let book = OrderBook(
            pair: TradingPair(base: "BTC", quote: "USD"),
            bids: [Self.level("99", "3"), Self.level("98", "1"), Self.level("97", "4")],
            asks: [Self.level("101", "1"), Self.level("102", "2"), Self.level("103", "5")])
        let rows = Self.chart(book)
        let top = rows[0]
        #expect(top.first == "#", "\(rows)")
        #expect(top.count == 20 && top.last == "#", "\(rows)")
        #expect(top.filter { $0 == "#" }.count == 2, "\(rows)")
    }

    @Test func oneLevelASideStillDrawsBothBars() {
        let book = OrderBook(
            pair: TradingPair(base: "BTC", quote: "USD"), bids: [Self.level("100", "2")],
            asks: [Self.level("101", "2")])
        let rows = Self.chart(book)
        #expect(rows.count == 6, "\(rows)")
        #expect(rows[0].first == "#" && rows[0].last == "#", "\(rows)")
    }
}
