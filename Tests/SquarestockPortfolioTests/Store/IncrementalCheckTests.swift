import Foundation
import GRDB
import PropertyBased
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// A write checks only the symbols it touches and keeps cash in a table; both must agree with a
/// replay of the whole journal, whatever the history: purchases and sales back-dated among each
/// other, named lots (of another symbol, another portfolio, or none), splits, currency mixes,
/// undos, two portfolios in one file, and entries written by a squarestock that knew no cash
/// table.
struct IncrementalCheckTests {
    static let ops = Gen.int(in: 0...10_000).array(of: 6).array(of: 1...30)
    static let today = CivilDate(year: 2026, month: 11, day: 26)

    final class World {
        let path = TemporaryPath.make("incremental", suffix: ".sqlite")
        let store: PortfolioStore
        var ledgers: [PortfolioLedger]

        init(method: LotMethod) throws {
            store = try PortfolioStore(path: path)
            var a = try PortfolioLedger(store: store, name: "a", create: true)
            var b = try PortfolioLedger(store: store, name: "b", create: true)
            try a.setMethod(method)
            try b.setMethod(method)
            ledgers = [a, b]
        }

        deinit {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }

        var maxID: Int64 { (try? store.queue.read { try Int64.fetchOne($0, sql: "SELECT max(id) FROM entry") }) ?? 0 }
    }

    static func entry(_ v: [Int], world: World) throws -> JournalEntry {
        let symbol = ["AAA", "BBB", "CCC"][v[1] % 3]
        let date = CivilDate(year: 2024, month: 1, day: v[3] % 20 + 1)
        let currency = v[4] % 6 == 0 ? "EUR" : "USD"
        let quantity = ExactDecimal(significand: Int64(v[2] % 12 + 1), scale: v[2] % 5 == 0 ? 1 : 0)
        switch v[0] % 8 {
        case 0, 1, 2:
            return try EntryFactory.trade(
                .buy, symbol: symbol, quantity: quantity, price: ExactDecimal("12.5")!, fee: v[5] % 2 == 0 ? "1" : nil,
                currency: currency, date: date, today: today, lot: nil)
        case 3, 4:
            let lot: Int64? = v[5] % 3 == 0 ? Int64(v[5] % Int(world.maxID + 3)) : nil
            return try EntryFactory.trade(
                .sell, symbol: symbol, quantity: quantity, price: ExactDecimal("13")!, fee: nil, currency: currency,
                date: date, today: today, lot: lot)
        case 5:
            return try EntryFactory.dividend(
                symbol: symbol, amount: "3.10", withheld: "0.40", currency: currency, date: date, today: today)
        default:
            return try v[5] % 5 == 0
                ? EntryFactory.split(symbol: symbol, ratio: v[2] % 2 == 0 ? "2:1" : "1:3", date: date, today: today)
                : EntryFactory.cash(
                    v[2] % 3 == 0 ? .withdraw : .deposit, amount: "100", currency: currency, date: date, today: today)
        }
    }

    static func nonZero(_ cash: [String: Int64]) -> [String: Int64] { cash.filter { $0.value != 0 } }

    @Test func theIncrementalCheckAndCashAgreeWithAFullReplay() async throws {
        await propertyCheck(count: 120, input: Self.ops, Gen.int(in: 0...3)) { ops, m in
            let method = [LotMethod.fifo, .lifo, .hifo, .average][m]
            let world = try World(method: method)
            for v in ops {
                let p = v[5] % 4 == 0 ? 1 : 0
                let ledger = world.ledgers[p]
                let before = try ledger.entries()
                let ok: Bool
                if v[0] % 8 == 7 && v[1] % 2 == 0 {
                    // An undo: refused by the replay exactly when the whole journal without the
                    // last entry in effect would not replay.
                    let reversed = Set(before.compactMap(\.reverses))
                    let last = before.last { $0.kind != .reversal && !reversed.contains($0.id ?? -1) }
                    let full = last.map { l in
                        Result { () throws(PortfolioError) in
                            try PortfolioBook(
                                entries: before + [
                                    JournalEntry(
                                        id: world.maxID + 1, kind: .reversal, date: Self.today, currency: l.currency,
                                        reverses: l.id)
                                ], method: method)
                        }
                    }
                    let got = Result { () throws(PortfolioError) in try ledger.undo(today: Self.today) }
                    switch (full, got) {
                    case (nil, .failure(.nothingToUndo)): ok = false
                    case (.success?, .success): ok = true
                    case (.failure?, .failure(.invalidEntry(let message))):
                        #expect(message.hasPrefix("cannot undo #\(last?.id ?? 0)"))
                        ok = false
                    default:
                        Issue.record("undo: full replay \(String(describing: full)), the store \(got)")
                        return
                    }
                } else if v[0] % 8 == 7 {
                    // A deposit written as a squarestock before the cash table would write it.
                    try world.store.queue.write { db in
                        try db.execute(
                            sql: """
                                INSERT INTO entry (portfolio_id, kind, date, currency, amount)
                                VALUES (?, 'deposit', '2024-01-05', 'USD', 777)
                                """, arguments: [ledger.id])
                    }
                    continue
                } else {
                    var e = try Self.entry(v, world: world)
                    let full = Result { () throws(PortfolioError) in
                        e.id = world.maxID + 1
                        return try PortfolioBook(entries: before + [e], method: method)
                    }
                    e.id = nil
                    let got = Result { () throws(PortfolioError) in try ledger.record([e]) }
                    switch (full, got) {
                    case (.success, .success(let written)):
                        #expect(written.count == 1)
                        ok = true
                    case (.failure(let a), .failure(let b)):
                        #expect(a == b, "\(e)")
                        ok = false
                    default:
                        Issue.record("\(e): full replay \(full), the store \(got)")
                        return
                    }
                }
                let after = try ledger.entries()
                #expect(after.count == before.count + (ok ? 1 : 0))
                if ok {
                    let book = try PortfolioBook(entries: after, method: method)
                    #expect(Self.nonZero(try world.store.cachedCash(portfolio: ledger.id)) == Self.nonZero(book.cash))
                }
            }
        }
    }
}
