import Testing

@testable import SquarestockCore

/// Only whole 2 MiB pages inside a buffer are named; a buffer under two of them, or holding none
/// whole, is left alone.
struct HugePagesTests {
    static let mib2 = HugePages.size

    @Test func onlyWholePagesInsideTheBufferAreNamed() {
        // Aligned, 4 MiB: both pages.
        #expect(HugePages.wholePages(from: 8 * Self.mib2, bytes: 2 * Self.mib2)! == (8 * Self.mib2, 2 * Self.mib2))
        // Starting 4 KiB into a page, 5 MiB: the next page on, up to the last whole one.
        let start = 8 * Self.mib2 + 4096
        let whole = HugePages.wholePages(from: start, bytes: 5 << 20)
        #expect(whole?.start == 9 * Self.mib2 && whole?.length == Self.mib2, "\(String(describing: whole))")
        #expect(whole.map { $0.start >= start && $0.start + $0.length <= start + (5 << 20) } == true)
        // Under two pages: none.
        #expect(HugePages.wholePages(from: 8 * Self.mib2, bytes: 2 * Self.mib2 - 1) == nil)
        // Two pages' worth that straddles three: one whole page.
        #expect(HugePages.wholePages(from: 8 * Self.mib2 + 1, bytes: 2 * Self.mib2)?.length == Self.mib2)
    }

    /// A large column still holds what it was given once it widens over huge pages.
    @Test func aLargeColumnWidensWithItsValues() {
        var column = PackedIntegers()
        column.reserveCapacity(3_000_000)
        for i in 0..<1000 { column.append(Int64(i)) }
        column.append(Int64(Int32.max) + 1)
        #expect(column.width == .w64 && column.count == 1001)
        #expect(column[999] == 999 && column[1000] == Int64(Int32.max) + 1)
    }
}
