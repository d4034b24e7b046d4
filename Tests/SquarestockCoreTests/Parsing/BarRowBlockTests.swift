import TestSupport
import Testing

@testable import SquarestockCore

/// A block of rows read at once (`BarRowScanner.scanRows`, `TolerantCSVReader.skipRecords`)
/// against the row-at-a-time calls it stands for (`scan`, `skipRecord`): the same rows, clocks,
/// values, end offset and line numbers, and it stops at the first row `scan` refuses.
struct BarRowBlockTests {
    /// A row of `fields` as Stooq prints them, or bent in one of many ways.
    static func randomRow(_ rng: inout SeededRandom, hasTime: Bool, fields: Int) -> String {
        func number() -> String {
            switch rng.below(60) {
            case 0: return "N/D"
            case 1: return ""
            case 2: return "-" + String(rng.below(1000)) + "." + String(rng.below(100))
            case 3: return String(rng.below(100_000_000)) + "." + String(rng.below(10_000_000))
            case 4: return "1234567890123456789"
            case 5: return String(rng.below(10)) + "e3"
            case 6: return "+" + String(rng.below(10))
            case 7: return "\"" + String(rng.below(10)) + "\""
            case 8: return " " + String(rng.below(10))
            case 9: return "250."
            case 10: return ".5"
            case 11: return "1.2.3"
            case 12: return "0.000000000000001"
            case 13: return "12345678.12345678"
            default:
                let whole = String(rng.below(5000))
                return rng.below(3) == 0 ? whole : whole + "." + String(rng.below(100))
            }
        }
        let dates = ["2011-01-03", "2020-02-29", "2021-02-29", "2020-13-01", "20200506", "2020-5-06", "2019-12-31"]
        var parts = [rng.below(4) == 0 ? dates[rng.below(dates.count)] : "2011-01-03"]
        if hasTime {
            let clocks = ["15:35:00", "15:35", "24:00:00", "09:60:00", "153500", "1:05:00", "23:59:59"]
            parts.append(rng.below(3) == 0 ? clocks[rng.below(clocks.count)] : "01:05:00")
        }
        let count = rng.below(8) == 0 ? fields + rng.below(3) - 1 : fields
        for _ in 0..<max(count, 0) { parts.append(number()) }
        let ends = ["\n", "\r\n", "\r", "\n", "\n", "\r\n"]
        return parts.joined(separator: ",") + ends[rng.below(ends.count)]
    }

    /// Dated and timed layouts (Stooq's daily and intraday files), which `scanRows` reads with
    /// loops of their own (the shape as constants), held against `scan`, which reads any shape.
    @Test(arguments: [true, false])
    func scanRowsReadsABlockAsRowByRowScansDo(_ hasTime: Bool) throws {
        try Self.expectBlocksAsRows(
            hasTime: hasTime, fields: Array(repeating: .number, count: 5), seed: hasTime ? 31 : 32)
    }

    /// Other shapes (Yahoo's daily file with its ignored `Adj Close`, fewer numbers) take the loop
    /// for any shape.
    @Test(arguments: [
        (false, [BarRowScanner.Field.number, .number, .number, .number, .ignored, .number]),
        (true, [.number, .number, .number, .number]), (true, [.number, .ignored, .number, .number, .number]),
    ])
    func otherShapesReadABlockAsRowByRowScansDo(_ hasTime: Bool, _ fields: [BarRowScanner.Field]) throws {
        try Self.expectBlocksAsRows(hasTime: hasTime, fields: fields, seed: 33 + UInt64(fields.count))
    }

    static func expectBlocksAsRows(hasTime: Bool, fields: [BarRowScanner.Field], seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let width = fields.count
        var text = ""
        for _ in 0..<3000 { text += Self.randomRow(&rng, hasTime: hasTime, fields: width) }
        let bytes = Array(text.utf8)
        let template = try #require(BarRowScanner(hasTime: hasTime, fields: fields))
        let capacity = 64
        let values = UnsafeMutablePointer<ExactDecimal>.allocate(capacity: capacity * width)
        let walls = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
        let days = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
        let one = UnsafeMutablePointer<ExactDecimal>.allocate(capacity: width)
        values.initialize(repeating: .zero, count: capacity * width)
        one.initialize(repeating: .zero, count: width)
        defer {
            values.deallocate()
            walls.deallocate()
            days.deallocate()
            one.deallocate()
        }
        bytes.withUnsafeBufferPointer { buffer in
            let b = buffer.baseAddress!
            let n = buffer.count
            var block = template
            var plain = template
            var p = 0
            var blocks = 0
            while p < n {
                var end = p
                let got = block.scanRows(
                    b, from: p, count: n, values: values, stride: width, walls: walls, days: days,
                    limit: 1 + rng.below(capacity), end: &end)
                var q = p
                for k in 0..<got {
                    q = plain.scan(b, from: q, count: n, into: one)
                    #expect(q >= 0)
                    if q < 0 { return }
                    #expect(walls[k] == plain.wall && days[k] == plain.day)
                    for c in 0..<width where fields[c] == .number {
                        #expect(values[k * width + c] == one[c] && values[k * width + c].scale == one[c].scale)
                    }
                }
                #expect(end == q)
                if got == 0 {
                    // Stopped at a row `scan` refuses too: skip that line as the general path would.
                    #expect(plain.scan(b, from: p, count: n, into: one) == -1)
                    while p < n && b[p] != UInt8(ascii: "\n") && b[p] != UInt8(ascii: "\r") { p += 1 }
                    p += 1
                } else {
                    p = end
                    blocks += 1
                }
            }
            #expect(blocks > 100)
        }
    }

    @Test func skipRecordsMovesAsSkipRecordCallsDo() {
        let text = Array("a\nb\r\nc\rd\ne".utf8)
        let ends = [2, 5, 7, 9, 10]
        text.withUnsafeBytes { raw in
            for first in 0..<ends.count {
                for last in first..<ends.count {
                    var one = TolerantCSVReader(bytes: raw)
                    var many = TolerantCSVReader(bytes: raw)
                    if first > 0 {
                        for e in ends[..<first] { one.skipRecord(endingAt: e) }
                        many = one
                    }
                    for e in ends[first...last] { one.skipRecord(endingAt: e) }
                    many.skipRecords(last - first + 1, endingAt: ends[last])
                    #expect(many.offset == one.offset)
                    #expect(many.lineNumber == one.lineNumber)
                    #expect(many.nextLineNumber == one.nextLineNumber)
                }
            }
        }
    }
}
