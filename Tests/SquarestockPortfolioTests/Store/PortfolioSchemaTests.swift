import GRDB
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// The migration to v3 (the journal found by import-key hashes): a ledger written under v2, with
/// imported entries, a named lot, a reversal and entries typed by hand, opens with every entry
/// read back as it was (ids and keys kept), each key's hash filled, a re-import adding nothing
/// and a new key added, the journal still append-only and a second reversal of one entry still
/// refused; and a key whose hash another key holds is still a key of its own.
struct PortfolioSchemaTests: LedgerSpec {
    /// The entries written under v2, by raw SQL as squarestock of that schema stored them.
    static let v2Rows: [(sql: String, arguments: StatementArguments)] = [
        (
            "INSERT INTO entry (portfolio_id, kind, date, currency, amount, import_key) VALUES (1, 'deposit', '2024-01-02', 'USD', 500000, ?)",
            ["0|2024-01-02,deposit,,,,,USD,5000.00"]
        ),
        (
            "INSERT INTO entry (portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee, import_key, note) VALUES (1, 'buy', '2024-03-01', 'AAPL', '10', '150.25', 'USD', 150250, 100, ?, 'first')",
            ["0|2024-03-01,buy,AAPL,10,150.25,1.00,USD"]
        ),
        (
            "INSERT INTO entry (portfolio_id, kind, date, symbol, quantity, price, currency, amount) VALUES (1, 'buy', '2024-03-02', 'AAPL', '5', '151', 'USD', 75500)",
            []
        ),
        (
            "INSERT INTO entry (portfolio_id, kind, date, symbol, quantity, price, currency, amount, lot) VALUES (1, 'sell', '2024-04-01', 'AAPL', '4', '160', 'USD', 64000, 2)",
            []
        ),
        (
            "INSERT INTO entry (portfolio_id, kind, date, symbol, currency, reverses, note) VALUES (1, 'reversal', '2024-04-02', 'AAPL', 'USD', 3, 'undo')",
            []
        ),
    ]

    @Test func aV2LedgerMigratesWithEveryEntryKept() throws {
        try PortfolioStoreTests.withPath("schema-v2-to-v3") { path in
            do {
                let queue = try DatabaseQueue(path: path)
                try PortfolioSchema.migrator.migrate(queue, upTo: "v2")
                try queue.write { db in
                    try db.execute(sql: "INSERT INTO portfolio (id, name) VALUES (1, 'main')")
                    for row in Self.v2Rows { try db.execute(sql: row.sql, arguments: row.arguments) }
                }
                try queue.close()
                chmod(path, 0o600)
            }
            // Read as the store reads, but for the columns later schemas added.
            let before = try DatabaseQueue(path: path).read { db in
                try JournalRows.all(
                    db,
                    sql: "SELECT \(JournalRows.columns.replacingOccurrences(of: "fx_base", with: "NULL")) FROM entry "
                        + "WHERE portfolio_id = 1 ORDER BY id", arguments: [])
            }
            #expect(before.count == Self.v2Rows.count)
            #expect(before.compactMap(\.importKey).count == 2)

            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: false)
            #expect(try ledger.entries() == before)
            let stored = try store.queue.read { db in
                (
                    hashes: try Row.fetchAll(db, sql: "SELECT import_key, import_hash FROM entry ORDER BY id").map {
                        row -> Int64? in row["import_hash"]
                    },
                    indexes: try String.fetchAll(
                        db,
                        sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'entry' ORDER BY name"),
                    applied: try PortfolioSchema.migrator.appliedIdentifiers(db)
                )
            }
            #expect(stored.hashes == before.map { $0.importKey.map(ImportKeyHash.of) })
            #expect(stored.indexes == ["entry_by_import", "entry_by_symbol", "entry_reversing"])
            #expect(stored.applied == ["v1", "v2", "v3", "v4", "v5", "v6"])

            // The same rows imported again add nothing; a new key is a new entry.
            var again = before[0]
            again.id = nil
            #expect(try ledger.record([again]) == [])
            var fresh = again
            fresh.importKey = "1|2024-01-02,deposit,,,,,USD,5000.00"
            #expect(try ledger.record([fresh]).map(\.id) == [6])

            // The lot, the reversal and the book as before.
            #expect(try ledger.book(of: "AAPL").lots["AAPL"]?.map(\.quantity) == [Self.d("6")])
            #expect(throws: PortfolioError.self) {
                try ledger.record([JournalEntry(kind: .reversal, date: Self.today, currency: "USD", reverses: 3)])
            }
            #expect(throws: DatabaseError.self) {
                try store.queue.write { try $0.execute(sql: "UPDATE entry SET amount = 0 WHERE id = 1") }
            }
            #expect(throws: DatabaseError.self) {
                try store.queue.write { try $0.execute(sql: "DELETE FROM entry WHERE id = 1") }
            }
            #expect(try ledger.entries().count == 6)
        }
    }

    /// A stored key with the hash of another key (made by hand: FNV-1a collisions are rare) does
    /// not hide that other key: the text decides.
    @Test func aKeySharingAnotherKeysHashIsStillNew() throws {
        try PortfolioStoreTests.withPath("schema-hash-shared") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            var e = JournalEntry(kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100)
            e.importKey = "0|the key imported second"
            try store.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO entry (portfolio_id, kind, date, currency, amount, import_key, import_hash)
                        VALUES (?, 'deposit', '2024-01-02', 'USD', 100, '0|another key', ?)
                        """, arguments: [ledger.id, ImportKeyHash.of(e.importKey!)])
            }
            #expect(try ledger.record([e]).map(\.id) == [2])
            #expect(try ledger.record([e]) == [])
            #expect(try ledger.entries().map(\.importKey) == ["0|another key", e.importKey])
        }
    }
}
