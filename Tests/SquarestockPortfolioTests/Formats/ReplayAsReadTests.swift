import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// The import's reader replays each symbol as it reads it (`ReplayAsRead`) and vouches for the
/// sound ones, whose SQLite replay the writer then skips. The ledger must end the same, and a
/// refused file be refused with the same words, as when every symbol is replayed from SQLite:
/// random files (dates that go back, sales of more than is held, splits, a second currency,
/// `row N` lots), each method, with and without entries held before, imported both ways.
/// Each import makes a ledger file: the files are few and short, so that on a loaded machine the
/// suite does not hold the test threads for minutes.
@Suite(.timeLimit(.minutes(10)))
struct ReplayAsReadTests: LedgerSpec {
    /// A small, seeded generator (xorshift64*): the same files on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    static let header = "date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note,fx\n"

    /// A file of `rows` rows over four symbols; `sloppy` files go back in time, oversell and mix
    /// currencies often, the others seldom.
    static func file(rows: Int, sloppy: Bool, random: inout Seeded) -> String {
        var csv = header
        var day = 10
        var buyRows: [String: [Int]] = [:]
        for row in 1...rows {
            let symbol = "S\(Int.random(in: 0..<4, using: &random))"
            if Int.random(in: 0..<(sloppy ? 6 : 40), using: &random) == 0 {
                day = max(1, day - Int.random(in: 1...5, using: &random))
            } else if Bool.random(using: &random) {
                day += 1
            }
            let date = CivilDate(year: 2024, month: 1, day: 1).adding(days: day)
            let currency = Int.random(in: 0..<(sloppy ? 8 : 200), using: &random) == 0 ? "EUR" : "USD"
            let roll = Int.random(in: 0..<20, using: &random)
            switch roll {
            case 0..<9:
                let q = Int.random(in: 1...10, using: &random)
                let p = Int.random(in: 1...100, using: &random)
                csv += "\(date),buy,\(symbol),\(q),\(p),1,\(currency),,,,,,\n"
                buyRows[symbol, default: []].append(row)
            case 9..<15:
                let q = Int.random(in: 1...(sloppy ? 15 : 4), using: &random)
                let p = Int.random(in: 1...100, using: &random)
                var lot = ""
                if Int.random(in: 0..<10, using: &random) == 0, let rows = buyRows[symbol],
                    let r = rows.randomElement(
                        using: &random)
                {
                    lot = "row \(r)"
                }
                csv += "\(date),sell,\(symbol),\(q),\(p),,\(currency),,,,\(lot),,\n"
            case 15..<17:
                csv += "\(date),split,\(symbol),,,,USD,,,\(Bool.random(using: &random) ? "2:1" : "1:2"),,,\n"
            case 17..<19:
                csv += "\(date),dividend,\(symbol),,,,\(currency),\(Int.random(in: 1...50, using: &random)),,,,,\n"
            default:
                csv += "\(date),deposit,,,,,USD,\(Int.random(in: 100...5000, using: &random)),,,,,\n"
            }
        }
        return csv
    }

    struct Outcome: Equatable {
        var error: String?
        var entries: [JournalEntry]
        var vouched: Int
    }

    /// `csv` imported into a ledger that first holds `before` (a file imported the usual way),
    /// with the reader vouching (`vouching`) or not.
    static func importing(_ csv: String, before: String?, method: LotMethod, vouching: Bool) throws -> Outcome {
        var outcome = Outcome(error: nil, entries: [], vouched: 0)
        try PortfolioStoreTests.withPath("replay-as-read") { path in
            let store = try PortfolioStore(path: path)
            var ledger = try PortfolioLedger(store: store, name: "main", create: true)
            _ = try ledger.setMethod(method)
            let file = TemporaryPath.make("replay-as-read", suffix: ".csv")
            defer { unlink(file) }
            func run(_ text: String, vouch: Bool) -> String? {
                guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
                    return "the test could not write \(file)"
                }
                do throws(PortfolioError) {
                    _ = try ledger.stream(keep: true, expectedRows: 0) { add, accept throws(PortfolioError) in
                        try JournalCSV.read(
                            path: file, today: today, method: vouch ? ledger.method : nil,
                            vouch: { symbols in
                                outcome.vouched += symbols.count
                                accept(symbols)
                            }
                        ) { e, _ throws(PortfolioError) in try add(e) }
                    }
                    return nil
                } catch { return error.description }
            }
            if let before { #expect(run(before, vouch: false) == nil) }
            outcome.error = run(csv, vouch: vouching)
            outcome.entries = try ledger.entries()
        }
        return outcome
    }

