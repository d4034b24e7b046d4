import TestSupport
import Testing

@testable import SquarestockCore

/// `ExactDecimal.parseShort` (one load, no loop) against `parse` on the same bytes: every short
/// field over an alphabet of digits, points, signs and other bytes, followed by bytes that are not
/// the field's (digits, points, high bytes), must read the same value or be refused alike.
struct ParseShortTests {
    static let alphabet: [UInt8] = Array("019.+-eN/A, ".utf8) + [0x80, 0xFF, 0x2F, 0x3A]

    static func check(_ field: [UInt8], after: [UInt8]) -> Bool {
        let bytes = field + after
        let short = bytes.withUnsafeBytes { ExactDecimal.parseShort($0.baseAddress!, count: field.count) }
        let full = field.withUnsafeBytes { ExactDecimal.parse($0) }
        return short == full && short?.scale == full?.scale
    }

    @Test func everyFieldOfUpToFourBytesReadsAsParseReadsIt() {
        let alphabet = Self.alphabet
        var mismatches: [String] = []
        var fields: [[UInt8]] = [[]]
        for _ in 1...4 {
            fields = fields.flatMap { f in alphabet.map { f + [$0] } }
            for field in fields {
                for after in [
                    [UInt8](repeating: 0x35, count: 16), [UInt8](repeating: 0x2E, count: 16),
                    [UInt8](repeating: 0xFF, count: 16),
                ]
                where !Self.check(field, after: after) {
                    mismatches.append(field.map { String($0, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(10))")
    }

    @Test func randomFieldsOfFiveToEightBytesReadAsParseReadsThem() {
        var rng = SeededRandom(seed: 20_261_128)
        var mismatches: [String] = []
        for _ in 0..<300_000 {
            let n = 5 + rng.below(4)
            var field: [UInt8] = []
            for k in 0..<n {
                // Mostly digits, so that most fields are numbers and the edge cases sit among them.
                let r = rng.below(20)
                if r < 14 {
                    field.append(0x30 + UInt8(rng.below(10)))
                } else if r < 17 && k > 0 {
                    field.append(UInt8(ascii: "."))
                } else {
                    field.append(Self.alphabet[rng.below(Self.alphabet.count)])
                }
            }
            let after = (0..<16).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if !Self.check(field, after: after) { mismatches.append(String(decoding: field, as: UTF8.self)) }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(10))")
    }

    @Test func longerFieldsAndTheCommonShapesRead() {
        for text in [
            "250.27", "+0.65", "-3.43", "45944790", "5.", ".5", "-0", "12345678", "123456789", "1.5e2", "N/A", "",
        ] {
            let field = Array(text.utf8)
            #expect(Self.check(field, after: Array("12345678,".utf8)), "\(text)")
        }
        let value = Array("-1234.56,".utf8).withUnsafeBytes { ExactDecimal.parseShort($0.baseAddress!, count: 8) }
        #expect(value == ExactDecimal(significand: -123_456, scale: 2))
    }
}
