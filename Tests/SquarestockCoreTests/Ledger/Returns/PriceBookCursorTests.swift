import TestSupport
import Testing

@testable import SquarestockCore

/// The cursor a timeline walks (forward, a step at a time, holding the series' columns) answers
/// what the book's own search answers: the last price in the currency on or before the day.
struct PriceBookCursorTests {
    static let fetched = Instant(secondsSinceEpoch: 1_800_000_000)

    /// XYZ's closes in USD on every third day, and trades of it recorded in EUR on some days:
    /// a series with two currencies, so the cursor must skip the other one's prices.
    static func book() -> PriceBook {
        var closes: [DailyClose] = []
        for d in stride(from: 3, through: 300, by: 3) {
            closes.append(
                DailyClose(
                    symbol: "XYZ", date: CivilDate(daysSinceEpoch: Int64(20_000 + d)), close: ExactDecimal(100 + d),
                    currency: "USD", source: "test", fetched: fetched, splitAdjusted: false))
        }
        let trades = [1, 50, 51, 200, 301].enumerated().map { n, d in
            JournalEntry(
                id: Int64(n + 1), kind: .buy, date: CivilDate(daysSinceEpoch: Int64(20_000 + d)), symbol: "XYZ",
                quantity: ExactDecimal(1), price: ExactDecimal(7 + d), currency: "EUR", amount: 100)
        }
        return PriceBook(closes: closes, entries: trades, base: "USD")
    }

    @Test(arguments: ["USD", "EUR", "GBP"])
    func theCursorAgreesWithTheSearch(currency: String) {
        let book = Self.book()
        var generator = SeededRandom(seed: 31)
        var cursor = book.cursor("XYZ", currency: currency)
        var day: Int64 = 19_995
        // Mostly forward a day or a few at a time, sometimes back.
        for _ in 0..<2_000 {
            day += Int.random(in: 0..<10, using: &generator) > 0 ? Int64.random(in: 0...6, using: &generator) : -30
            day = min(max(day, 19_990), 20_320)
            let date = CivilDate(daysSinceEpoch: day)
            let expected = book.price(of: "XYZ", currency: currency, on: date)
            let got = cursor.price(on: date)
            #expect(got == expected, "\(currency) on day \(day)")
            if got != expected { return }
        }
    }

    /// A trade recorded before a split on the split's day is of the old shares (the ledger
    /// takes a day's entries in order): its price values the new shares divided by the split.
    /// As traded, 100 before a 4:1 split valued the 40 shares at 100 each (+300 %).
    @Test func aTradeBeforeASplitOnItsDayIsOfTheOldShares() throws {
        let day = CivilDate(daysSinceEpoch: 20_000)
        func trade(_ id: Int64, _ price: String) -> JournalEntry {
            JournalEntry(
                id: id, kind: .buy, date: day, symbol: "QQZ", quantity: ExactDecimal(10), price: ExactDecimal(price),
                currency: "USD", amount: 100_000)
        }
        let split = JournalEntry(
            id: 2, kind: .split, date: day, symbol: "QQZ", currency: "USD", splitNumerator: 4, splitDenominator: 1)
        let before = PriceBook(closes: [], entries: [trade(1, "100"), split], base: "USD")
        let p = try #require(before.price(of: "QQZ", currency: "USD", on: day))
        #expect(p.value == ExactDecimal(25) && p.isSplitAdjusted && p.plainSource == "trade", "\(p)")
        // The next day, and a trade recorded after the split that day (of the new shares).
        #expect(before.price(of: "QQZ", currency: "USD", on: day.adding(days: 1))?.value == ExactDecimal(25))
        let after = PriceBook(closes: [], entries: [split, trade(3, "26")], base: "USD")
        #expect(after.price(of: "QQZ", currency: "USD", on: day)?.value == ExactDecimal(26))
    }

    @Test func aSymbolWithNoPricesHasNone() {
        var cursor = Self.book().cursor("NONE", currency: "USD")
        #expect(cursor.value(on: CivilDate(daysSinceEpoch: 20_100)) == nil)
    }
}
