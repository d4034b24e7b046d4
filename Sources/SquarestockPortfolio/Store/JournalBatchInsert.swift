import GRDB
import GRDBSQLite
import SquarestockCore

/// A large write's new entries inserted `rows` to a statement (one INSERT with that many rows
/// of values), each with the id the write gives it as it comes: SQLite's work around a
/// statement (the reset, the program's start, the table's cursor opened and closed, the
/// statement journal) is paid once a batch instead of once a row. Used while the journal's
/// indexes are set aside (`SetAsideIndexes`, `JournalWriter`), when nothing reads the rows of
/// this write until the writer asks for them (`flush` first).
///
/// Every entry is checked in Swift before it comes here (each refusal stays its own row's); an
/// entry SQLite itself may refuse, a reversal (`entry_reversing`, a unique index kept in place),
/// goes in alone at once, after the batch before it. What else SQLite could refuse (a full
/// disk) is reported when the batch goes in, before the write ends, and the write is rolled
/// back whole as before. The ids are those SQLite would give (one past the largest, in order).
struct JournalBatchInsert {
    static let rows = 32

    /// GRDB's statements, held so the SQLite statements live as long as this value.
    private let owners: [Statement]
    /// `rows` rows of values, and one, each with its id.
    private let batch: SQLiteStatement
    private let single: SQLiteStatement
    private let connection: SQLiteConnection?
    private let portfolio: Int64
    /// Entries given an id and not yet inserted (fewer than `rows`), and the first one's id.
    private var pending: [(entry: JournalEntry, keyHash: Int64?)] = []
    private var pendingFrom: Int64
    /// The id the next entry gets.
    private(set) var nextID: Int64

    /// Compiled, like `JournalInsert`'s, without the table's CHECKs (and so made after any
    /// schema change of the write, which would expire them).
    init(_ db: Database, portfolio: Int64) throws {
        let statements = try JournalInsert.compiledWithoutChecks(db, [Self.sql(rows: Self.rows), Self.sql(rows: 1)])
        owners = statements
        batch = statements[0].sqliteStatement
        single = statements[1].sqliteStatement
        connection = db.sqliteConnection
        self.portfolio = portfolio
        nextID = (try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) + 1 FROM entry")) ?? 1
        pendingFrom = nextID
        pending.reserveCapacity(Self.rows)
    }

    /// How many times SQLite compiled either statement again since it was made (0 while they
    /// run as made, without the CHECKs).
    var timesRecompiled: Int32 {
        [batch, single].map { sqlite3_stmt_status($0, Int32(SQLITE_STMTSTATUS_REPREPARE), 0) }.reduce(0, +)
    }

    /// `JournalRows.insertSQL` with the id first, for `rows` rows.
    static func sql(rows: Int) -> String {
        let values = "(" + Array(repeating: "?", count: 20).joined(separator: ", ") + ")"
        return """
            INSERT INTO entry (id, portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee,
                withheld, fx_rate, split_numerator, split_denominator, lot, reverses, import_key, import_hash, note,
                fx_base)
            VALUES \(Array(repeating: values, count: rows).joined(separator: ", "))
            """
    }

    /// The id `e` has in the ledger from here on (inserted now or with its batch), its import
    /// key's `ImportKeyHash` being `keyHash`.
    mutating func add(_ e: JournalEntry, keyHash: Int64?) throws -> Int64 {
        let id = nextID
        if e.reverses != nil {
            try flush()
            try run(single, [(e, keyHash)], from: id)
            nextID += 1
            pendingFrom = nextID
            return id
        }
        pending.append((e, keyHash))
        nextID += 1
        if pending.count == Self.rows { try flush() }
        return id
    }

    /// Inserts the entries still pending: after it, every entry added is in the table.
    mutating func flush() throws {
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingFrom = nextID
        }
        if pending.count == Self.rows {
            try run(batch, pending, from: pendingFrom)
        } else {
            for (i, row) in pending.enumerated() { try run(single, [row], from: pendingFrom + Int64(i)) }
        }
    }

    private func run(_ statement: SQLiteStatement, _ rows: [(entry: JournalEntry, keyHash: Int64?)], from id: Int64)
        throws
    {
        sqlite3_reset(statement)
        for (i, row) in rows.enumerated() {
            let first = Int32(i * 20 + 1)
            sqlite3_bind_int64(statement, first, id + Int64(i))
            JournalInsert.bind(row.entry, keyHash: row.keyHash, portfolio: portfolio, to: statement, from: first + 1)
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_reset(statement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: "INSERT INTO entry")
        }
    }
}
