import GRDB
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// `JournalBatchInsert`, a large write's rows inserted 32 to a statement: each entry's id is
/// answered as it comes and is the id SQLite gives it, every column reads back as
/// `JournalInsert` writes it (full batches, a batch cut short by `flush`, a reversal in the
/// middle going in alone), the statements run as compiled (without the CHECK), and a second
/// reversal of one entry is refused at its own row, with the rows before it in the table.
struct JournalBatchInsertTests: LedgerSpec {
    /// `JournalInsertTests.everyColumn()` after 70 deposits (two full batches and six rows of a
    /// third), its sale naming lot 71 and its reversal the 73rd entry.
    static func rows() -> [JournalEntry] {
        let deposits = (0..<70).map { i in
            JournalEntry(
                kind: .deposit, date: day(1, 1 + i % 28), currency: "USD", amount: Int64(100 + i),
                importKey: i % 3 == 0 ? nil : "0|deposit \(i)", note: "d\(i)")
        }
        return deposits
            + JournalInsertTests.everyColumn().map { e in
                var e = e
                if e.lot != nil { e.lot = 71 }
                if e.reverses != nil { e.reverses = 73 }
                return e
            }
    }

    @Test func everyRowReadsBackAsTheSingleInsertWritesIt() throws {
        var stored: [[JournalEntry]] = []
        for batched in [false, true] {
            try PortfolioStoreTests.withPath("journal-batch-\(batched)") { path in
                let store = try PortfolioStore(path: path)
                let ledger = try PortfolioLedger(store: store, name: "main", create: true)
                let (ids, recompiled) = try store.write { db in
                    if !batched {
                        let insert = try JournalInsert(db)
                        return (try Self.rows().map { try insert.run($0, portfolio: ledger.id) }, Int32(0))
                    }
                    var batch = try JournalBatchInsert(db, portfolio: ledger.id)
                    let ids = try Self.rows().map { e in
                        try batch.add(e, keyHash: e.importKey.map(ImportKeyHash.of)) as Int64?
                    }
                    try batch.flush()
                    return (ids, batch.timesRecompiled)
                }
                #expect(ids == (1...Int64(Self.rows().count)).map { $0 }, "batched: \(batched)")
                #expect(recompiled == 0)
                let entries = try ledger.entries()
                #expect(entries == Self.numbered(Self.rows()), "batched: \(batched)")
                let hashes = try store.queue.read { db in
                    try Int64?.fetchAll(db, sql: "SELECT import_hash FROM entry ORDER BY id")
                }
                #expect(hashes == Self.rows().map { $0.importKey.map(ImportKeyHash.of) })
                stored.append(entries)
            }
        }
        #expect(stored.count == 2 && stored[0] == stored[1])
    }

    /// Rows added before a refused reversal are in the table when it is refused; the batch
    /// goes on.
    @Test func aRefusedReversalIsItsOwnRowsError() throws {
        try PortfolioStoreTests.withPath("journal-batch-refused") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            let deposit = JournalEntry(kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100)
            let reversal = JournalEntry(kind: .reversal, date: Self.day(1, 3), currency: "USD", reverses: 1)
            let count = try store.write { db in
                var batch = try JournalBatchInsert(db, portfolio: ledger.id)
                #expect(try batch.add(deposit, keyHash: nil) == 1)
                #expect(try batch.add(deposit, keyHash: nil) == 2)
                #expect(try batch.add(reversal, keyHash: nil) == 3)
                #expect(throws: DatabaseError.self) { try batch.add(reversal, keyHash: nil) }
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry")
                return count
            }
            #expect(count == 3)
        }
    }
}
