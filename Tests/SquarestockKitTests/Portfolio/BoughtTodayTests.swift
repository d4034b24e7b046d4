import Testing

@testable import SquarestockCore
@testable import SquarestockKit

/// The day's purchases are counted in the shares held at the day's end: a split that day after
/// a purchase multiplies it, as the holding itself was.
struct BoughtTodayTests {
    @Test func aPurchaseThenASplitTheSameDayIsInTheNewShares() throws {
        let day = CivilDate(year: 2024, month: 6, day: 10)
        let entries = [
            JournalEntry(
                id: 1, kind: .buy, date: day, symbol: "QQZ", quantity: ExactDecimal(10), price: ExactDecimal(100),
                currency: "USD", amount: 100_000),
            JournalEntry(
                id: 2, kind: .split, date: day, symbol: "QQZ", currency: "USD", splitNumerator: 4, splitDenominator: 1),
        ]
        let book = try PortfolioBook(entries: entries, method: .fifo)
        let bought = try #require(SquarestockApp.boughtToday(entries, book: book, on: day)["QQZ"])
        #expect(bought.quantity == ExactDecimal(40) && bought.cost == 100_000)
        // Quoted at 26, up 1: 40 x 26 - 1,000.00 = +40.00 (it was -710.00, the 10 bought as 10).
        let quote = StoredPrice(
            symbol: "QQZ", price: ExactDecimal(26), currency: "USD", change: ExactDecimal(1), traded: nil,
            fetched: Instant(secondsSinceEpoch: 0), source: "test")
        #expect(
            HoldingsValuation.dayChange(
                quantity: book.quantity(of: "QQZ"), boughtToday: bought, price: quote, exponent: 2)
                == 4_000)
    }
}
