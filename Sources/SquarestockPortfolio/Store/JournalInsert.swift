import GRDB
import GRDBSQLite
import SquarestockCore

/// The journal's one INSERT (`JournalRows.insertSQL`), prepared once per write and run through
/// SQLite's C API: an import runs it once a row, and GRDB's general path (an array of
/// existential arguments, bindings nested one closure per column, its bookkeeping around each
/// step) cost more than SQLite's own work on the row. The values bound are exactly those GRDB
/// bound (`JournalRows.entry` reads them back the same way). Used only inside the write's
/// transaction, on its connection.
struct JournalInsert {
    /// GRDB's statement, held so the SQLite statement lives as long as this value.
    private let owner: Statement
    private let statement: SQLiteStatement
    private let connection: SQLiteConnection?

    /// Compiled without the table's CHECK on `kind`: SQLite (3.40, Debian 12's) evaluates that
    /// `IN` list by building a temporary table each time the statement runs, a B-tree opened,
    /// filled and closed for every row, which cost as much as the row's own indexes. The kind
    /// bound is always an `EntryKind`'s raw value, one the CHECK allows, and the pragma counts
    /// when a statement is compiled, so it is off again for everything else, here and for any
    /// other writer of the file.
    init(_ db: Database) throws {
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        let made = Result { try db.makeStatement(sql: JournalRows.insertSQL) }
        try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        owner = try made.get()
        statement = owner.sqliteStatement
        connection = db.sqliteConnection
    }

    /// Inserts `e` into `portfolio`: the new id, or nil when the portfolio holds its import key
    /// already (nothing inserted).
    func run(_ e: JournalEntry, portfolio: Int64) throws -> Int64? {
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, portfolio)
        text(2, e.kind.rawValue)
        date(3, e.date)
        text(4, e.symbol)
        text(5, e.quantity?.description)
        text(6, e.price?.description)
        text(7, e.currency)
        sqlite3_bind_int64(statement, 8, e.amount)
        sqlite3_bind_int64(statement, 9, e.fee)
        sqlite3_bind_int64(statement, 10, e.withheld)
        text(11, e.fxRate?.description)
        integer(12, e.splitNumerator)
        integer(13, e.splitDenominator)
        integer(14, e.lot)
        integer(15, e.reverses)
        text(16, e.importKey)
        text(17, e.note)
        let code = sqlite3_step(statement)
        // The statement keeps copies of the texts (SQLITE_TRANSIENT); reset now, so a failed
        // step's error is read before anything else runs on the connection.
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_reset(statement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: JournalRows.insertSQL)
        }
        guard sqlite3_changes(connection) == 1 else { return nil }
        return sqlite3_last_insert_rowid(connection)
    }

    /// SQLite copies the bytes before the bind returns (SQLite's `SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func text(_ index: Int32, _ value: String?) {
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
    private func date(_ index: Int32, _ d: CivilDate) {
        guard (0...9999).contains(d.year) else { return text(index, d.description) }
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

    private func integer(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }
}
