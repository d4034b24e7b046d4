import GRDB
import SquarestockCore

/// What new entries do that the ledger allows but that is likely a slip, said once when they are
/// recorded (they were accepted without a word): a purchase or withdrawal that takes a currency's cash below
/// zero (no deposit recorded for it; fine for a user who does not track cash, so said only when
/// it first goes negative), and a dividend of a symbol not held on or before its date. Worked out
/// in the write's transaction from the cash table and the file, never from the whole journal.
enum EntryNotes {
    /// At most this many dividend notes; an import of a year of dividends for a symbol never
    /// bought says so once per symbol, and a file of thousands gets a count for the rest.
    static let dividendLimit = 20

    /// A withdrawal that first takes a currency's cash below zero is said the same way (more was
    /// taken out than the ledger knows was paid in).
    static func cash(
        before: [String: Int64], after: [String: Int64], bought: Set<String>, withdrew: Set<String> = []
    ) -> [String] {
        bought.union(withdrew).sorted().compactMap { currency in
            let now = after[currency] ?? 0
            guard now < 0, (before[currency] ?? 0) >= 0 else { return nil }
            let what = bought.contains(currency) ? "the purchase" : "the withdrawal"
            return
                "cash \(currency) is now \(MinorUnits.text(now, currency: currency)): no deposit covers \(what); "
                + "`squarestock portfolio deposit AMOUNT \(currency)` records the money paid in (ignore this if you do not track cash)"
        }
    }

    /// The new dividends (ids from `firstID` on: a rowid range, NOT INDEXED so SQLite does not
    /// walk every entry of the portfolio instead) of a symbol with no purchase in effect on or
    /// before their date, in the order written.
    static func dividends(_ db: Database, portfolio: Int64, firstID: Int64) throws -> [String] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT d.symbol, d.date FROM entry d NOT INDEXED
                WHERE d.id >= ? AND d.portfolio_id = ? AND d.kind = 'dividend' AND d.symbol IS NOT NULL
                  AND NOT EXISTS (
                    SELECT 1 FROM entry e INDEXED BY entry_by_symbol
                    WHERE e.portfolio_id = d.portfolio_id AND e.symbol = d.symbol AND e.date <= d.date
                      AND e.kind = 'buy' AND \(JournalRows.inEffect))
                ORDER BY d.id
                """, arguments: [firstID, portfolio])
        var out: [String] = []
        var more = 0
        while let r = try rows.next() {
            guard out.count < dividendLimit else {
                more += 1
                continue
            }
            let symbol: String = r[0]
            let date: String = r[1]
            out.append(
                "\(symbol) was not held on or before \(date): the dividend is recorded; check the symbol, or record the purchase"
            )
        }
        if more > 0 { out.append("\(more) more dividends of symbols not held on their dates") }
        return out
    }
}
