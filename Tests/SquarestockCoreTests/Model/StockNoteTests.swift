import Testing

@testable import SquarestockCore

/// The typed notes print exactly the texts the views showed when notes were strings.
struct StockNoteTests {
    @Test func eachCaseShowsItsText() {
        #expect(
            StockNote.fellBack(from: "yahoo", to: "stooq", reason: "yahoo is rate limiting requests").text
                == "fell back from yahoo to stooq: yahoo is rate limiting requests")
        #expect(StockNote.exchangeStatus(.maintenance).text == "exchange status: maintenance")
        #expect(StockNote.exchangeStatus(.cancelOnly).text == "exchange status: cancel-only")
        #expect(
            StockNote.notConverted(to: "JPY", reason: "no rate in USDJPY=X").text
                == "not converted to JPY: no rate in USDJPY=X")
        #expect(StockNote.remark("change over 24 h").text == "change over 24 h")
    }

    @Test func aStockShowsItsNotesInOrder() {
        let stock = Stock(
            company: Company(symbol: "BTC-USD"), price: Price(last: ExactDecimal(1)), source: "kraken",
            notes: [.remark("change since 00:00 UTC"), .exchangeStatus(.postOnly)])
        #expect(stock.notes.map(\.text) == ["change since 00:00 UTC", "exchange status: post-only"])
    }
}
