import CSQLiteShim
import Foundation
import GRDB
import GRDBSQLite
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger file: SQLite through GRDB, owner-only, WAL (readers never wait for a writer),
/// foreign keys on, migrations versioned. Every write is one IMMEDIATE transaction that inserts
/// the new entries and then replays the symbols they touch (`JournalWriter`, `JournalReplay`),
/// so a sale of shares another process just sold is refused, a killed import leaves nothing
/// behind, and a write costs what it touches, not the journal's length. IMMEDIATE because SQLite
/// applies its busy timeout only to taking the write lock at BEGIN: a deferred transaction that
/// read first gets BUSY at once when another process wrote meanwhile. So a second writer waits up
/// to `busyTimeout` and only then reports "busy". Creating and migrating the file happen under
/// the file's `flock` (`LedgerFile`), so two first runs at once build the tables once. A file that
/// is not a squarestock ledger is reported and never written, and so is one a newer squarestock
/// has migrated; a link, another user's file or one others may read is refused with the fix; a
/// damaged one is refused before the first write.
public final class PortfolioStore: @unchecked Sendable {
    public let path: String
    let queue: DatabaseQueue
    public static let busyTimeout: TimeInterval = 10
    /// SQLite's page cache, at most (its default is 2 MiB): an import's index pages otherwise
    /// spill into the WAL and are read back, and the kernel's reads and writes were a fifth of a
    /// 200,000-row import. A write that touches less uses less.
    static let cacheKiB = 16 * 1024
    /// How much of the file SQLite reads through a memory mapping.
    static let mmapBytes = 256 << 20
    /// The ledger file, open for the store's life and closed only after the queue: closing any
    /// descriptor of a file drops every POSIX lock this process holds on it, SQLite's included.
    private let descriptor: Int32
    /// Set once `quick_check` passed; touched only inside the queue's serial writes.
    private var checked = false
    /// The base currency an entry's FX rate is into when the entry does not say
    /// (`JournalEntry.fxBase`): the configured one, set by whoever opens the ledger to write.
    public var fxBase: String?

