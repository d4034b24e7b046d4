import PropertyBased
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// The scalar-by-scalar fast path must cut a line into exactly the cells the grapheme path does.
struct ScreenCellFastPathTests {
    static let pieces = [
        "a", "Z", "7", " ", "·", "–", "…", "▁", "█", "é", "€", "\u{1B}[32m", "\u{1B}[0m", "\u{1B}[1;31m", "\u{1B}[2m",
        "\t", "\u{7F}",
    ]
    static let lines = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...60).map { $0.map { pieces[$0] }.joined() }

    @Test func fastPathMatchesTheGraphemePath() async {
        await propertyCheck(count: 400, input: Self.lines, Gen.int(in: 1...80)) { line, width in
            #expect(line.unicodeScalars.allSatisfy(ScreenCell.isSimple))
            var simple: [ScreenCell] = []
            var graphemes: [ScreenCell] = []
            #expect(
                ScreenCell.appendSimple(line, role: .plain, to: &simple, limit: width)
                    == ScreenCell.appendGraphemes(line, role: .plain, to: &graphemes, limit: width))
            #expect(simple == graphemes)
        }
    }

    @Test func linesWithEmojiOrCombiningMarksTakeTheGraphemePath() {
        #expect(!"👍🏽 ok".unicodeScalars.allSatisfy(ScreenCell.isSimple))
        #expect(!"e\u{0301}".unicodeScalars.allSatisfy(ScreenCell.isSimple))
        #expect(!"トヨタ".unicodeScalars.allSatisfy(ScreenCell.isSimple))
    }
}
