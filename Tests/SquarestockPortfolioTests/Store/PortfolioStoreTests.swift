import Foundation
import GRDB
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger file through `PortfolioStore` and `PortfolioLedger`: every kind of entry written,
/// read back as written and seen in the holdings, lots and cash (the cash table included); undo
/// and rename as new entries, the old ones kept; the journal append-only even to raw SQL; an
/// import key recorded once; a refused write that leaves the journal as it was; two portfolios
/// in one file kept apart; the same state after reopening; and the files refused untouched: a
/// foreign file, a ledger of a newer squarestock, a link, a file others may read. The ledger,
/// its WAL and its backups are owner-only.
struct PortfolioStoreTests: LedgerSpec {

    /// Runs `body` with a fresh ledger path, then removes the file, its WAL, its shared memory
    /// and its check note. Stores made inside `body` are closed when it returns.
    static func withPath(_ label: String, _ body: (String) throws -> Void) throws {
        let path = TemporaryPath.make(label, suffix: ".sqlite")
        defer { for suffix in ["", "-wal", "-shm", ".checked"] { unlink(path + suffix) } }
        try body(path)
    }

    static func trade(
        _ kind: EntryKind, _ symbol: String, _ q: String, _ p: String, fee: String? = nil, _ currency: String = "USD",
        on date: CivilDate, lot: Int64? = nil, fx: String? = nil
    ) throws -> JournalEntry {
        try EntryFactory.trade(
            kind, symbol: symbol, quantity: d(q), price: d(p), fee: fee, currency: currency, date: date, today: today,
            lot: lot, fxRate: fx.map(d))
    }

    static func cash(_ kind: EntryKind, _ amount: String, _ currency: String = "USD", on date: CivilDate) throws
        -> JournalEntry
    {
        try EntryFactory.cash(kind, amount: amount, currency: currency, date: date, today: today)
    }

