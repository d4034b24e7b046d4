import GRDB
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// A write told to expect many rows (`JournalWriter`'s `expectedRows`) sets the journal's
/// indexes aside and builds them again before its check: the same entries, ids, keys, cash,
/// notes and refusals as the same rows written with the indexes in place; keys held before it,
/// keys of another portfolio and keys repeated inside it found as before; the indexes back
/// exactly as the migrations made them, after a commit, a preview and a refusal alike.
struct SetAsideIndexesTests: LedgerSpec {
    /// More rows to come than `JournalWriter.setAsideAtLeast`: the writer sets the indexes
    /// aside at its first new row (the hint is all it goes by).
    static let large = JournalWriter.setAsideAtLeast * 2

    /// Each `(name, sql)` of the file's indexes, sorted by name.
    static func indexes(_ store: PortfolioStore) throws -> [String] {
        try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").map {
                "\($0["name"] as String): \(($0["sql"] as String?) ?? "")"
            }
        }
    }

    /// Buys, sales naming lots, dividends, deposits with keys (some repeated) and without.
    static func rows(_ range: Range<Int>) throws(PortfolioError) -> [JournalEntry] {
        try range.map { i throws(PortfolioError) in
            var e: JournalEntry
            switch i % 5 {
            case 0, 1:
                e = try EntryFactory.trade(
                    .buy, symbol: "S\(i % 7)", quantity: d("\(1 + i % 9)"), price: d("1.25"), fee: nil,
                    currency: "USD", date: day(1 + i % 12, 1 + i % 28), today: today)
            case 2:
                e = try EntryFactory.dividend(
                    symbol: "D\(i % 3)", amount: "1.50", withheld: "0.10", currency: "USD", date: day(3, 1),
                    today: today)
            default:
                e = try EntryFactory.cash(.deposit, amount: "\(i).01", currency: "USD", date: day(2, 1), today: today)
            }
            e.importKey = i % 11 == 10 ? nil : "0|row \(i)"
            e.note = "n\(i)"
            return e
        }
    }

    /// What a ledger holds and said: entries with ids, cash, the write's answers and notes.
    struct Outcome: Equatable {
        var answers: [[Int64]]
        var written: [Int]
        var notes: [[String]]
        var entries: [JournalEntry]
        var cash: [String: Int64]
        var indexes: [String]
    }

    /// `batches` streamed in turn into portfolio "a" (the second and third into "b" as well),
    /// each with the hint `expected`.
    static func run(_ batches: [[JournalEntry]], expected: Int) throws -> Outcome {
        var outcome = Outcome(answers: [], written: [], notes: [], entries: [], cash: [:], indexes: [])
        try PortfolioStoreTests.withPath("set-aside-\(expected)") { path in
            let store = try PortfolioStore(path: path)
            let a = try PortfolioLedger(store: store, name: "a", create: true)
            let b = try PortfolioLedger(store: store, name: "b", create: true)
            for (n, batch) in batches.enumerated() {
                for ledger in n == 1 || n == 2 ? [a, b] : [a] {
                    var answers: [Int64] = []
                    let (written, notes) = try ledger.stream(keep: true, expectedRows: expected) {
                        add throws(PortfolioError) in
                        for e in batch {
                            let (id, isNew) = try add(e)
                            answers.append(isNew ? id : -id)
                        }
                    }
                    outcome.answers.append(answers)
                    outcome.written.append(written)
                    outcome.notes.append(notes)
                }
            }
            outcome.entries = try a.entries() + b.entries()
            outcome.cash = try store.cachedCash(portfolio: a.id).merging(store.cachedCash(portfolio: b.id)) { $0 + $1 }
            outcome.indexes = try indexes(store)
            let check = try store.queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            #expect(check == ["ok"])
        }
        return outcome
    }

    /// A first import; one overlapping it, in both portfolios; one whose first row is new and
    /// whose others are held (in both: the other portfolio's entries share every key); and one
    /// repeating keys of its own: with the hint and without, the same ledger and answers.
    @Test func aLargeWriteEndsAsTheSameWriteWithItsIndexes() throws {
        let first = try Self.rows(0..<300)
        let overlapping = try Self.rows(200..<700)
        let newThenHeld = try Self.rows(2_000..<2_001) + Self.rows(0..<700)
        let repeating = try Self.rows(700..<760) + Self.rows(705..<712) + Self.rows(1_000..<1_001)
        let batches = [first, overlapping, newThenHeld, repeating]
        let plain = try Self.run(batches, expected: 0)
        let setAside = try Self.run(batches, expected: Self.large)
        #expect(setAside == plain)
        #expect(plain.written.first == 300)
        #expect(plain.answers[3].filter { $0 > 0 }.count == 1 + 700 / 11)
        #expect(plain.indexes.contains { $0.hasPrefix("entry_by_import: CREATE INDEX entry_by_import") })
    }

    /// While the rows go in, the two indexes are gone; a preview and a refused write put them
    /// back with everything else.
    @Test func theIndexesAreAsideOnlyWhileTheRowsGoIn() throws {
        try PortfolioStoreTests.withPath("set-aside-during") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            try ledger.record(Self.rows(0..<20))
            let before = try Self.indexes(store)
            let entries = try ledger.entries()
            let sale = try EntryFactory.trade(
                .sell, symbol: "S0", quantity: Self.d("999"), price: Self.d("1"), fee: nil, currency: "USD",
                date: Self.day(12, 1), today: Self.today)
            for keep in [false, true] {
                var during: [String] = []
                let outcome = Result { () throws(PortfolioError) in
                    try store.writeJournal(portfolio: ledger.id, method: .fifo, keep: keep, expectedRows: Self.large) {
                        writer throws(PortfolioError) in
                        for e in try Self.rows(20..<40) { try writer.add(e) }
                        during =
                            (try? String.fetchAll(writer.db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'"))
                            ?? []
                        // More S0 than held: refused by the check, once the indexes are back.
                        if keep { try writer.add(sale) }
                    }
                }
                #expect(
                    Set(during)
                        == Set(before.map { String($0.prefix { $0 != ":" }) }).subtracting(SetAsideIndexes.names))
                if keep, case .success = outcome { Issue.record("the sale of 999 S0 was written") }
                #expect(try Self.indexes(store) == before)
                #expect(try ledger.entries() == entries)
            }
        }
    }

    /// A row held under the key it had before keys put the columns in one order (imported from
    /// a file whose columns came in another order) is not new: the writer looks up its former
    /// key too, with the indexes in place and with them set aside.
    @Test func aRowHeldUnderItsFormerKeyIsNotNew() throws {
        try PortfolioStoreTests.withPath("former-key") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            var held = try Self.rows(0..<1)[0]
            held.importKey = "0|buy,2024-01-01,S0,1,1.25"
            try ledger.record([held])
            for hint in [0, Self.large] {
                var again = held
                again.importKey = "0|2024-01-01,buy,S0,1,1.25"
                again.formerImportKey = held.importKey
                let answers = try store.writeJournal(
                    portfolio: ledger.id, method: .fifo, keep: true, expectedRows: hint
                ) {
                    writer throws(PortfolioError) in
                    var fresh = try Self.rows(1..<2)[0]
                    fresh.importKey = "0|fresh \(hint)"
                    return [try writer.add(fresh).isNew, try writer.add(again).isNew]
                }
                #expect(answers.value == [true, false], "hint \(hint)")
            }
            #expect(try ledger.entries().count == 3)
        }
    }

    /// A small hint, or a book larger than the rows to come, keeps the indexes in place.
    @Test func aSmallWriteKeepsTheIndexes() throws {
        try PortfolioStoreTests.withPath("set-aside-small") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            for hint in [0, JournalWriter.setAsideAtLeast - 1] {
                _ = try store.writeJournal(portfolio: ledger.id, method: .fifo, keep: false, expectedRows: hint) {
                    writer throws(PortfolioError) in
                    try writer.add(Self.rows(0..<1)[0])
                    let names = try? String.fetchAll(
                        writer.db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
                    #expect(names?.contains("entry_by_import") == true, "hint \(hint)")
                }
            }
        }
    }
}
