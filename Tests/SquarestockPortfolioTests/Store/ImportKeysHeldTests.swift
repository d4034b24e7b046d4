import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// Import keys on both sides of `ImportKeysHeld.askedBeforeLoading`: keys repeated after the
/// hashes are held in memory are still found (in this write and in earlier ones), a key of
/// another portfolio with the same text is still new here, and a new key among many held ones is
/// written.
struct ImportKeysHeldTests: LedgerSpec {
    static let many = ImportKeysHeld.askedBeforeLoading + 200

    static func deposit(_ i: Int) -> JournalEntry {
        var e = JournalEntry(kind: .deposit, date: day(1, 2), currency: "USD", amount: 1)
        e.importKey = "0|row \(i)"
        return e
    }

    static func streamed(_ ledger: PortfolioLedger, _ rows: [Int]) throws -> Int {
        try ledger.stream(keep: true) { add throws(PortfolioError) in
            for i in rows { _ = try add(deposit(i)) }
        }.written
    }

    @Test func keysAreFoundBeforeAndAfterTheHashesAreLoaded() throws {
        try PortfolioStoreTests.withPath("import-keys-held") { path in
            let store = try PortfolioStore(path: path)
            let a = try PortfolioLedger(store: store, name: "a", create: true)
            let b = try PortfolioLedger(store: store, name: "b", create: true)
            // After the hashes are loaded, rows repeat keys stored before the load and after it.
            let loadedAt = ImportKeysHeld.askedBeforeLoading
            let repeats = Array(0..<100) + Array(loadedAt + 50..<loadedAt + 150)
            #expect(try Self.streamed(a, Array(0..<Self.many) + repeats) == Self.many)
            #expect(try Self.streamed(a, Array(0..<Self.many)) == 0)
            #expect(try Self.streamed(a, Array(0..<Self.many) + [Self.many]) == 1)
            #expect(try Self.streamed(b, Array(0..<Self.many)) == Self.many)
            #expect(try a.entries().count == Self.many + 1)
            #expect(try Set(a.entries().compactMap(\.importKey)).count == Self.many + 1)
        }
    }
}
