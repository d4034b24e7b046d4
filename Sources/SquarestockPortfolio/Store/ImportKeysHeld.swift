import GRDB
import GRDBSQLite

/// Which import-key hashes the ledger may hold, so an import asks SQLite about a key only when
/// its hash is held already. A look-up is a statement run per row, as costly as the row's
/// insert; an import of many new rows asks none. The first `askedBeforeLoading` keys of a write
/// are answered "maybe" (SQLite decides), so a small import into a large book never reads every
/// hash; from then on the hashes of the whole file (every portfolio: a superset only costs a
/// look-up) are held in memory, with those this write adds.
struct ImportKeysHeld {
    static let askedBeforeLoading = 1_000
    private var hashes: Set<Int64>?
    private var asked = 0

    /// False when no entry of the file holds `hash`; true when one may (SQLite decides).
    mutating func mayHold(_ hash: Int64, _ db: Database) throws -> Bool {
        if let hashes { return hashes.contains(hash) }
        asked += 1
        guard asked > Self.askedBeforeLoading else { return true }
        var loaded = Set<Int64>()
        let statement = try db.makeStatement(
            sql: "SELECT import_hash FROM entry INDEXED BY entry_by_import WHERE import_hash IS NOT NULL")
        let s = statement.sqliteStatement
        defer { sqlite3_reset(s) }
        while true {
            switch sqlite3_step(s) {
            case SQLITE_ROW: loaded.insert(sqlite3_column_int64(s, 0))
            case SQLITE_DONE:
                hashes = loaded
                return loaded.contains(hash)
            case let code:
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    /// Notes that this write stored `hash`.
    mutating func stored(_ hash: Int64) { hashes?.insert(hash) }
}
