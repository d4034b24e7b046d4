import GRDB
import GRDBSQLite
import SquarestockCore

/// The `entry` table's columns as one `JournalEntry`: the one place a stored row is read, and
/// the one insert (`JournalInsert` binds its values). Rows are read straight from SQLite's
/// statement: a write's check replays every entry of the symbols it touched (after an import,
/// all of them), and GRDB's `Row` with its conversions cost more than the replay itself.
enum JournalRows {
    /// Every column, in the order `entry(_:)` reads them.
    static let columns = """
        id, kind, date, symbol, quantity, price, currency, amount, fee, withheld, fx_rate,
        split_numerator, split_denominator, lot, reverses, import_key, note, fx_base
        """

    /// `columns` with NULL in place of the import key and the note, which a replay never reads
    /// (after an import, the check reads every entry of the symbols it touched: a key each was
    /// a String made and freed for nothing).
    static let bookColumns = """
        id, kind, date, symbol, quantity, price, currency, amount, fee, withheld, fx_rate,
        split_numerator, split_denominator, lot, reverses, NULL, NULL, fx_base
        """

    /// Inserts a new entry (the id is SQLite's next), its import key with the key's hash
    /// (`ImportKeyHash`). Whether the portfolio holds the key already is asked first
    /// (`importedSQL`): no index can refuse a second copy, only find it.
    static let insertSQL = """
        INSERT INTO entry (portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee,
            withheld, fx_rate, split_numerator, split_denominator, lot, reverses, import_key, import_hash, note,
            fx_base)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The entry of a portfolio (?2) holding an import key (?3) with the key's hash (?1): found
    /// by the hash's index, confirmed by the text.
    static let importedSQL = """
        SELECT id FROM entry INDEXED BY entry_by_import
        WHERE import_hash = ?1 AND portfolio_id = ?2 AND import_key = ?3
        """

    /// Runs `sql`, which selects `columns`, and hands each row's entry to `body` in order.
    static func each(
        _ db: Database, sql: String, arguments: StatementArguments, _ body: (JournalEntry) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        let s = statement.sqliteStatement
        // Reset however this ends, so the statement holds no read open on the file.
        defer { sqlite3_reset(s) }
        while true {
            switch sqlite3_step(s) {
            case SQLITE_ROW: try body(try entry(s))
            case SQLITE_DONE: return
            case let code: throw failure(db, code, sql: sql)
            }
        }
    }

    /// A step's error, as GRDB reports one (the ledger's readers step SQLite's statements
    /// themselves).
    static func failure(_ db: Database, _ code: Int32, sql: String) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: sql)
    }

    /// Every row of `sql` as entries.
    static func all(_ db: Database, sql: String, arguments: StatementArguments) throws -> [JournalEntry] {
        var out: [JournalEntry] = []
        try each(db, sql: sql, arguments: arguments) { out.append($0) }
        return out
    }

    /// The current row of `s` (selecting `columns`).
    static func entry(_ s: SQLiteStatement) throws -> JournalEntry {
        guard let kind = text(s, 1).flatMap(EntryKind.init(rawValue:)), let date = parsed(s, 2, DateTimeParsing.isoDate)
        else {
            throw PortfolioError.foreignFile(path: "the ledger", detail: "an entry it cannot read")
        }
        var e = JournalEntry(
            id: sqlite3_column_int64(s, 0), kind: kind, date: date, symbol: text(s, 3),
            quantity: parsed(s, 4, ExactDecimal.parse), price: parsed(s, 5, ExactDecimal.parse),
            currency: text(s, 6) ?? "", amount: sqlite3_column_int64(s, 7), fee: sqlite3_column_int64(s, 8),
            withheld: sqlite3_column_int64(s, 9), fxRate: parsed(s, 10, ExactDecimal.parse),
            splitNumerator: integer(s, 11), splitDenominator: integer(s, 12), lot: integer(s, 13),
            reverses: integer(s, 14), importKey: text(s, 15), note: text(s, 16))
        e.fxBase = text(s, 17)
        return e
    }

    /// The portfolio's entries in effect (not reversals, not reversed), as SQL: `e` is the entry.
    static let inEffect = "e.kind != 'reversal' AND NOT EXISTS (SELECT 1 FROM entry r WHERE r.reverses = e.id)"

    static func isNull(_ s: SQLiteStatement, _ i: Int32) -> Bool { sqlite3_column_type(s, i) == SQLITE_NULL }

    private static func integer(_ s: SQLiteStatement, _ i: Int32) -> Int64? {
        isNull(s, i) ? nil : sqlite3_column_int64(s, i)
    }

    /// The column's text as SQLite holds it (UTF-8), nil when NULL; valid until the next step.
    static func bytes(_ s: SQLiteStatement, _ i: Int32) -> UnsafeRawBufferPointer? {
        // sqlite3_column_text before sqlite3_column_bytes, as SQLite's documentation orders them;
        // its NULL pointer is the column's NULL (an empty text has a pointer), so no type call
        // per column is needed (the returns read 1.3 million rows of these).
        guard let start = sqlite3_column_text(s, i) else { return nil }
        return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(s, i)))
    }

    private static func text(_ s: SQLiteStatement, _ i: Int32) -> String? {
        bytes(s, i).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func parsed<T>(_ s: SQLiteStatement, _ i: Int32, _ parse: (UnsafeRawBufferPointer) -> T?) -> T? {
        bytes(s, i).flatMap(parse)
    }
}
