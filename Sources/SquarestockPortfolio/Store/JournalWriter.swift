import GRDB
import SquarestockCore

/// New entries of one portfolio written inside one write transaction, one at a time, so an
/// import of any size is never held whole. Each entry is inserted as it comes (one whose import
/// key the portfolio holds already is skipped and answered with the stored id); what the check
/// needs is noted on the way: the symbols touched and each currency's cash change. `finish`
/// then replays only those symbols from the file (`JournalReplay`) and moves the cash table on.
/// Made and finished by `PortfolioStore.writeJournal`, which also commits or rolls back.
///
/// A write told to expect many rows (`expectedRows`, an import's estimate) sets the indexes it
/// would update row by row aside at its first new row (`SetAsideIndexes`) when the rows still
/// to come are at least `setAsideAtLeast` and at least as many as the file holds, finds import
/// keys in memory meanwhile (`ImportKeysInMemory`), inserts its rows 32 to a statement with the
/// ids it gives them (`JournalBatchInsert`), and builds the indexes again and checks with a
/// larger page cache. An estimate that is wrong costs time, never a different answer.
public final class JournalWriter {
    let db: Database
    let portfolio: Int64
    /// The first id this write can give: every entry from here on is new.
    let firstID: Int64
    /// Below this many rows to come, the indexes stay (building them again would cost more
    /// than the rows save, and a small write's indexes are cheap).
    static let setAsideAtLeast = 10_000
    /// SQLite's page cache, at most, while a large write (one that set the indexes aside)
    /// builds its indexes again and is checked: the store's own (`PortfolioStore.cacheKiB`)
    /// again afterwards.
    static let checkCacheKiB = 64 * 1024
    private let expectedRows: Int
    /// Rows handed to `add` so far, new or not.
    private var seen = 0
    private var insert: JournalInsert
    private var keysHeld = ImportKeysHeld()
    /// Set while the indexes are aside: they come back in `finish`. Meanwhile the new entries
    /// go in by batches (`JournalBatchInsert`), flushed before anything reads them.
    private var setAside: (indexes: SetAsideIndexes, keys: ImportKeysInMemory, batch: JournalBatchInsert)?
    /// Whether setting the indexes aside was considered (once, at the first new row).
    private var consideredSettingAside = false
    private var symbols: Set<String> = []
    private var cashChange: [String: Int64] = [:]
    private var bought: Set<String> = []
    /// The currencies withdrawn from, for the same note.
    private var withdrew: Set<String> = []
    private var lastBought: String?
    /// What an entry's FX rate is into when the entry does not say (`PortfolioStore.fxBase`).
    private let fxBase: String?
    /// Entries inserted so far (skipped ones not counted).
    public private(set) var written = 0
    /// Symbols the import's reader replayed and found sound (`ReplayAsRead`): the check skips
    /// those the ledger held nothing of before this write.
    private var vouched: Set<String> = []
    /// Symbols of rows skipped as imported before: never taken on the reader's word.
    private var skippedSymbols: Set<String> = []

