import GRDB
import SquarestockCore

/// The `entry` table's columns as one `JournalEntry`: the one place a stored row is read, and
/// the one insert.
enum JournalRows {
    /// Every column, in the order `entry(_:)` reads them.
    static let columns = """
        id, kind, date, symbol, quantity, price, currency, amount, fee, withheld, fx_rate,
        split_numerator, split_denominator, lot, reverses, import_key, note
        """

    /// Inserts a new entry (the id is SQLite's next); an import key the portfolio already holds
    /// inserts nothing (`changesCount` is 0), every other conflict is an error.
    static let insertSQL = """
        INSERT INTO entry (portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee,
            withheld, fx_rate, split_numerator, split_denominator, lot, reverses, import_key, note)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (portfolio_id, import_key) DO NOTHING
        """

    static func arguments(_ e: JournalEntry, portfolio: Int64) -> StatementArguments {
        [
            portfolio, e.kind.rawValue, e.date.description, e.symbol, e.quantity?.description,
            e.price?.description, e.currency, e.amount, e.fee, e.withheld, e.fxRate?.description,
            e.splitNumerator, e.splitDenominator, e.lot, e.reverses, e.importKey, e.note,
        ]
    }

    static func entry(_ r: Row) throws -> JournalEntry {
        guard let kind = EntryKind(rawValue: r[1]), let date = DateTimeParsing.isoDate(r[2] as String) else {
            throw PortfolioError.foreignFile(path: "the ledger", detail: "an entry it cannot read")
        }
        return JournalEntry(
            id: r[0], kind: kind, date: date, symbol: r[3],
            quantity: (r[4] as String?).flatMap(ExactDecimal.init),
            price: (r[5] as String?).flatMap(ExactDecimal.init), currency: r[6], amount: r[7], fee: r[8],
            withheld: r[9], fxRate: (r[10] as String?).flatMap(ExactDecimal.init), splitNumerator: r[11],
            splitDenominator: r[12], lot: r[13], reverses: r[14], importKey: r[15], note: r[16])
    }

    /// The portfolio's entries in effect (not reversals, not reversed), as SQL: `e` is the entry.
    static let inEffect = "e.kind != 'reversal' AND NOT EXISTS (SELECT 1 FROM entry r WHERE r.reverses = e.id)"
}
