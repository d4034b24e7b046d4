import GRDB
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// `JournalInsert`, the journal's INSERT bound through SQLite's C API: every column reads back
/// as written (an empty note stays empty, not NULL; text beyond ASCII; a date before the year
/// 1000), an import key held already inserts nothing, a row SQLite refuses is an error that
/// leaves the statement usable for the next row, the insert runs as it was compiled (without
/// the CHECK: SQLite never compiles it again), and the CHECK the insert is compiled without
/// still refuses any other statement on the connection.
struct JournalInsertTests: LedgerSpec {
    static func everyColumn() -> [JournalEntry] {
        [
            JournalEntry(
                kind: .buy, date: day(3, 1), symbol: "SAP.DE", quantity: d("0.125"), price: d("190.02"),
                currency: "EUR", amount: 2_375, fee: 250, fxRate: d("1.0862"), importKey: "0|row, with comma",
                note: "Zürich 株 ✓"),
            JournalEntry(
                kind: .split, date: day(6, 10), symbol: "SAP.DE", currency: "USD", splitNumerator: 4,
                splitDenominator: 1, note: ""),
            JournalEntry(
                kind: .sell, date: day(7, 1), symbol: "SAP.DE", quantity: d("0.5"), price: d("50"), currency: "EUR",
                amount: 2_500, fee: 100, lot: 1),
            JournalEntry(kind: .deposit, date: CivilDate(year: 987, month: 6, day: 5), currency: "USD", amount: 7),
            JournalEntry(kind: .reversal, date: day(8, 1), symbol: "SAP.DE", currency: "EUR", reverses: 3),
        ]
    }

    @Test func everyColumnReadsBackAsWritten() throws {
        try PortfolioStoreTests.withPath("journal-insert-columns") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            let written = try store.write { db in
                let insert = try JournalInsert(db)
                return try Self.everyColumn().map { try insert.run($0, portfolio: ledger.id) }
            }
            #expect(written == [1, 2, 3, 4, 5])
            #expect(try ledger.entries() == Self.numbered(Self.everyColumn()))
        }
    }

    @Test func aHeldImportKeyInsertsNothing() throws {
        try PortfolioStoreTests.withPath("journal-insert-key") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            var e = JournalEntry(kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100)
            e.importKey = "0|2024-01-02,deposit,,,,,USD,1.00"
            let ids = try store.write { db in
                let insert = try JournalInsert(db)
                return [try insert.run(e, portfolio: ledger.id), try insert.run(e, portfolio: ledger.id)]
            }
            #expect(ids == [1, nil])
            #expect(try ledger.entries().count == 1)
        }
    }

    /// A second reversal of one entry breaks `reverses`' UNIQUE: SQLite's error, then the next
    /// row goes in.
    @Test func aRefusedRowThrowsAndTheNextOneIsWritten() throws {
        try PortfolioStoreTests.withPath("journal-insert-refused") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            let deposit = JournalEntry(kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100)
            let reversal = JournalEntry(kind: .reversal, date: Self.day(1, 3), currency: "USD", reverses: 1)
            let ids = try store.write { db in
                let insert = try JournalInsert(db)
                var ids = [
                    try insert.run(deposit, portfolio: ledger.id), try insert.run(reversal, portfolio: ledger.id),
                ]
                #expect(throws: DatabaseError.self) { try insert.run(reversal, portfolio: ledger.id) }
                ids.append(try insert.run(deposit, portfolio: ledger.id))
                return ids
            }
            #expect(ids == [1, 2, 3])
            #expect(try ledger.entries().map(\.kind) == [.deposit, .reversal, .deposit])
        }
    }

    /// Turning the pragma off by running it expired the insert, which SQLite then compiled
    /// again with the CHECK before its first row.
    @Test func theInsertRunsAsCompiledWithoutTheCheck() throws {
        try PortfolioStoreTests.withPath("journal-insert-compiled") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            let recompiled = try store.write { db in
                let insert = try JournalInsert(db)
                for e in Self.everyColumn() { _ = try insert.run(e, portfolio: ledger.id) }
                return insert.timesRecompiled
            }
            #expect(recompiled == 0)
            #expect(try ledger.entries().count == Self.everyColumn().count)
        }
    }

    @Test func theCheckOnKindStillHoldsForOtherStatements() throws {
        try PortfolioStoreTests.withPath("journal-insert-check") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            let deposit = JournalEntry(kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100)
            try store.write { db in
                let insert = try JournalInsert(db)
                _ = try insert.run(deposit, portfolio: ledger.id)
                #expect(throws: DatabaseError.self) {
                    try db.execute(
                        sql:
                            "INSERT INTO entry (portfolio_id, kind, date, currency) VALUES (?, 'bogus', '2024-01-02', 'USD')",
                        arguments: [ledger.id])
                }
            }
            #expect(try ledger.entries().map(\.kind) == [.deposit])
        }
    }
}
