import Testing

@testable import SquarestockPortfolio

/// `RowOccurrences` counts as a dictionary of the hashes would: across its growth, for hashes
/// that fold to one slot (each one's halves swapped), and for the hash 0 its empty slots use.
struct RowOccurrencesTests {
    @Test func countsAsADictionaryWould() {
        var table = RowOccurrences()
        var reference: [UInt128: UInt32] = [:]
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<60_000 {
            // xorshift64: a fixed stream; about one row in three repeats an earlier one.
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            let low = i % 3 == 0 ? UInt64(i % 1_000) : x
            let high = i % 5 == 0 ? low : x >> 3
            let hash: UInt128 = i % 997 == 0 ? 0 : UInt128(high) << 64 | UInt128(low)
            let swapped = UInt128(low) << 64 | UInt128(high)
            for h in [hash, swapped] {
                let expected = reference[h, default: 0]
                reference[h] = expected + 1
                #expect(table.next(h) == expected, "row \(i)")
            }
        }
    }
}
