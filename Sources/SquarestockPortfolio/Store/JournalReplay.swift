import GRDB
import SquarestockCore

/// The write's check, replayed from the file: each symbol the write touched, its entries in
/// effect in the order they apply (date, then id, as `PortfolioBook.effective`), through
/// `PortfolioBook`. A symbol's lots
/// depend on its own entries alone (cash never refuses an entry), so this accepts exactly what a
/// replay of the whole journal accepts, at the cost of the symbols written: one purchase on a
/// book of a million entries replays that symbol, not the million. Rows are read by cursor and
/// one symbol's lots are held at a time.
enum JournalReplay {
    /// `refusal` makes the error of an entry that cannot apply (its id, the book's error).
    static func check(
        _ db: Database, portfolio: Int64, symbols: Set<String>, method: LotMethod,
        refusal: (Int64, PortfolioError) -> PortfolioError = { $1 }
    ) throws {
        for symbol in symbols.sorted() {
            _ = try book(db, portfolio: portfolio, symbol: symbol, method: method, refusal: refusal)
        }
    }

    /// The book of one symbol: its lots, disposals and dividends (cash only from its entries).
    static func book(
        _ db: Database, portfolio: Int64, symbol: String, method: LotMethod,
        refusal: (Int64, PortfolioError) -> PortfolioError = { $1 }
    ) throws -> PortfolioBook {
        var book = PortfolioBook(method: method)
        try JournalRows.each(
            db,
            sql: """
                SELECT \(JournalRows.bookColumns) FROM entry e INDEXED BY entry_by_symbol
                WHERE e.portfolio_id = ? AND e.symbol = ? AND \(JournalRows.inEffect)
                ORDER BY e.date, e.id
                """, arguments: [portfolio, symbol]
        ) { e in
            do throws(PortfolioError) { try book.apply(e) } catch { throw e.id.map { refusal($0, error) } ?? error }
        }
        return book
    }
}