    /// Opens (creating, owner-only, when missing) the ledger at `path`.
    public init(path: String) throws(PortfolioError) {
        self.path = path
        let fd = try LedgerFile.open(path)
        do {
            queue = try Self.prepare(fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
    }

    deinit {
        let closed = (try? queue.close()) != nil
        // Closed last, SQLite has moved the WAL into the file: a file this process checked (or
        // found unchanged) and wrote only through SQLite is noted as checked as it is now.
        if closed, checked { LedgerCheckMark.record(path) }
        close(descriptor)
    }

    /// SQLite's memory statistics, off before the process's first connection (once): they
    /// take a process-wide mutex on every allocation SQLite makes (an import's rows make
    /// millions), and nothing here reads them. A process that opened SQLite before keeps them.
    private static let memoryStatisticsOff: Void = { _ = ss_sqlite_memory_statistics_off() }()

    /// Checks, creates and migrates the file under its `flock`, and returns the queue every
    /// later read and write goes through.
    private static func prepare(_ fd: Int32, path: String) throws(PortfolioError) -> DatabaseQueue {
        _ = memoryStatisticsOff
        try LedgerFile.lock(fd, path: path, timeout: busyTimeout)
        defer { LedgerFile.unlock(fd) }
        if !LedgerFile.isEmpty(fd) {
            // Checked read-only first: opening in WAL mode would already rewrite the header of
            // someone else's database.
            do {
                var check = Configuration()
                check.readonly = true
                check.busyMode = .timeout(busyTimeout)
                let existing = try DatabaseQueue(path: path, configuration: check)
                try Self.checkOwnership(existing, path: path)
                try Self.checkVersion(existing, path: path)
            } catch {
                throw Self.mapped(error, path: path)
            }
        }
        try LedgerFile.checkMode(fd, path: path)
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
            // Pages read through a mapping rather than a `pread` each: the returns read ten years
            // of daily closes (16,000 pages of a 64 MB ledger) once per run.
            try db.execute(sql: "PRAGMA mmap_size = \(mmapBytes)")
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            // Ours from the first write on, so a first run cut short is never taken for a
            // foreign file.
            try queue.writeWithoutTransaction { db in
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0 {
                    try db.execute(sql: "PRAGMA application_id = \(PortfolioSchema.applicationID)")
                }
            }
            try PortfolioSchema.migrator.migrate(queue)
            return queue
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    /// A file with tables and no squarestock application id, or not a database at all.
    static func checkOwnership(_ queue: DatabaseQueue, path: String) throws {
        try queue.read { db in
            let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            // A squarestock first run cut short may have left GRDB's empty bookkeeping table.
            let tables =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name != 'grdb_migrations'") ?? 0
            if id != PortfolioSchema.applicationID, tables > 0 {
                throw PortfolioError.foreignFile(path: path, detail: "another program's database")
            }
        }
    }

    /// A ledger a later squarestock has migrated (a migration this one does not know): this one
    /// would write it without keeping up what that migration added, so it is refused unwritten.
    static func checkVersion(_ queue: DatabaseQueue, path: String) throws {
        let migrator = PortfolioSchema.migrator
        let unknown = try queue.read { db in try migrator.appliedIdentifiers(db).subtracting(migrator.migrations) }
        guard unknown.isEmpty else {
            throw PortfolioError.storage(
                path: path,
                detail: "a newer squarestock has changed it (schema \(unknown.sorted().joined(separator: ", ")), "
                    + "unknown to this version); update squarestock to use it")
        }
    }

    static func mapped(_ error: any Error, path: String) -> PortfolioError {
        if let e = error as? PortfolioError { return e }
        if let e = error as? DatabaseError {
            switch e.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .foreignFile(path: path, detail: "not a SQLite database, or damaged")
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
            default: return .storage(path: path, detail: e.message ?? e.description)
            }
        }
        return .storage(path: path, detail: String(describing: error))
    }

    func run<T>(_ body: () throws -> T) throws(PortfolioError) -> T {
        do { return try body() } catch { throw Self.mapped(error, path: path) }
    }

    /// One IMMEDIATE write transaction (see the type's comment), after `quick_check` the first
    /// time: damaged pages are reported before anything is written on top of them.
    /// Rolled back instead of committed when `keep` is false. Without `waiting`, a file another
    /// process is writing reports "busy" at once instead of after `busyTimeout`.
    func write<T>(keep: Bool = true, waiting: Bool = true, _ body: (Database) throws -> T) throws -> T {
        try queue.writeWithoutTransaction { db in
            if !waiting {
                sqlite3_busy_timeout(db.sqliteConnection, 0)
            }
            defer {
                if !waiting { sqlite3_busy_timeout(db.sqliteConnection, Int32(Self.busyTimeout * 1000)) }
            }
            if !checked {
                if !LedgerCheckMark.matches(path) { try Self.checkIntegrity(db, path: path) }
                // Until this process closes the file, the note no longer describes it.
                LedgerCheckMark.forget(path)
                checked = true
            }
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return keep ? .commit : .rollback
            }
            return result!
        }
    }

    /// `PRAGMA quick_check`: "ok", or the damage it found (or the error reading it raised).
    static func checkIntegrity(_ db: Database, path: String) throws {
        let lines: [String]
        do {
            lines = try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
        } catch let e as DatabaseError where e.resultCode == .SQLITE_CORRUPT || e.resultCode == .SQLITE_NOTADB {
            throw PortfolioError.damaged(path: path, detail: e.message ?? "unreadable pages")
        }
        guard lines == ["ok"] else {
            throw PortfolioError.damaged(path: path, detail: lines.joined(separator: "; "))
        }
    }

    // MARK: Portfolios

    /// The portfolio's id and lot method, created with FIFO when `create` and missing.
    public func portfolio(named name: String, create: Bool) throws(PortfolioError) -> (id: Int64, method: LotMethod) {
        let found: (Int64, LotMethod)? = try run {
            try queue.read { db in
                try Row.fetchOne(db, sql: "SELECT id, method FROM portfolio WHERE name = ?", arguments: [name]).map {
                    ($0["id"], LotMethod(rawValue: $0["method"]) ?? .fifo)
                }
            }
        }
        if let found { return found }
        guard create else {
            let known =
                (try? run {
                    try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM portfolio ORDER BY name") }
                }) ?? []
            throw .unknownPortfolio(name, known: known.map(TerminalText.visible))
        }
        return try run {
            try write { db in
                try db.execute(sql: "INSERT OR IGNORE INTO portfolio (name) VALUES (?)", arguments: [name])
                // Another process may have made it since the look above, with its own method.
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, method FROM portfolio WHERE name = ?", arguments: [name])
                return (row?["id"] ?? 0, row.flatMap { LotMethod(rawValue: $0["method"]) } ?? .fifo)
            }
        }
    }

    public func setMethod(_ method: LotMethod, portfolio: Int64) throws(PortfolioError) {
        try run {
            try write { db in
                try db.execute(
                    sql: "UPDATE portfolio SET method = ? WHERE id = ?", arguments: [method.rawValue, portfolio])
            }
        }
    }

    // MARK: Journal

    /// Every entry of the portfolio, in id order.
    public func entries(portfolio: Int64) throws(PortfolioError) -> [JournalEntry] {
        try run { try queue.read { db in try Self.entries(db, portfolio: portfolio) } }
    }

    static func entries(_ db: Database, portfolio: Int64) throws -> [JournalEntry] {
        try JournalRows.all(
            db, sql: "SELECT \(JournalRows.columns) FROM entry WHERE portfolio_id = ? ORDER BY id",
            arguments: [portfolio])
    }

    /// The import keys of `portfolio`'s entries an `undo` reversed (`PortfolioLedger.undoNote`;
    /// a rename's reversals are not undos: the entry lives on under its new symbol): an import
    /// of their file again finds them held, and says they stay out. Read through the reversals'
    /// own index: every import and preview asks, and the journal may be large.
    public func undoneImportKeys(portfolio: Int64) throws(PortfolioError) -> Set<String> {
        try run {
            try queue.read { db in
                Set(
                    try String.fetchAll(
                        db,
                        sql: """
                            SELECT e.import_key FROM entry r INDEXED BY entry_reversing JOIN entry e ON e.id = r.reverses
                            WHERE r.reverses IS NOT NULL AND r.portfolio_id = ? AND r.note = ?
                                AND e.import_key IS NOT NULL
                            """, arguments: [portfolio, PortfolioLedger.undoNote]))
            }
        }
    }

    /// Runs `body` with a writer of `portfolio`'s journal in one IMMEDIATE transaction, then
    /// checks the journal with what it wrote (the symbols it touched, replayed under `method`:
    /// two writers never both sell the same shares) and commits, or, when `keep` is false (a
    /// preview), rolls back: a preview refuses exactly what the write would. Returns the body's
    /// value and the notes on likely slips (`EntryNotes`). `expectedRows`, an estimate of the
    /// rows `body` will add (an import's), lets a large write set indexes aside (`JournalWriter`).
    public func writeJournal<T>(
        portfolio: Int64, method: LotMethod, keep: Bool = true, expectedRows: Int = 0,
        lineOf: ((Int64) -> Int?)? = nil, _ body: (JournalWriter) throws(PortfolioError) -> T
    ) throws(PortfolioError) -> (value: T, notes: [String]) {
        try run {
            try write(keep: keep) { db in
                let writer = try JournalWriter(db, portfolio: portfolio, expectedRows: expectedRows, fxBase: fxBase)
                let value = try body(writer)
                return (value, try writer.finish(method: method, lineOf: lineOf))
            }
        }
    }

    /// One symbol's book (`JournalReplay`): its lots without reading the rest of the journal.
    public func book(of symbol: String, portfolio: Int64, method: LotMethod) throws(PortfolioError) -> PortfolioBook {
        try run {
            try queue.read { db in
                try JournalReplay.book(db, portfolio: portfolio, symbol: symbol, method: method)
            }
        }
    }

    /// The cash table of `portfolio` (a cache of the journal; tests hold it to the replay).
    public func cachedCash(portfolio: Int64) throws(PortfolioError) -> [String: Int64] {
        try run { try queue.read { db in try CashBalances.all(db, portfolio: portfolio) } }
    }

    // MARK: Prices

    /// The last prices fetched, for valuing offline.
    public func storedPrices() throws(PortfolioError) -> [String: StoredPrice] {
        try run {
            try queue.read { db in
                var out: [String: StoredPrice] = [:]
                for r in try Row.fetchAll(
                    db, sql: "SELECT symbol, price, currency, change, traded, fetched, source FROM price")
                {
                    guard let price = ExactDecimal(r[1] as String) else { continue }
                    out[r[0]] = StoredPrice(
                        symbol: r[0], price: price, currency: r[2],
                        change: (r[3] as String?).flatMap(ExactDecimal.init),
                        traded: (r[4] as Int64?).map(Instant.init(secondsSinceEpoch:)),
                        fetched: Instant(secondsSinceEpoch: r[5]), source: r[6])
                }
                return out
            }
        }
    }

    /// Keeps the prices a view fetched, for later views offline; without waiting for a write of
    /// another process (an import or its preview runs for seconds): a view that only wanted to
    /// keep its prices waited the whole `busyTimeout`, then kept nothing anyway.
    public func store(prices: [StoredPrice]) throws(PortfolioError) {
        guard !prices.isEmpty else { return }
        try run {
            try write(waiting: false) { db in
                for p in prices {
                    try db.execute(
                        sql:
                            "INSERT OR REPLACE INTO price (symbol, price, currency, change, traded, fetched, source) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        arguments: [
                            p.symbol, p.price.description, p.currency, p.change?.description,
                            p.traded?.secondsSinceEpoch, p.fetched.secondsSinceEpoch, p.source,
                        ])
                }
            }
        }
    }

