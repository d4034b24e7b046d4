import Foundation
import GRDB
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger file: SQLite through GRDB, owner-only, WAL (readers never wait for a writer),
/// foreign keys on, migrations versioned. Every write is one IMMEDIATE transaction that first
/// replays the journal with the new entries (`PortfolioBook`), so a sale of shares another process
/// just sold is refused, and a killed import leaves nothing behind. IMMEDIATE because SQLite applies
/// its busy timeout only to taking the write lock at BEGIN: a deferred transaction that read first
/// gets BUSY at once when another process wrote meanwhile. So a second writer waits up to
/// `busyTimeout` and only then reports "busy". Creating and migrating the file happen under the
/// file's `flock` (`LedgerFile`), so two first runs at once build the tables once. A file that is
/// not a squarestock ledger is reported and never written; a link, another user's file or one
/// others may read is refused with the fix; a damaged one is refused before the first write.
public final class PortfolioStore: @unchecked Sendable {
    public let path: String
    let queue: DatabaseQueue
    public static let busyTimeout: TimeInterval = 10
    /// The ledger file, open for the store's life and closed only after the queue: closing any
    /// descriptor of a file drops every POSIX lock this process holds on it, SQLite's included.
    private let descriptor: Int32
    /// Set once `quick_check` passed; touched only inside the queue's serial writes.
    private var checked = false

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
        try? queue.close()
        close(descriptor)
    }

    /// Checks, creates and migrates the file under its `flock`, and returns the queue every
    /// later read and write goes through.
    private static func prepare(_ fd: Int32, path: String) throws(PortfolioError) -> DatabaseQueue {
        try LedgerFile.lock(fd, path: path, timeout: busyTimeout)
        defer { LedgerFile.unlock(fd) }
        if !LedgerFile.isEmpty(fd) {
            // Checked read-only first: opening in WAL mode would already rewrite the header of
            // someone else's database.
            do {
                var check = Configuration()
                check.readonly = true
                check.busyMode = .timeout(busyTimeout)
                try Self.checkOwnership(DatabaseQueue(path: path, configuration: check), path: path)
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
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.writeWithoutTransaction { db in
            if !checked {
                try Self.checkIntegrity(db, path: path)
                checked = true
            }
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
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
        guard create else { throw .unknownPortfolio(name) }
        return try run {
            try write { db in
                try db.execute(sql: "INSERT OR IGNORE INTO portfolio (name) VALUES (?)", arguments: [name])
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM portfolio WHERE name = ?", arguments: [name]) ?? 0
                return (id, .fifo)
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
        var out: [JournalEntry] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, kind, date, symbol, quantity, price, currency, amount, fee, withheld, fx_rate,
                       split_numerator, split_denominator, lot, reverses, import_key, note
                FROM entry WHERE portfolio_id = ? ORDER BY id
                """, arguments: [portfolio])
        while let r = try rows.next() {
            guard let kind = EntryKind(rawValue: r[1]), let date = DateTimeParsing.isoDate(r[2] as String) else {
                throw PortfolioError.foreignFile(path: "the ledger", detail: "an entry it cannot read")
            }
            out.append(
                JournalEntry(
                    id: r[0], kind: kind, date: date, symbol: r[3],
                    quantity: (r[4] as String?).flatMap(ExactDecimal.init),
                    price: (r[5] as String?).flatMap(ExactDecimal.init), currency: r[6], amount: r[7], fee: r[8],
                    withheld: r[9], fxRate: (r[10] as String?).flatMap(ExactDecimal.init), splitNumerator: r[11],
                    splitDenominator: r[12], lot: r[13], reverses: r[14], importKey: r[15], note: r[16]))
        }
        return out
    }

    /// Appends `new` in one transaction, after `check` accepted the journal with them (it sees
    /// the entries as stored by then, so two writers never both sell the same shares). Entries
    /// whose import key is already stored are skipped. Returns the entries written, with ids.
    @discardableResult
    public func append(
        _ new: [JournalEntry], portfolio: Int64, check: @escaping ([JournalEntry]) throws -> Void
    ) throws(PortfolioError) -> [JournalEntry] {
        try run {
            try write { db in
                let written = try Self.prepared(db, new, portfolio: portfolio, check: check)
                let insert = try db.makeStatement(
                    sql: """
                        INSERT INTO entry (id, portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee,
                            withheld, fx_rate, split_numerator, split_denominator, lot, reverses, import_key, note)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                for e in written {
                    try insert.execute(arguments: [
                        e.id, portfolio, e.kind.rawValue, e.date.description, e.symbol, e.quantity?.description,
                        e.price?.description, e.currency, e.amount, e.fee, e.withheld, e.fxRate?.description,
                        e.splitNumerator, e.splitDenominator, e.lot, e.reverses, e.importKey, e.note,
                    ])
                }
                return written
            }
        }
    }

    /// What `append` would write, checked the same way (an import's preview refuses what the
    /// import would refuse), with nothing written.
    public func preview(
        _ new: [JournalEntry], portfolio: Int64, check: @escaping ([JournalEntry]) throws -> Void
    ) throws(PortfolioError) -> [JournalEntry] {
        try run { try queue.read { db in try Self.prepared(db, new, portfolio: portfolio, check: check) } }
    }

    /// The entries of `new` not stored yet (by import key), with the ids they get and their named
    /// lots resolved, once `check` accepted the journal with them.
    static func prepared(
        _ db: Database, _ new: [JournalEntry], portfolio: Int64, check: ([JournalEntry]) throws -> Void
    ) throws -> [JournalEntry] {
        let existing = try Self.entries(db, portfolio: portfolio)
        var written: [JournalEntry] = []
        // Ids are the whole file's (every portfolio's), so they are taken here, once.
        var nextID = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") ?? 0) + 1
        var seenKeys = Set(existing.compactMap(\.importKey))
        for var e in new {
            if let key = e.importKey {
                guard !seenKeys.contains(key) else { continue }
                seenKeys.insert(key)
            }
            e.id = nextID
            nextID += 1
            written.append(e)
        }
        // A sale of a named lot from the same file: that purchase's id, now that it has one.
        var idByKey: [String: Int64] = [:]
        for e in existing + written { if let k = e.importKey, let id = e.id { idByKey[k] = id } }
        for i in written.indices {
            guard let key = written[i].lotImportKey else { continue }
            guard let id = idByKey[key] else {
                throw PortfolioError.invalidEntry("a sale names a lot whose purchase is not in the ledger")
            }
            written[i].lot = id
        }
        try check(existing + written)
        return written
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

    public func store(prices: [StoredPrice]) throws(PortfolioError) {
        guard !prices.isEmpty else { return }
        try run {
            try write { db in
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

    /// A consistent copy made with SQLite's online backup, while others may be writing.
    public func backup(to destination: String) throws(PortfolioError) {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw .storage(path: destination, detail: "it exists; choose a new file name")
        }
        let fd = open(destination, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .storage(path: destination, detail: String(cString: strerror(errno))) }
        close(fd)
        try run {
            let target = try DatabaseQueue(path: destination)
            try queue.backup(to: target)
        }
    }
}

/// A price as last fetched, kept so the portfolio can be valued with no network (and say how old).
public struct StoredPrice: Sendable, Equatable {
    public var symbol: String
    public var price: ExactDecimal
    public var currency: String
    public var change: ExactDecimal?
    public var traded: Instant?
    public var fetched: Instant
    public var source: String

    public init(
        symbol: String, price: ExactDecimal, currency: String, change: ExactDecimal?, traded: Instant?,
        fetched: Instant,
        source: String
    ) {
        self.symbol = symbol
        self.price = price
        self.currency = currency
        self.change = change
        self.traded = traded
        self.fetched = fetched
        self.source = source
    }
}
