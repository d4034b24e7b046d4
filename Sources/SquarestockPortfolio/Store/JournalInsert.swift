import GRDB
import GRDBSQLite
import SquarestockCore

/// The journal's one INSERT (`JournalRows.insertSQL`) and its look-up of an import key
/// (`JournalRows.importedSQL`), prepared once per write and run through SQLite's C API: an
/// import runs both once a row, and GRDB's general path (an array of existential arguments,
/// bindings nested one closure per column, its bookkeeping around each step) cost more than
/// SQLite's own work on the row. The values bound are exactly those GRDB bound
/// (`JournalRows.entry` reads them back the same way). Used only inside the write's
/// transaction, on its connection.
struct JournalInsert {
    /// GRDB's statements, held so the SQLite statements live as long as this value.
    private let owners: [Statement]
    private let statement: SQLiteStatement
    /// Nil while a large write has set `entry_by_import` aside (`SetAsideIndexes`): the keys
    /// are then found in memory (`ImportKeysInMemory`).
    private let lookup: SQLiteStatement?
    private let connection: SQLiteConnection?

    /// Compiled without the table's CHECKs: SQLite (3.40, Debian 12's) evaluates the `IN` list
    /// on `kind` by building a temporary table each time the statement runs, a B-tree opened,
    /// filled and closed for every row, which cost as much as the row's own indexes. The kind
    /// bound is always an `EntryKind`'s raw value, one the CHECK allows, and the hash is bound
    /// exactly when the key is.
    ///
    /// The pragma counts when a statement is compiled, so it is off again for every other
    /// statement, here and for any other writer of the file. It is turned off by compiling the
    /// pragma, not by running it: SQLite applies a flag pragma as it compiles it, and running
    /// one also expires every prepared statement, which SQLite then compiles again at its next
    /// step, under the flags of that moment. Run, it put the CHECK back into this insert
    /// before its first row (until 2026-11-27 every import paid for it). Should a later SQLite
    /// apply the pragma only when run, it is run: the CHECK comes back, nothing is skipped.
    /// A schema change (`SetAsideIndexes`) also expires the insert, so a write that makes one
    /// makes its insert afterwards.
    init(_ db: Database, findsKeysByIndex: Bool = true) throws {
        let insert = try Self.compiledWithoutChecks(db, [JournalRows.insertSQL])[0]
        let find = findsKeysByIndex ? try db.makeStatement(sql: JournalRows.importedSQL) : nil
        owners = [insert] + (find.map { [$0] } ?? [])
        statement = insert.sqliteStatement
        lookup = find?.sqliteStatement
        connection = db.sqliteConnection
    }

    /// The statements of `sqls`, each an insert into `entry`, compiled without the table's
    /// CHECKs as `init` says why and how.
    static func compiledWithoutChecks(_ db: Database, _ sqls: [String]) throws -> [Statement] {
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        let made = Result { try sqls.map { sql in try db.makeStatement(sql: sql) } }
        _ = try db.makeStatement(sql: "PRAGMA ignore_check_constraints = OFF")
        if try Bool.fetchOne(db, sql: "PRAGMA ignore_check_constraints") != false {
            try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        }
        return try made.get()
    }

    /// How many times SQLite compiled the insert again since it was made (0 while it runs as
    /// made, without the CHECKs).
    var timesRecompiled: Int32 { sqlite3_stmt_status(statement, Int32(SQLITE_STMTSTATUS_REPREPARE), 0) }

    /// Inserts `e` into `portfolio`: the new id, or nil when the portfolio holds its import key
    /// already (nothing inserted).
    func run(_ e: JournalEntry, portfolio: Int64) throws -> Int64? {
        let hash = e.importKey.map(ImportKeyHash.of)
        if let key = e.importKey, let hash, try imported(key, hash: hash, portfolio: portfolio) != nil { return nil }
        return try insert(e, keyHash: hash, portfolio: portfolio)
    }

    /// The id of the entry of `portfolio` that holds the import key `key` (whose
    /// `ImportKeyHash` is `hash`), if any.
    func imported(_ key: String, hash: Int64, portfolio: Int64) throws -> Int64? {
        guard let lookup else { preconditionFailure("the import keys' index is set aside: ask ImportKeysInMemory") }
        sqlite3_reset(lookup)
        sqlite3_bind_int64(lookup, 1, hash)
        sqlite3_bind_int64(lookup, 2, portfolio)
        Self.text(lookup, 3, key)
        defer { sqlite3_reset(lookup) }
        switch sqlite3_step(lookup) {
        case SQLITE_ROW: return sqlite3_column_int64(lookup, 0)
        case SQLITE_DONE: return nil
        case let code: throw error(code, sql: JournalRows.importedSQL)
        }
    }

