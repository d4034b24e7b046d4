import GRDB

/// Where the import keys are found while a large write has set `entry_by_import` aside
/// (`SetAsideIndexes`): the hash and entry id of every keyed entry of the file, read from the
/// index just before it is dropped, sorted by hash (16 bytes an entry), and the hashes this
/// write has stored since. A key whose hash is held is confirmed against the entry's own text,
/// as the index's look-up confirms it (`JournalRows.importedSQL`), so keys sharing a hash stay
/// distinct and the answer is the same entry: the earliest one holding the key in the
/// portfolio. An import of new rows asks SQLite nothing; one overlapping an earlier import reads
/// one entry by id per row held already.
struct ImportKeysInMemory {
    /// The file's keyed entries before the indexes were set aside, as parallel arrays sorted by
    /// (hash, id).
    private let hashes: [Int64]
    private let ids: [Int64]
    /// The first id written after the indexes were set aside.
    private let firstUnindexedID: Int64
    /// The hashes of the keys stored since (an import's keys are distinct, so one repeats only
    /// when two keys share a hash; that row is then looked for among this write's rows).
    private var storedSince = ImportHashSet()

    /// Reads every keyed entry's hash and id from `entry_by_import` (which must still exist);
    /// ids from `nextID` on are written later.
    init(_ db: Database, nextID: Int64) throws {
        var hashes: [Int64] = []
        var ids: [Int64] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT import_hash, id FROM entry INDEXED BY entry_by_import
                WHERE import_hash IS NOT NULL ORDER BY import_hash, id
                """)
        while let row = try rows.next() {
            hashes.append(row[0])
            ids.append(row[1])
        }
        self.hashes = hashes
        self.ids = ids
        firstUnindexedID = nextID
    }

    /// The id of the earliest entry of `portfolio` holding `key` (whose `ImportKeyHash` is
    /// `hash`), if any; `beforeReadingThisWrite` runs before this write's own rows are read.
    func holder(
        of key: String, hash: Int64, portfolio: Int64, _ db: Database, beforeReadingThisWrite: () throws -> Void
    ) throws -> Int64? {
        var i = firstIndex(of: hash)
        while i < hashes.count, hashes[i] == hash {
            let holds = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT portfolio_id = ? AND import_key = ? FROM entry WHERE id = ?"),
                arguments: [portfolio, key, ids[i]])
            if holds == true { return ids[i] }
            i += 1
        }
        guard storedSince.contains(hash) else { return nil }
        try beforeReadingThisWrite()
        return try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id FROM entry NOT INDEXED
                    WHERE id >= ? AND import_hash = ? AND portfolio_id = ? AND import_key = ? ORDER BY id LIMIT 1
                    """),
            arguments: [firstUnindexedID, hash, portfolio, key])
    }

    /// Notes that this write stored `hash`.
    mutating func stored(_ hash: Int64) { storedSince.insert(hash) }

    /// The position of the first held hash not below `hash`.
    private func firstIndex(of hash: Int64) -> Int {
        var low = 0
        var high = hashes.count
        while low < high {
            let mid = (low + high) / 2
            if hashes[mid] < hash { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
