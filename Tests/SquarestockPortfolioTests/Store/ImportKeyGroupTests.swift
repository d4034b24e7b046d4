import Testing

@testable import SquarestockPortfolio

/// Which import keys `undo` takes as one row's entries: an export's `K`, `K#1`, `K#2`, never
/// squarestock's own CSV rows (whose text may end in `#1`).
struct ImportKeyGroupTests {
    @Test func anExportsLegsGroupUnderTheirFirstKey() throws {
        let held: Set<String> = ["trading212:EOF1", "trading212:EOF1#1", "trading212:EOF1#2", "degiro:1|a,b#2"]
        let isHeld = { (k: String) in held.contains(k) }
        #expect(try ImportKeyGroup.base(of: "trading212:EOF1#2", isHeld: isHeld) == "trading212:EOF1")
        #expect(try ImportKeyGroup.base(of: "trading212:EOF1", isHeld: isHeld) == "trading212:EOF1")
        // A key ending in `#N` whose text before it is no key is a first key itself.
        #expect(try ImportKeyGroup.base(of: "degiro:1|a,b#2", isHeld: isHeld) == "degiro:1|a,b#2")
        #expect(try ImportKeyGroup.base(of: "kraken:L1#x", isHeld: isHeld) == "kraken:L1#x")
        #expect(try ImportKeyGroup.base(of: "kraken:L1#", isHeld: isHeld) == "kraken:L1#")
    }

    @Test func squarestocksOwnRowsNeverGroup() throws {
        #expect(try ImportKeyGroup.base(of: "1|2024-03-01,buy,AAPL,10,150,USD,#1", isHeld: { _ in true }) == nil)
    }
}
