import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// Volumes short enough for a column at every size: grouped up to a million, then M, B and T
/// (999,999,999,999,999,999 read `1000000000.00B`), grouped again past a thousand T.
struct VolumeFormattingTests {
    @Test(arguments: [
        ("999999", "999,999"), ("21354043", "21.35M"), ("1200000000", "1.20B"),
        ("3500000000000", "3.50T"), ("999999999999999999", "1,000,000.00T"),
    ])
    func volumes(_ value: String, _ shown: String) {
        #expect(NumberFormatting.volume(ExactDecimal(value)!) == shown)
    }
}
