import Testing

@testable import SquarestockPortfolio

/// `ImportHashSet` answers as a `Set<Int64>` of the same hashes would: across its growth, for
/// hashes that land on one slot, and for the hash 0 its empty slots use.
struct ImportHashSetTests {
    @Test func answersAsASetWould() {
        var table = ImportHashSet()
        var reference = Set<Int64>()
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<60_000 {
            // xorshift64: a fixed stream; some hashes share their low or high bits, a few repeat.
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            let hash: Int64 =
                switch i % 7 {
                case 0: 0
                case 1: Int64(i % 500)
                case 2: Int64(bitPattern: x & 0xFFFF_0000_0000_0000)
                default: Int64(bitPattern: x)
                }
            let probe = Int64(bitPattern: x >> 1)
            #expect(table.contains(hash) == reference.contains(hash), "row \(i)")
            #expect(table.contains(probe) == reference.contains(probe), "row \(i)")
            table.insert(hash)
            reference.insert(hash)
            #expect(table.contains(hash))
        }
    }
}