    init(_ db: Database, portfolio: Int64, expectedRows: Int = 0, fxBase: String? = nil) throws {
        self.db = db
        self.fxBase = fxBase
        self.portfolio = portfolio
        self.expectedRows = expectedRows
        firstID = (try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM entry") ?? 0) + 1
        // Foreign keys checked at commit: a sale naming a lot that does not exist is the
        // replay's to refuse, in its own words (it may hold too few shares first).
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        insert = try JournalInsert(db)
        try CashBalances.bringUpToDate(db, portfolio: portfolio)
    }

    /// Inserts `e` unless its import key is stored already; returns its id either way and
    /// whether it is new.
    @discardableResult
    public func add(_ entry: JournalEntry) throws(PortfolioError) -> (id: Int64, isNew: Bool) {
        let e = asWritten(entry)
        do {
            if e.symbol == nil, [.buy, .sell, .split].contains(e.kind) {
                // The replay's own words for an entry that names no symbol.
                var scratch = PortfolioBook(method: .fifo)
                try scratch.apply(e)
            }
            let reversed = try e.kind == .reversal ? target(of: e) : nil
            seen += 1
            let hash = e.importKey.map(ImportKeyHash.of)
            if let key = e.importKey, let hash, let id = try holder(of: key, hash: hash) ?? formerHolder(of: e) {
                // The reader replayed this row as new; the ledger holds its key, perhaps under
                // another symbol (the same text with the columns in another order): its symbol
                // is replayed from the file, whatever the reader vouched.
                if let symbol = e.symbol { skippedSymbols.insert(symbol) }
                return (id, false)
            }
            if !consideredSettingAside { try considerSettingAside() }
            let id: Int64
            if setAside != nil {
                id = try setAside!.batch.add(e, keyHash: hash)
            } else {
                id = try insert.insert(e, keyHash: hash, portfolio: portfolio)
            }
            if let hash {
                keysHeld.stored(hash)
                setAside?.keys.stored(hash)
            }
            written += 1
            try note(e, reversing: reversed)
            return (id, true)
        } catch {
            throw PortfolioStore.mapped(error, path: "the ledger")
        }
    }

    /// `e` as `add` stores it: a rate that names no base is into the store's (`fxBase`).
    public func asWritten(_ e: JournalEntry) -> JournalEntry {
        guard e.fxRate != nil, e.fxBase == nil else { return e }
        var stamped = e
        stamped.fxBase = fxBase
        return stamped
    }

    /// Takes the reader's word for `symbols` (`ReplayAsRead`): what it replayed are exactly the
    /// entries this write adds for them, in the order the check applies them, unless the ledger
    /// held entries of a symbol before; `finish` asks that, and replays any that it did.
    public func vouch(_ symbols: Set<String>) { vouched.formUnion(symbols) }

    /// The vouched symbols of which this portfolio held no entry before this write (the indexes
    /// are back).
    private func vouchedNewSymbols() throws -> Set<String> {
        guard !vouched.isEmpty else { return [] }
        let held = try db.makeStatement(
            sql: """
                SELECT 1 FROM entry INDEXED BY entry_by_symbol
                WHERE portfolio_id = ? AND symbol = ? AND id < ? LIMIT 1
                """)
        var out: Set<String> = []
        for symbol in vouched.intersection(symbols).subtracting(skippedSymbols) {
            if try Int64.fetchOne(held, arguments: [portfolio, symbol, firstID]) == nil { out.insert(symbol) }
        }
        return out
    }

    /// The entry of this portfolio holding `e`'s former import key (`formerImportKey`), if any.
    private func formerHolder(of e: JournalEntry) throws -> Int64? {
        guard let former = e.formerImportKey, former != e.importKey else { return nil }
        return try holder(of: former, hash: ImportKeyHash.of(former))
    }

    /// The entry of this portfolio holding the import key `key` (with `hash`), if any.
    private func holder(of key: String, hash: Int64) throws -> Int64? {
        if let keys = setAside?.keys {
            return try keys.holder(of: key, hash: hash, portfolio: portfolio, db) { try setAside?.batch.flush() }
        }
        guard try keysHeld.mayHold(hash, db) else { return nil }
        return try insert.imported(key, hash: hash, portfolio: portfolio)
    }

    /// At the first new row: sets the indexes aside when the rows still to come are many, and
    /// at least as many as the entries the file holds (whose indexes are built again too).
    private func considerSettingAside() throws {
        consideredSettingAside = true
        let toCome = expectedRows - seen + 1
        let held = firstID - 1 + Int64(written)
        guard toCome >= Self.setAsideAtLeast, Int64(toCome) >= held else { return }
        let keys = try ImportKeysInMemory(db, nextID: firstID + Int64(written))
        let indexes = try SetAsideIndexes(db)
        // Dropping an index expires the inserts, which SQLite would compile again with the
        // CHECKs: they are made now.
        insert = try JournalInsert(db, findsKeysByIndex: false)
        setAside = (indexes, keys, try JournalBatchInsert(db, portfolio: portfolio))
    }

    /// Builds the indexes set aside again, if they are: whatever reads them runs after this.
    private func restoreIndexes() throws {
        try setAside?.batch.flush()
        guard let (indexes, _, _) = setAside else { return }
        try indexes.restore(db)
        setAside = nil
        // The index holds this write's keys again; the hashes held in memory may not.
        keysHeld = ImportKeysHeld()
        insert = try JournalInsert(db)
    }

    /// The entry a reversal reverses, which must be in this portfolio.
    private func target(of e: JournalEntry) throws -> JournalEntry {
        try setAside?.batch.flush()
        guard let id = e.reverses,
            let target = try JournalRows.all(
                db, sql: "SELECT \(JournalRows.columns) FROM entry WHERE id = ? AND portfolio_id = ?",
                arguments: [id, portfolio]
            ).first
        else { throw PortfolioError.invalidEntry("a reversal names an entry that is not in this portfolio") }
        return target
    }

    /// What `e` changes for the check: its symbol, its currency's cash (a reversal: the
    /// reversed entry's symbol and the opposite of its effect).
    private func note(_ e: JournalEntry, reversing reversed: JournalEntry?) throws {
        let subject = reversed ?? e
        let effect = CashBalances.effect(
            kind: subject.kind, amount: subject.amount, fee: subject.fee, withheld: subject.withheld)
        guard let effect else { throw PortfolioError.overflow("the cash in \(subject.currency)") }
        if let symbol = subject.symbol { symbols.insert(symbol) }
        // Most rows buy in the currency the last one bought in: the set is asked only when not.
        if e.kind == .buy, e.currency != lastBought {
            bought.insert(e.currency)
            lastBought = e.currency
        }
        if e.kind == .withdraw, reversed == nil { withdrew.insert(e.currency) }
        let change = reversed == nil ? effect : 0 - effect
        guard change != 0 else { return }
        var overflow = false
        Self.add(change, to: &cashChange[subject.currency, default: 0], overflow: &overflow)
        if overflow { throw PortfolioError.overflow("the cash in \(subject.currency)") }
    }

    /// `sum + change`, unless that overflows (`sum` then stays): one look-up of the currency's
    /// sum, not two.
    private static func add(_ change: Int64, to sum: inout Int64, overflow: inout Bool) {
        let (new, o) = sum.addingReportingOverflow(change)
        if o { overflow = true } else { sum = new }
    }

    /// The entries in effect of `symbol`, exactly as stored (any text), in id order.
    public func inEffect(symbol: String) throws(PortfolioError) -> [JournalEntry] {
        do {
            try restoreIndexes()
            return try JournalRows.all(
                db,
                sql: """
                    SELECT \(JournalRows.columns) FROM entry e INDEXED BY entry_by_symbol
                    WHERE e.portfolio_id = ? AND e.symbol = ? AND \(JournalRows.inEffect) ORDER BY e.id
                    """, arguments: [portfolio, symbol])
        } catch {
            throw PortfolioStore.mapped(error, path: "the ledger")
        }
    }

    /// The last entry in effect (not a reversal, not reversed), the one `undo` reverses.
    public func lastInEffect() throws(PortfolioError) -> JournalEntry? {
        do {
            try restoreIndexes()
            return try JournalRows.all(
                db,
                sql: """
                    SELECT \(JournalRows.columns) FROM entry e
                    WHERE e.portfolio_id = ? AND \(JournalRows.inEffect) ORDER BY e.id DESC LIMIT 1
                    """, arguments: [portfolio]
            ).first
        } catch {
            throw PortfolioStore.mapped(error, path: "the ledger")
        }
    }

    /// The entries in effect recorded from the same row of an export or exchange ledger as `e`
    /// (`ExportRowKeys`: a trade and its conversion legs keyed `K`, `K#1`, `K#2`), `e` among
    /// them, in id order; `e` alone when it has no such key. What `undo` reverses together: one
    /// of them alone would leave the others' cash behind.
    public func recordedWith(_ e: JournalEntry) throws(PortfolioError) -> [JournalEntry] {
        do {
            try restoreIndexes()
            guard let key = e.importKey,
                let base = try ImportKeyGroup.base(of: key, isHeld: { try holderOfKey($0) != nil })
            else { return [e] }
            var group: [JournalEntry] = []
            for i in 0... {
                guard let id = try holderOfKey(i == 0 ? base : base + "#\(i)") else { break }
                group += try JournalRows.all(
                    db, sql: "SELECT \(JournalRows.columns) FROM entry e WHERE e.id = ? AND \(JournalRows.inEffect)",
                    arguments: [id])
            }
            // A key whose text before `#N` is another row's key is no member of that row.
            return group.contains { $0.id == e.id } ? group : [e]
        } catch {
            throw PortfolioStore.mapped(error, path: "the ledger")
        }
    }

    /// The entry of this portfolio holding the import key `key`, found by the key's index (the
    /// indexes are back: `recordedWith` restores them first).
    private func holderOfKey(_ key: String) throws -> Int64? {
        try insert.imported(key, hash: ImportKeyHash.of(key), portfolio: portfolio)
    }

    /// Checks the journal with the new entries (the touched symbols replayed), moves the cash
    /// table on, and returns the notes on likely slips.
    func finish(method: LotMethod, lineOf: ((Int64) -> Int?)? = nil) throws -> [String] {
        let large = setAside != nil
        if large {
            // Building each index reads the whole table, and the check reads every entry of each
            // symbol by id, one symbol after another: pages all over the table, again for each
            // symbol. In the store's cache a large write's table no longer fits, and each page
            // missed is read back from the WAL. The rows are all in by now (the inserts spill
            // their pages to the WAL as before).
            try db.execute(sql: "PRAGMA cache_size = -\(Self.checkCacheKiB)")
        }
        defer { if large { try? db.execute(sql: "PRAGMA cache_size = -\(PortfolioStore.cacheKiB)") } }
        try restoreIndexes()
        let replayed = symbols.subtracting(try vouchedNewSymbols())
        try JournalReplay.check(db, portfolio: portfolio, symbols: replayed, method: method) { id, error in
            // A refusal of an entry from a file names the file's line, as the reader's own do.
            guard let lineOf, let line = lineOf(id) else { return error }
            return .importLine(line: line, detail: error.description)
        }
        let after = try CashBalances.add(cashChange, db, portfolio: portfolio)
        guard written > 0 else { return [] }
        // What each changed currency held before this write follows from the change itself.
        let before = after.merging(cashChange) { now, change in now - change }
        return EntryNotes.cash(before: before, after: after, bought: bought, withdrew: withdrew)
            + (try EntryNotes.dividends(db, portfolio: portfolio, firstID: firstID))
    }
}
