import Testing

@testable import SquarestockKit

/// `portfolio sync` writes its events a page at a time; a page's cash note spoke of the cash
/// after that page ("cash USD is now -18478.69" when the sync ended at -47432.56).
struct SyncCashNoteTests {
    @Test func theCashNoteSaysTheCashAtTheEnd() {
        let notes = [
            "cash USD is now -18478.69: no deposit covers the purchase; `squarestock portfolio deposit AMOUNT USD` records the money paid in",
            "dividends of SYM without a purchase",
            "cash USD is now -30000.00: no deposit covers the purchase; again",
        ]
        let out = SquarestockApp.cashNotesAtTheEnd(notes, cash: ["USD": -4_743_256])
        #expect(
            out == [
                "cash USD is now -47432.56: no deposit covers the purchase; `squarestock portfolio deposit AMOUNT USD` records the money paid in",
                "dividends of SYM without a purchase",
            ])
        // Paid back in by a later page: no shortfall left to speak of.
        #expect(
            SquarestockApp.cashNotesAtTheEnd(notes, cash: ["USD": 50_000]) == ["dividends of SYM without a purchase"])
        // Nothing else is touched; a currency the book lacks keeps its note.
        #expect(
            SquarestockApp.cashNotesAtTheEnd(["cash EUR is now -1.00: x"], cash: [:]) == ["cash EUR is now -1.00: x"])
    }
}
