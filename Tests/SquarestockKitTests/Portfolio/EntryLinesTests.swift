import Testing

@testable import SquarestockKit

/// The import's line of each new entry, kept as runs: every id answers the line it was added
/// with, ids never added answer nil.
struct EntryLinesTests {
    @Test func eachIDAnswersItsLine() {
        var lines = EntryLines()
        // Ids 10...14 from lines 2...6; id 15 skipped (a row already imported); 16 from line 9
        // (a note over two lines before it); 17 from line 10; then ids from 40 on.
        var added: [(Int64, Int)] = []
        for k in 0..<5 { added.append((10 + Int64(k), 2 + k)) }
        added += [(16, 9), (17, 10), (40, 11), (41, 13)]
        for (id, line) in added { lines.add(id: id, line: line) }
        for (id, line) in added { #expect(lines.line(of: id) == line, "\(id)") }
        for id: Int64 in [0, 9, 15, 18, 39, 42, 1_000] { #expect(lines.line(of: id) == nil, "\(id)") }
    }
}