    /// Inserts `e` into `portfolio` without asking whether its import key is held (the caller
    /// asked `imported`), with `keyHash`, the key's `ImportKeyHash`: the new id.
    func insert(_ e: JournalEntry, keyHash: Int64?, portfolio: Int64) throws -> Int64 {
        sqlite3_reset(statement)
        Self.bind(e, keyHash: keyHash, portfolio: portfolio, to: statement, from: 1)
        let code = sqlite3_step(statement)
        // The statement keeps copies of the texts (SQLITE_TRANSIENT); reset now, so a failed
        // step's error is read before anything else runs on the connection.
        guard code == SQLITE_DONE else { throw error(code, sql: JournalRows.insertSQL) }
        return sqlite3_last_insert_rowid(connection)
    }

    /// Binds the 19 values of `JournalRows.insertSQL` for `e` to `statement`'s parameters
    /// `first` to `first + 18`.
    static func bind(
        _ e: JournalEntry, keyHash: Int64?, portfolio: Int64, to statement: SQLiteStatement, from first: Int32
    ) {
        let i = first - 1
        sqlite3_bind_int64(statement, i + 1, portfolio)
        text(statement, i + 2, e.kind.rawValue)
        date(statement, i + 3, e.date)
        text(statement, i + 4, e.symbol)
        decimal(statement, i + 5, e.quantity)
        decimal(statement, i + 6, e.price)
        text(statement, i + 7, e.currency)
        sqlite3_bind_int64(statement, i + 8, e.amount)
        sqlite3_bind_int64(statement, i + 9, e.fee)
        sqlite3_bind_int64(statement, i + 10, e.withheld)
        decimal(statement, i + 11, e.fxRate)
        integer(statement, i + 12, e.splitNumerator)
        integer(statement, i + 13, e.splitDenominator)
        integer(statement, i + 14, e.lot)
        integer(statement, i + 15, e.reverses)
        text(statement, i + 16, e.importKey)
        integer(statement, i + 17, e.importKey == nil ? nil : keyHash)
        text(statement, i + 18, e.note)
        text(statement, i + 19, e.fxRate == nil ? nil : e.fxBase)
    }

    /// SQLite's error for `code`, read before the statements are reset.
    private func error(_ code: Int32, sql: String) -> DatabaseError {
        let message = String(cString: sqlite3_errmsg(connection))
        sqlite3_reset(statement)
        if let lookup { sqlite3_reset(lookup) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// SQLite copies the bytes before the bind returns (SQLite's `SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func text(_ statement: SQLiteStatement, _ index: Int32, _ value: String?) {
        guard var value else {
            sqlite3_bind_null(statement, index)
            return
        }
        value.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would take for NULL.
            let empty: StaticString = ""
            let start = bytes.baseAddress ?? empty.utf8Start
            _ = start.withMemoryRebound(to: CChar.self, capacity: max(bytes.count, 1)) {
                sqlite3_bind_text(statement, index, $0, Int32(bytes.count), Self.transient)
            }
        }
    }

    /// `yyyy-MM-dd`, as `CivilDate.description` writes it, without making a String.
    private static func date(_ statement: SQLiteStatement, _ index: Int32, _ d: CivilDate) {
        guard (0...9999).contains(d.year) else { return text(statement, index, d.description) }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 10) { buffer in
            var year = d.year
            for i in stride(from: 3, through: 0, by: -1) {
                buffer[i] = CChar(48 + year % 10)
                year /= 10
            }
            buffer[4] = 45
            buffer[5] = CChar(48 + d.month / 10)
            buffer[6] = CChar(48 + d.month % 10)
            buffer[7] = 45
            buffer[8] = CChar(48 + d.day / 10)
            buffer[9] = CChar(48 + d.day % 10)
            _ = sqlite3_bind_text(statement, index, buffer.baseAddress, 10, Self.transient)
        }
    }

    /// A decimal as the text `ExactDecimal.description` writes (what `JournalRows.entry` parses).
    private static func decimal(_ statement: SQLiteStatement, _ index: Int32, _ value: ExactDecimal?) {
        text(statement, index, value?.description)
    }

    private static func integer(_ statement: SQLiteStatement, _ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }
}