    @Test(arguments: [LotMethod.fifo, .lifo, .hifo, .average])
    func theLedgerEndsTheSameWithTheReadersWordAsWithoutIt(method: LotMethod) throws {
        var random = Seeded(state: 0x9E37_79B9_7F4A_7C15 ^ UInt64(method.rawValue.utf8.count))
        var vouched = 0
        var refused = 0
        for n in 0..<6 {
            let sloppy = n % 3 == 0
            let csv = Self.file(rows: Int.random(in: 20...60, using: &random), sloppy: sloppy, random: &random)
            // Half the files go into a ledger holding entries of S0 already.
            let before =
                n % 2 == 0
                ? nil : Self.header + "2024-01-01,buy,S0,5,10,,USD,,,,,,\n2024-01-01,deposit,,,,,USD,100,,,,,\n"
            let plain = try Self.importing(csv, before: before, method: method, vouching: false)
            let vouching = try Self.importing(csv, before: before, method: method, vouching: true)
            #expect(plain.error == vouching.error, "file \(n):\n\(csv)")
            #expect(plain.entries == vouching.entries, "file \(n)")
            vouched += vouching.vouched
            if plain.error != nil { refused += 1 }
        }
        // Neither side of the comparison is empty: files were vouched for, and files refused.
        #expect(vouched > 0 && refused > 0, "vouched \(vouched), refused \(refused)")
    }

    /// The replay's order is the dates': a sale dated before the purchase that comes first in
    /// the file is refused, with the reader's word as without it.
    @Test func aSaleDatedBeforeItsPurchaseIsRefusedEitherWay() throws {
        let csv = Self.header + "2024-01-05,buy,S0,10,5,,USD,,,,,,\n2024-01-03,sell,S0,10,6,,USD,,,,,,\n"
        let plain = try Self.importing(csv, before: nil, method: .fifo, vouching: false)
        let vouching = try Self.importing(csv, before: nil, method: .fifo, vouching: true)
        #expect(plain.error?.contains("cannot sell 10 S0 on 2024-01-03") == true, "\(String(describing: plain.error))")
        #expect(vouching.error == plain.error && vouching.entries == plain.entries)
    }

    /// A row skipped as imported before is the reader's new row, but its key may be held under
    /// another symbol (the same text, the columns in another order): its symbol is replayed from
    /// the file, and a sale of what was never held is refused as without the reader's word.
    @Test func aRowImportedBeforeUnderAnotherSymbolIsNotVouchedFor() throws {
        let first = "date,kind,symbol,quantity,price,note\n2024-01-02,buy,XX,10,5,YY\n"
        let second = "date,kind,note,quantity,price,symbol\n2024-01-02,buy,XX,10,5,YY\n2024-01-03,sell,x,10,6,YY\n"
        let plain = try Self.importing(second, before: first, method: .fifo, vouching: false)
        let vouching = try Self.importing(second, before: first, method: .fifo, vouching: true)
        #expect(plain.error?.contains("cannot sell 10 YY on 2024-01-03") == true, "\(String(describing: plain.error))")
        #expect(vouching.error == plain.error && vouching.entries == plain.entries)
        #expect(vouching.vouched > 0)
    }

    /// The reader's own rules: a date that goes back, a named lot or a refused row leaves the
    /// symbol to the writer's replay; past the row limit nothing is vouched for.
    @Test func onlySoundSymbolsAreVouchedFor() throws {
        func entry(_ kind: EntryKind, _ symbol: String, _ q: String, day: Int, lot: Int64? = nil) throws
            -> JournalEntry
        {
            try PortfolioStoreTests.trade(kind, symbol, q, "10", on: Self.day(3, day), lot: lot)
        }
        var replay = ReplayAsRead(method: .fifo)
        replay.apply(try entry(.buy, "OK", "2", day: 1), namesLot: false)
        replay.apply(try entry(.sell, "OK", "1", day: 1), namesLot: false)
        replay.apply(try entry(.buy, "BACK", "2", day: 5), namesLot: false)
        replay.apply(try entry(.buy, "BACK", "2", day: 4), namesLot: false)
        replay.apply(try entry(.buy, "LOT", "2", day: 1), namesLot: false)
        replay.apply(try entry(.sell, "LOT", "1", day: 2), namesLot: true)
        replay.apply(try entry(.sell, "OVER", "1", day: 2), namesLot: false)
        #expect(replay.vouched == ["OK"])
        var many = ReplayAsRead(method: .fifo, limit: 3)
        for _ in 0...3 { many.apply(try entry(.buy, "OK", "1", day: 1), namesLot: false) }
        #expect(many.vouched.isEmpty && many.gaveUp)
    }
}