    static func nonZero(_ cash: [String: Int64]) -> [String: Int64] { cash.filter { $0.value != 0 } }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & 0o777 : nil
    }

    // MARK: Entries read back, and what they do

    /// One entry recorded and what the book holds after it: open quantity and remaining cost by
    /// symbol, cash by currency (minor units).
    struct Step {
        var entry: JournalEntry
        var quantity: [String: String]
        var cost: [String: Int64]
        var cash: [String: Int64]
    }

    /// The README's example and more, worked by hand: a deposit; 10 AAPL at 150.25 + 1.00
    /// (cost 1,503.50); 5 SAP.DE at 190.02 + 2.50 EUR (cost 952.60, rate 1.0862); a 4:1 split
    /// (40 AAPL, same cost); 8 AAPL sold at 190 - 1.00 (proceeds 1,519.00, basis 1,503.50 × 8/40 =
    /// 300.70); a dividend of 2.40 with 0.36 withheld; a withdrawal; the SAP.DE lot (entry 3) sold
    /// whole at 200 EUR.
    static func walkThrough() throws -> [Step] {
        [
            Step(
                entry: try cash(.deposit, "5000", on: day(1, 2)), quantity: [:], cost: [:], cash: ["USD": 500_000]),
            Step(
                entry: try trade(.buy, "AAPL", "10", "150.25", fee: "1", on: day(3, 1)), quantity: ["AAPL": "10"],
                cost: ["AAPL": 150_350], cash: ["USD": 349_650]),
            Step(
                entry: try trade(.buy, "sap.de", "5", "190.02", fee: "2.50", "eur", on: day(3, 5), fx: "1.0862"),
                quantity: ["AAPL": "10", "SAP.DE": "5"], cost: ["AAPL": 150_350, "SAP.DE": 95_260],
                cash: ["USD": 349_650, "EUR": -95_260]),
            Step(
                entry: try EntryFactory.split(symbol: "AAPL", ratio: "4:1", date: day(6, 10), today: today),
                quantity: ["AAPL": "40", "SAP.DE": "5"], cost: ["AAPL": 150_350, "SAP.DE": 95_260],
                cash: ["USD": 349_650, "EUR": -95_260]),
            Step(
                entry: try trade(.sell, "AAPL", "8", "190", fee: "1", on: day(7, 1)),
                quantity: ["AAPL": "32", "SAP.DE": "5"], cost: ["AAPL": 120_280, "SAP.DE": 95_260],
                cash: ["USD": 501_550, "EUR": -95_260]),
            Step(
                entry: try EntryFactory.dividend(
                    symbol: "AAPL", amount: "2.40", withheld: "0.36", currency: "USD", date: day(8, 15), today: today),
                quantity: ["AAPL": "32", "SAP.DE": "5"], cost: ["AAPL": 120_280, "SAP.DE": 95_260],
                cash: ["USD": 501_754, "EUR": -95_260]),
            Step(
                entry: try cash(.withdraw, "1000.00", on: day(9, 1)), quantity: ["AAPL": "32", "SAP.DE": "5"],
                cost: ["AAPL": 120_280, "SAP.DE": 95_260], cash: ["USD": 401_754, "EUR": -95_260]),
            Step(
                entry: try trade(.sell, "SAP.DE", "5", "200", "EUR", on: day(10, 1), lot: 3),
                quantity: ["AAPL": "32", "SAP.DE": "0"], cost: ["AAPL": 120_280],
                cash: ["USD": 401_754, "EUR": 4_740]),
        ]
    }

    @Test func eachEntryIsReadBackAsWrittenAndMovesTheBook() throws {
        try Self.withPath("store-walk") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            var recorded: [JournalEntry] = []
            for step in try Self.walkThrough() {
                let what = "after \(step.entry.date) \(step.entry.kind.rawValue)"
                var expected = step.entry
                expected.id = Int64(recorded.count + 1)
                #expect(try ledger.record([step.entry]) == [expected], "\(what)")
                recorded.append(expected)
                #expect(try ledger.entries() == recorded, "\(what)")
                let book = try ledger.book()
                for (symbol, quantity) in step.quantity {
                    #expect(book.quantity(of: symbol) == Self.d(quantity), "\(symbol) \(what)")
                    #expect(try ledger.book(of: symbol).lots[symbol] ?? [] == book.lots[symbol] ?? [], "\(what)")
                }
                #expect(book.lots.mapValues { $0.reduce(0) { $0 + $1.cost } }.filter { $0.value != 0 } == step.cost)
                #expect(Self.nonZero(book.cash) == step.cash, "\(what)")
                #expect(Self.nonZero(try store.cachedCash(portfolio: ledger.id)) == step.cash, "\(what)")
            }
            let book = try ledger.book()
            #expect(book.disposals.map(\.gain) == [121_830, 4_740])
            #expect(book.disposals.last?.parts.map(\.lot) == [3])
            #expect(book.dividends == ["AAPL USD": 204])
            #expect(book.lots["SAP.DE"] == [])
        }
    }

    /// Undo writes a reversal of the last entry in effect; both stay in the journal, and the book
    /// is as it was before the undone entry. With nothing left in effect, undo is refused.
    @Test func undoReversesTheLastEntryInEffectAndKeepsBoth() throws {
        try Self.withPath("store-undo") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            try ledger.record([try Self.cash(.deposit, "100", on: Self.day(1, 2))])
            try ledger.record([try Self.trade(.buy, "ACME", "2", "10", fee: "0.50", on: Self.day(1, 3))])
            let pairs = try ledger.undo(today: Self.today)
            #expect(pairs.count == 1)
            let (reversal, undone) = try #require(pairs.first)
            #expect(undone.id == 2 && undone.kind == .buy)
            #expect(
                reversal
                    == JournalEntry(
                        id: 3, kind: .reversal, date: Self.today, symbol: "ACME", currency: "USD", reverses: 2,
                        note: "undo"))
            #expect(try ledger.entries().map(\.kind) == [.deposit, .buy, .reversal])
            #expect(try ledger.book().quantity(of: "ACME") == ExactDecimal(0))
            #expect(Self.nonZero(try ledger.book().cash) == ["USD": 10_000])
            #expect(Self.nonZero(try store.cachedCash(portfolio: ledger.id)) == ["USD": 10_000])

            // The next undo passes over the reversal and the entry it reversed.
            #expect(try ledger.undo(today: Self.today).map(\.undone.id) == [1])
            #expect(Self.nonZero(try store.cachedCash(portfolio: ledger.id)) == [:])
            #expect(throws: PortfolioError.nothingToUndo) { try ledger.undo(today: Self.today) }
            #expect(try ledger.entries().map(\.reverses) == [nil, nil, 2, 1])
        }
    }

    /// A ticker change: each entry in effect is reversed and written again under the new symbol,
    /// a named lot following its purchase; the old entries stay, and the book holds only the new.
    @Test func renameMovesEveryEntryInEffectAndKeepsTheOldOnes() throws {
        try Self.withPath("store-rename") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            try ledger.record([
                try Self.trade(.buy, "FB", "10", "100", on: Self.day(1, 2)),
                try Self.trade(.buy, "FB", "5", "80", on: Self.day(1, 3)),
            ])
            try ledger.record([try Self.trade(.sell, "FB", "2", "120", on: Self.day(2, 1), lot: 2)])
            try ledger.record([
                try EntryFactory.dividend(
                    symbol: "FB", amount: "3", withheld: nil, currency: "USD", date: Self.day(3, 1), today: Self.today)
            ])
            let before = try ledger.book()

            let (moved, symbol) = try ledger.rename("fb", to: "meta", today: Self.today)
            #expect(moved == 4 && symbol == "META")
            let entries = try ledger.entries()
            #expect(entries.count == 4 + 8)
            #expect(entries.prefix(4).allSatisfy { $0.symbol == "FB" })
            let moves = Array(entries.dropFirst(4))
            #expect(moves.map(\.kind) == [.reversal, .buy, .reversal, .buy, .reversal, .sell, .reversal, .dividend])
            #expect(moves.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.reverses) == [1, 2, 3, 4])
            #expect(moves.filter { $0.kind != .reversal }.allSatisfy { $0.symbol == "META" })
            // The sale names the second purchase's new entry, #8.
            #expect(moves[5].lot == 8 && moves[3].id == 8)

            let after = try ledger.book()
            #expect(after.lots["FB"] ?? [] == [])
            #expect(after.quantity(of: "META") == Self.d("13"))
            #expect(after.cost(of: "META") == before.cost(of: "FB"))
            #expect(after.disposals.map(\.gain) == before.disposals.map(\.gain))
            #expect(after.cash == before.cash)

            #expect(throws: PortfolioError.invalidEntry("META is already the symbol")) {
                try ledger.rename("META", to: "meta", today: Self.today)
            }
            #expect(
                throws: PortfolioError.invalidEntry(
                    "the portfolio has no entries of 'FB'; `squarestock portfolio history` lists them")
            ) {
                try ledger.rename("FB", to: "X", today: Self.today)
            }
            #expect(throws: PortfolioError.invalidSymbol("ME TA")) {
                try ledger.rename("META", to: "ME TA", today: Self.today)
            }
            #expect(try ledger.entries().count == 12)
        }
    }

    /// GOOG renamed into GOOGL by a slip merged the two for good (renaming back moved both);
    /// into a symbol with entries of its own it takes `merging`.
    @Test func renameIntoAHeldSymbolTakesMerging() throws {
        try Self.withPath("store-rename-merge") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            try ledger.record([
                try Self.trade(.buy, "GOOGL", "10", "100", on: Self.day(1, 2)),
                try Self.trade(.buy, "GOOG", "5", "90", on: Self.day(1, 3)),
            ])
            #expect(
                throws: PortfolioError.invalidEntry(
                    "GOOGL has 1 entry of its own: moving GOOG's there merges the two for good (renaming back would move them all); --merge if that is meant"
                )
            ) { try ledger.rename("GOOG", to: "GOOGL", today: Self.today) }
            #expect(try ledger.entries().count == 2)
            #expect(try ledger.rename("GOOG", to: "GOOGL", merging: true, today: Self.today).moved == 1)
            #expect(try ledger.book().quantity(of: "GOOGL") == Self.d("15"))
        }
    }

    // MARK: Append-only, import keys, refusals

    @Test(arguments: [
        "UPDATE entry SET amount = amount + 1",
        "UPDATE entry SET note = 'edited' WHERE id = 1",
        "DELETE FROM entry",
        "DELETE FROM entry WHERE id = 2",
    ])
    func theJournalRefusesUpdateAndDeleteEvenToRawSQL(sql: String) throws {
        try Self.withPath("store-append-only") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            try ledger.record([
                try Self.cash(.deposit, "100", on: Self.day(1, 2)),
                try Self.trade(.buy, "ACME", "1", "5", on: Self.day(1, 3)),
            ])
            let before = try ledger.entries()
            let error = #expect(throws: DatabaseError.self) { try store.queue.write { try $0.execute(sql: sql) } }
            #expect(error?.message == "the journal is append-only")
            #expect(try ledger.entries() == before)
        }
    }

    /// An entry whose import key the portfolio holds is skipped (in the same batch or a later
    /// one) and answered with the stored id; another portfolio records it anew.
    @Test func anImportKeyIsRecordedOncePerPortfolio() throws {
        try Self.withPath("store-import-key") { path in
            let store = try PortfolioStore(path: path)
            let a = try PortfolioLedger(store: store, name: "a", create: true)
            let b = try PortfolioLedger(store: store, name: "b", create: true)
            var e = try Self.cash(.deposit, "100", on: Self.day(1, 2))
            e.importKey = "0|2024-01-02,deposit,USD,100"
            #expect(try a.record([e, e]).map(\.id) == [1])
            #expect(try a.record([e]) == [])
            #expect(try a.preview([e]) == [])
            var answer: (id: Int64, isNew: Bool)?
            let streamed = try a.stream(keep: true) { add throws(PortfolioError) in answer = try add(e) }
            #expect(answer?.id == 1 && answer?.isNew == false)
            #expect(streamed.written == 0)
            #expect(try a.entries().count == 1)
            #expect(try store.cachedCash(portfolio: a.id) == ["USD": 10_000])
            #expect(try b.record([e]).map(\.id) == [2])
            #expect(try b.entries().map(\.importKey) == [e.importKey])
        }
    }

    /// What a refused write would have done, and why it is refused. The journal holds a deposit
    /// (#1), 10 ACME bought on 1 February (#2) and 5 BETA (#3).
    enum Refusal: String, CaseIterable, Sendable {
        case sellingMoreThanHeld, sellingBeforeThePurchase, anUnknownLot, aLotOfAnotherSymbol, anotherCurrency
        case aBatchWithOneBadEntry, aReversalOfAnUnknownEntry

        func attempt() throws -> [JournalEntry] {
            let t = PortfolioStoreTests.self
            switch self {
            case .sellingMoreThanHeld: return [try t.trade(.sell, "ACME", "10.5", "12", on: t.day(3, 1))]
            case .sellingBeforeThePurchase: return [try t.trade(.sell, "ACME", "1", "12", on: t.day(1, 31))]
            case .anUnknownLot: return [try t.trade(.sell, "ACME", "1", "12", on: t.day(3, 1), lot: 99)]
            case .aLotOfAnotherSymbol: return [try t.trade(.sell, "ACME", "1", "12", on: t.day(3, 1), lot: 3)]
            case .anotherCurrency: return [try t.trade(.buy, "ACME", "1", "12", "EUR", on: t.day(3, 1))]
            case .aBatchWithOneBadEntry:
                return [
                    try t.cash(.deposit, "50", on: t.day(3, 1)), try t.trade(.buy, "ACME", "1", "9", on: t.day(3, 1)),
                    try t.trade(.sell, "BETA", "6", "2", on: t.day(3, 2)),
                ]
            case .aReversalOfAnUnknownEntry:
                return [JournalEntry(kind: .reversal, date: t.today, currency: "USD", reverses: 42)]
            }
        }

        var error: PortfolioError {
            let t = PortfolioStoreTests.self
            switch self {
            case .sellingMoreThanHeld:
                return .sellingMoreThanHeld(symbol: "ACME", selling: t.d("10.5"), held: t.d("10"), date: t.day(3, 1))
            case .sellingBeforeThePurchase:
                return .sellingMoreThanHeld(symbol: "ACME", selling: t.d("1"), held: t.d("0"), date: t.day(1, 31))
            case .anUnknownLot: return .noSuchLot(symbol: "ACME", lot: 99)
            case .aLotOfAnotherSymbol: return .noSuchLot(symbol: "ACME", lot: 3)
            case .anotherCurrency:
                return .currencyMismatch(symbol: "ACME", held: "USD", given: "EUR", date: t.day(3, 1))
            case .aBatchWithOneBadEntry:
                return .sellingMoreThanHeld(symbol: "BETA", selling: t.d("6"), held: t.d("5"), date: t.day(3, 2))
            case .aReversalOfAnUnknownEntry:
                return .invalidEntry("a reversal names an entry that is not in this portfolio")
            }
        }
    }

    @Test(arguments: Refusal.allCases)
    func aRefusedWriteLeavesTheJournalAsItWas(refusal: Refusal) throws {
        try Self.withPath("store-refused") { path in
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: true)
            try ledger.record([
                try Self.cash(.deposit, "1000", on: Self.day(1, 2)),
                try Self.trade(.buy, "ACME", "10", "10", on: Self.day(2, 1)),
                try Self.trade(.buy, "BETA", "5", "2", on: Self.day(2, 1)),
            ])
            let entries = try ledger.entries()
            let cash = try store.cachedCash(portfolio: ledger.id)
            let attempt = try refusal.attempt()
            #expect(throws: refusal.error) { try ledger.preview(attempt) }
            #expect(throws: refusal.error) { try ledger.record(attempt) }
            #expect(try ledger.entries() == entries)
            #expect(try store.cachedCash(portfolio: ledger.id) == cash)
            #expect(Self.nonZero(try ledger.book().cash) == ["USD": 100_000 - 10_000 - 1_000])
            // The file takes the next write as if nothing had been tried: ids continue at #4.
            #expect(try ledger.record([try Self.cash(.deposit, "1", on: Self.day(4, 1))]).map(\.id) == [4])
        }
    }

    // MARK: Portfolios and reopening

    @Test func twoPortfoliosInOneFileStayApart() throws {
        try Self.withPath("store-two") { path in
            let store = try PortfolioStore(path: path)
            var a = try PortfolioLedger(store: store, name: "a", create: true)
            let b = try PortfolioLedger(store: store, name: "b", create: true)
            #expect(a.id != b.id)
            #expect(try PortfolioLedger(store: store, name: "a", create: true).id == a.id)
            #expect(throws: PortfolioError.unknownPortfolio("c", known: ["a", "b"])) {
                try PortfolioLedger(store: store, name: "c", create: false)
            }
            try a.record([
                try Self.cash(.deposit, "1000", on: Self.day(1, 2)),
                try Self.trade(.buy, "ACME", "10", "10", on: Self.day(1, 3)),
            ])
            try b.record([try Self.cash(.deposit, "50", "EUR", on: Self.day(1, 2))])
            #expect(try a.entries().map(\.kind) == [.deposit, .buy])
            #expect(try b.entries().map(\.currency) == ["EUR"])
            #expect(Self.nonZero(try a.book().cash) == ["USD": 90_000])
            #expect(Self.nonZero(try b.book().cash) == ["EUR": 5_000])
            #expect(try store.cachedCash(portfolio: b.id) == ["EUR": 5_000])
            #expect(try b.book(of: "ACME").lots["ACME"] == nil)

            // b cannot sell a's shares, name a's lot (holding its own), or reverse a's entry.
            #expect(
                throws: PortfolioError.sellingMoreThanHeld(
                    symbol: "ACME", selling: Self.d("1"), held: Self.d("0"), date: Self.day(2, 1))
            ) { try b.record([try Self.trade(.sell, "ACME", "1", "11", on: Self.day(2, 1))]) }
            #expect(try b.record([try Self.trade(.buy, "ACME", "1", "11", on: Self.day(1, 5))]).map(\.id) == [4])
            #expect(throws: PortfolioError.noSuchLot(symbol: "ACME", lot: 2)) {
                try b.record([try Self.trade(.sell, "ACME", "1", "11", on: Self.day(2, 1), lot: 2)])
            }
            #expect(throws: PortfolioError.invalidEntry("a reversal names an entry that is not in this portfolio")) {
                try b.record([JournalEntry(kind: .reversal, date: Self.today, currency: "USD", reverses: 2)])
            }
            // b's undo reverses b's last entry, not a's later one.
            try a.record([try Self.cash(.deposit, "1", on: Self.day(1, 4))])
            #expect(try b.undo(today: Self.today).map(\.undone.id) == [4])
            #expect(try a.entries().count == 3)
            #expect(try a.book().quantity(of: "ACME") == Self.d("10"))
            #expect(Self.nonZero(try store.cachedCash(portfolio: b.id)) == ["EUR": 5_000])

            try a.setMethod(.lifo)
            #expect(try PortfolioLedger(store: store, name: "a", create: false).method == .lifo)
            #expect(try PortfolioLedger(store: store, name: "b", create: false).method == .fifo)
        }
    }

    @Test func reopeningTheFileGivesTheSameState() throws {
        try Self.withPath("store-reopen") { path in
            let price = StoredPrice(
                symbol: "AAPL", price: Self.d("190.5"), currency: "USD", change: Self.d("-1.25"),
                traded: Instant(secondsSinceEpoch: 1_720_000_000), fetched: Instant(secondsSinceEpoch: 1_720_000_100),
                source: "yahoo")
            var entries: [JournalEntry] = []
            var lots: [String: [Lot]] = [:]
            var disposals: [Disposal] = []
            do {
                let store = try PortfolioStore(path: path)
                var ledger = try PortfolioLedger(store: store, name: "main", create: true)
                for step in try Self.walkThrough() { try ledger.record([step.entry]) }
                try ledger.setMethod(.hifo)
                try store.store(prices: [price])
                entries = try ledger.entries()
                lots = try ledger.book().lots
                disposals = try ledger.book().disposals
            }
            let store = try PortfolioStore(path: path)
            let ledger = try PortfolioLedger(store: store, name: "main", create: false)
            #expect(ledger.method == .hifo)
            #expect(try ledger.entries() == entries)
            #expect(try ledger.book().lots == lots)
            #expect(try ledger.book().disposals == disposals)
            #expect(try store.storedPrices() == ["AAPL": price])
            #expect(
                try ledger.record([try Self.cash(.deposit, "1", on: Self.day(12, 1))]).map(\.id)
                    == [Int64(entries.count + 1)])
            #expect(Self.nonZero(try store.cachedCash(portfolio: ledger.id)) == ["USD": 401_854, "EUR": 4_740])
        }
    }

    // MARK: Files refused

    /// A file that is not a squarestock ledger, each as SQLite reports it.
    enum Foreign: String, CaseIterable, Sendable {
        case text, anotherProgramsDatabase

        func make(_ path: String) throws {
            switch self {
            case .text:
                let text = "not a database, but somebody's notes\n" + String(repeating: "x", count: 5000)
                try text.write(toFile: path, atomically: false, encoding: .utf8)
            case .anotherProgramsDatabase:
                let queue = try DatabaseQueue(path: path)
                try queue.write {
                    try $0.execute(sql: "CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine')")
                }
                try queue.close()
            }
        }

        var detail: String {
            switch self {
            case .text: return "not a SQLite database, or damaged"
            case .anotherProgramsDatabase: return "another program's database"
            }
        }
    }

    @Test(arguments: Foreign.allCases)
    func aFileThatIsNotALedgerIsRefusedUntouched(foreign: Foreign) throws {
        try Self.withPath("store-foreign") { path in
            try foreign.make(path)
            #expect(chmod(path, 0o600) == 0)
            let before = try Self.bytes(path)
            #expect(throws: PortfolioError.foreignFile(path: path, detail: foreign.detail)) {
                try PortfolioStore(path: path)
            }
            #expect(try Self.bytes(path) == before)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    /// A ledger migrated by a later squarestock (a migration this one does not know) may hold what
    /// this one would not keep up to date: it is refused, with the way out, and not written.
    @Test func aLedgerOfANewerSquarestockIsRefusedUntouched() throws {
        try Self.withPath("store-newer") { path in
            do {
                let store = try PortfolioStore(path: path)
                try PortfolioLedger(store: store, name: "main", create: true).record([
                    try Self.cash(.deposit, "1", on: Self.day(1, 2))
                ])
            }
            do {
                let queue = try DatabaseQueue(path: path)
                try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
                try queue.close()
            }
            let before = try Self.bytes(path)
            #expect(
                throws: PortfolioError.storage(
                    path: path,
                    detail:
                        "a newer squarestock has changed it (schema v99, unknown to this version); update squarestock to use it"
                )
            ) { try PortfolioStore(path: path) }
            #expect(try Self.bytes(path) == before)
        }
    }

    @Test func theLedgerItsWALAndItsBackupAreOwnerOnly() throws {
        try Self.withPath("store-mode") { path in
            try Self.withPath("store-mode-backup") { backup in
                try Self.ownerOnly(path, backup: backup)
            }
        }
    }

    static func ownerOnly(_ path: String, backup: String) throws {
        do {
            let store = try PortfolioStore(path: path)
            #expect(Self.mode(path) == 0o600)
            try PortfolioLedger(store: store, name: "main", create: true).record([
                try Self.cash(.deposit, "1", on: Self.day(1, 2))
            ])
            #expect(Self.mode(path + "-wal") == 0o600)
            try store.backup(to: backup)
            #expect(Self.mode(backup) == 0o600)
            #expect(throws: PortfolioError.storage(path: backup, detail: "it exists; choose a new file name")) {
                try store.backup(to: backup)
            }
        }
        let copy = try PortfolioStore(path: backup)
        #expect(try PortfolioLedger(store: copy, name: "main", create: false).entries().map(\.amount) == [100])
    }

    /// An empty file of the user's (made by `touch` and `chmod 600`, say) becomes a ledger.
    @Test func anEmptyOwnerOnlyFileBecomesALedger() throws {
        try Self.withPath("store-empty") { path in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            #expect(fd >= 0)
            close(fd)
            let store = try PortfolioStore(path: path)
            try PortfolioLedger(store: store, name: "main", create: true).record([
                try Self.cash(.deposit, "1", on: Self.day(1, 2))
            ])
            #expect(try store.queue.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") } == 0x5351_5354)
        }
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o606])
    func aLedgerOthersMayReadIsRefusedWithTheFix(mode: Int) throws {
        try Self.withPath("store-readable") { path in
            _ = try PortfolioStore(path: path)
            #expect(chmod(path, mode_t(mode)) == 0)
            let before = try Self.bytes(path)
            let octal = String(mode, radix: 8)
            #expect(
                throws: PortfolioError.unsafeFile(
                    path: path, problem: "other users may read it (mode \(octal)); run `chmod 600 \(path)`")
            ) { try PortfolioStore(path: path) }
            #expect(Self.mode(path) == mode_t(mode))
            #expect(try Self.bytes(path) == before)
        }
    }

    @Test func aLinkInTheLedgersPlaceIsRefusedAndItsTargetNotWritten() throws {
        try Self.withPath("store-link-target") { target in
            try Self.withPath("store-link") { link in
                do {
                    let store = try PortfolioStore(path: target)
                    _ = try PortfolioLedger(store: store, name: "main", create: true)
                }
                let before = try Self.bytes(target)
                #expect(symlink(target, link) == 0)
                let error = #expect(throws: PortfolioError.self) { try PortfolioStore(path: link) }
                guard case .unsafeFile(let refused, let problem) = error else {
                    Issue.record("expected unsafeFile, got \(String(describing: error))")
                    return
                }
                #expect(refused == link && problem.hasPrefix("it is a symbolic link"))
                #expect(try Self.bytes(target) == before)
            }
        }
    }
}
