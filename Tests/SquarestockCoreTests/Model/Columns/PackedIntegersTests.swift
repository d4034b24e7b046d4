import TestSupport
import Testing

@testable import SquarestockCore

/// A block appended at once (`append(contentsOf:count:)`, which narrows and checks the block in
/// one pass and widens only when a value does not fit) must leave the column as appending its
/// values one by one does: the same values at the same width, at the edges of every width.
struct PackedIntegersTests {
    static let edges: [Int64] = [
        0, 1, -1, 32_767, 32_768, -32_768, -32_769, 65_535, 65_536, 2_147_483_647, 2_147_483_648,
        -2_147_483_648, -2_147_483_649, 4_294_967_296, .max, .min,
    ]

    @Test func blocksAppendAsValuesOneByOne() {
        var rng = SeededRandom(seed: 40)
        for round in 0..<400 {
            var one = PackedIntegers()
            var blocks = PackedIntegers()
            var expected: [Int64] = []
            for _ in 0..<(1 + rng.below(4)) {
                let values = (0..<(1 + rng.below(40))).map { _ in
                    rng.below(round % 3 == 0 ? 4 : 40) == 0 ? Self.edges[rng.below(Self.edges.count)] : rng.step(100)
                }
                for v in values { one.append(v) }
                values.withUnsafeBufferPointer { blocks.append(contentsOf: $0.baseAddress!, count: $0.count) }
                expected += values
                #expect(blocks.width == one.width, "round \(round)")
            }
            #expect((0..<blocks.count).map { blocks[$0] } == expected, "round \(round)")
        }
    }

    /// Each edge alone after a block of small values: the column stays at the width the edge fits.
    @Test(arguments: edges)
    func anEdgeWidensTheColumnToWhatItNeeds(_ edge: Int64) {
        var column = PackedIntegers()
        let values: [Int64] = [3, -7, edge, 12]
        values.withUnsafeBufferPointer { column.append(contentsOf: $0.baseAddress!, count: $0.count) }
        let expected: PackedIntegers.Width =
            Int16(exactly: edge) != nil ? .w16 : Int32(exactly: edge) != nil ? .w32 : .w64
        #expect(column.width == expected)
        #expect((0..<column.count).map { column[$0] } == values)
    }
}