    // MARK: Backup

    /// A consistent copy made with SQLite's online backup, while others may be writing. A copy
    /// that fails (a full disk) is removed, and the error names the copy: it named the ledger,
    /// with SQLite's "not an error" for the reason, and left a partial file and its journal.
    /// `created` runs once the copy's file is made (by this call: never one that was there).
    public func backup(to destination: String, created: () -> Void = {}) throws(PortfolioError) {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw .storage(path: destination, detail: "it exists; choose a new file name")
        }
        let fd = open(destination, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .storage(path: destination, detail: String(cString: strerror(errno))) }
        close(fd)
        created()
        do {
            let target = try DatabaseQueue(path: destination)
            try queue.backup(to: target)
            try target.close()
        } catch {
            Self.removeCopy(destination)
            // The ledger is what another process holds, not the copy.
            if let e = error as? DatabaseError, e.resultCode == .SQLITE_BUSY || e.resultCode == .SQLITE_LOCKED {
                throw Self.mapped(error, path: path)
            }
            if let e = error as? DatabaseError, e.message == nil || e.message == "not an error" {
                throw .storage(path: destination, detail: String(cString: sqlite3_errstr(e.resultCode.rawValue)))
            }
            throw Self.mapped(error, path: destination)
        }
    }

    /// Removes a backup copy that is not complete: the file and what SQLite keeps beside it.
    public static func removeCopy(_ destination: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(destination + suffix) }
    }
}
