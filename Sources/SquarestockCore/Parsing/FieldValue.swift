/// What a numeric field of a quote response held: services mark absent values with a zoo of
/// tokens, and a missing price must never be read as zero.
package enum FieldValue: Sendable, Equatable {
    case missing
    case number(ExactDecimal)
    case invalid
}

/// Readers for single CSV fields: missing-value tokens and the number spellings quote services use.
package enum FieldParsing {
    /// `N/A`, `N/D`, `null`, `-`, `nan`, `none` or empty (quotes already removed by the reader).
    @inlinable
    package static func isMissing(_ b: UnsafeRawBufferPointer) -> Bool {
        let field = ASCIIBytes.trimmed(b, from: 0, to: b.count, where: ASCIIBytes.isInlineSpace)
        let s = field.lowerBound
        let n = field.count
        if n == 0 { return true }
        @inline(__always) func lower(_ c: UInt8) -> UInt8 { c | 0x20 }
        switch n {
        case 1: return b[s] == UInt8(ascii: "-")
        case 3:
            let a = lower(b[s])
            let c = b[s + 1]
            let d = lower(b[s + 2])
            if c == UInt8(ascii: "/") && a == UInt8(ascii: "n") && (d == UInt8(ascii: "a") || d == UInt8(ascii: "d")) {
                return true
            }
            return a == UInt8(ascii: "n") && lower(c) == UInt8(ascii: "a") && d == UInt8(ascii: "n")
        case 4:
            let w = (lower(b[s]), lower(b[s + 1]), lower(b[s + 2]), lower(b[s + 3]))
            return w == (UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l"))
                || w == (UInt8(ascii: "n"), UInt8(ascii: "o"), UInt8(ascii: "n"), UInt8(ascii: "e"))
        default: return false
        }
    }

    /// A plain decimal (`300.46`, `-0.71`, `+0.50`, `1e-3`): the fast path for well-formed columns.
    @inlinable
    package static func decimal(_ b: UnsafeRawBufferPointer) -> FieldValue {
        if let v = ExactDecimal.parse(b) { return .number(v) }
        return isMissing(b) ? .missing : .invalid
    }

    /// A number as legacy quote services print it for people: `+1.53%`, `38.88B`, `1,234.5`,
    /// `522.09B`, ` 17.60 `. Suffixes K, M, B, T scale by 10^3 ... 10^12; `%` is dropped (the
    /// value stays in percent); thousands separators are removed.
    package static func humanNumber(_ b: UnsafeRawBufferPointer) -> FieldValue {
        if let v = ExactDecimal.parse(b) { return .number(v) }
        if isMissing(b) { return .missing }
        let field = ASCIIBytes.trimmed(b, from: 0, to: b.count, where: ASCIIBytes.isInlineSpace)
        let s = field.lowerBound
        var e = field.upperBound
        guard e > s else { return .missing }
        var multiplierExponent = 0
        // The suffixes k, m, b, t in this order scale by 10^3, 10^6, 10^9, 10^12.
        let suffixes: [UInt8] = [UInt8(ascii: "k"), UInt8(ascii: "m"), UInt8(ascii: "b"), UInt8(ascii: "t")]
        if let k = suffixes.firstIndex(of: b[e - 1] | 0x20) {
            multiplierExponent = 3 * (k + 1)
            e -= 1
        } else if b[e - 1] == UInt8(ascii: "%") {
            e -= 1
        }
        guard e > s else { return .invalid }
        var cleaned = [UInt8]()
        cleaned.reserveCapacity(e - s)
        var i = s
        while i < e {
            let c = b[i]
            if c == UInt8(ascii: ",") {
                // A thousands separator sits between digits, three digits before the point or end.
                var digitsAfter = 0
                var j = i + 1
                while j < e, b[j] >= 48, b[j] <= 57 {
                    digitsAfter += 1
                    j += 1
                }
                guard i > s, b[i - 1] >= 48, b[i - 1] <= 57, digitsAfter == 3,
                    j == e || b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: ",")
                else { return .invalid }
            } else {
                cleaned.append(c)
            }
            i += 1
        }
        guard var v = cleaned.withUnsafeBytes({ ExactDecimal.parse($0) }) else { return .invalid }
        if multiplierExponent > 0 {
            guard let scaled = v * ExactDecimal(significand: ExactDecimal.powerOfTen(multiplierExponent)) else {
                return .invalid
            }
            v = scaled.normalized
        }
        return .number(v)
    }

    /// Text field, trimmed; nil for the missing tokens.
    package static func text(_ reader: TolerantCSVReader, _ f: CSVField) -> String? {
        let raw = reader.raw(f)
        if isMissing(raw) { return nil }
        var s = reader.string(f)
        while s.last == " " || s.last == "\t" { s.removeLast() }
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        return s
    }
}

extension String {
    /// Runs `body` over the UTF-8 bytes of a copy, for the byte-level parsers.
    @inlinable
    package func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var copy = self
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
