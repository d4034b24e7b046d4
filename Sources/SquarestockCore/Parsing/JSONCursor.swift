#if canImport(Glibc)
    import Glibc
#endif

/// A forward-only reader of JSON tokens over bytes that allocates nothing: strings and numbers
/// come back as the byte ranges they occupy, for a decoder to turn straight into an
/// `ExactDecimal` or a time.
///
/// `JSONReader` builds a tree of `JSONValue`s with a `String` per key and per value; for the
/// large, regular bodies of an exchange (a thousand trades, a book of a thousand levels) that
/// tree costs more than the numbers in it. A decoder walks those bodies with this cursor instead:
/// it asks for the shape it expects and gets `false` or `nil` at the first byte that does not
/// fit, with `offset` on that byte for the error message. Values it does not want are skipped
/// with the same nesting limit as `JSONReader`, so hostile input cannot exhaust the stack.
package struct JSONCursor {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// The next byte to read; on a failure, the byte that did not fit.
    package var offset: Int

    @inlinable
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        offset = 0
    }

    @inlinable @inline(__always)
    package mutating func skipSpace() {
        while offset < bytes.count, ASCIIBytes.isJSONSpace(bytes[offset]) { offset += 1 }
    }

    /// True at the end of the bytes once white space is skipped.
    @inlinable
    package mutating func atEnd() -> Bool {
        skipSpace()
        return offset == bytes.count
    }

    /// The next meaningful byte, not consumed.
    @inlinable @inline(__always)
    package mutating func peek() -> UInt8? {
        skipSpace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// Consumes `byte` if it is the next meaningful one.
    @inlinable @inline(__always)
    package mutating func take(_ byte: UInt8) -> Bool {
        if offset < bytes.count, bytes[offset] == byte {
            offset += 1
            return true
        }
        return takeAfterSpace(byte)
    }

    /// `take` when white space comes first, out of line so `take` stays small enough to inline.
    @usableFromInline @inline(never)
    mutating func takeAfterSpace(_ byte: UInt8) -> Bool {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// Reads the items of an array (`close` `]`) or an object (`close` `}`) whose opening bracket
    /// was just taken: `item` reads one and returns false to stop at a malformed one. False when
    /// an item failed or the separators are wrong.
    @inlinable
    package mutating func items(closedBy close: UInt8, _ item: (inout JSONCursor) -> Bool) -> Bool {
        if take(close) { return true }
        while true {
            guard item(&self) else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(close)
        }
    }

    /// A string's bytes as sent, for the decoder that compares them (an event name, a side),
    /// parses them (a time, a base64 payload) or looks at them before taking the text; nil when
    /// the next value is not a string. Text a user may see is `text()` (or `RawString.text`),
    /// never these bytes made into a `String` by hand.
    @inlinable
    package mutating func rawString() -> RawString? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = offset
        // Long strings (a base64 payload) end at the first quote when no backslash comes before
        // it: two memchr calls instead of a loop over every byte.
        if bytes.count - start > 32, let base = bytes.baseAddress,
            let quote = memchr(base + start, 0x22, bytes.count - start)
        {
            let end = base.distance(to: UnsafeRawPointer(quote))
            if memchr(base + start, 0x5C, end - start) == nil {
                offset = end + 1
                return RawString(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), escaped: false)
            }
        }
        var escaped = false
        while offset < bytes.count {
            let c = bytes[offset]
            if c == UInt8(ascii: "\"") {
                let inside = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                return RawString(bytes: inside, escaped: escaped)
            }
            if c == UInt8(ascii: "\\") {
                escaped = true
                offset += 1
            }
            offset += 1
        }
        offset = start - 1
        return nil
    }

    /// An object key and its `:`, as raw bytes (keys with escapes never match a plain name).
    @inlinable
    package mutating func key() -> UnsafeRawBufferPointer? {
        guard let k = rawString(), take(UInt8(ascii: ":")) else { return nil }
        return k.bytes
    }

    /// A number's text as written; nil when the next value is not a number.
    @inlinable
    package mutating func number() -> UnsafeRawBufferPointer? {
        skipSpace()
        let start = offset
        var digits = 0
        while offset < bytes.count {
            let c = bytes[offset]
            if c &- 48 < 10 {
                digits += 1
            } else if c != UInt8(ascii: "."),
                !(c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E"))
            {
                break
            }
            offset += 1
        }
        guard digits > 0 else {
            offset = start
            return nil
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }

    /// The text of a value that may be sent as a number or as a string holding one (prices,
    /// sizes and ids, which exchanges quote to keep their digits); nil for an escaped string or
    /// anything else.
    @inlinable
    package mutating func numberText() -> UnsafeRawBufferPointer? {
        if peek() == UInt8(ascii: "\"") {
            guard let s = rawString(), !s.escaped else { return nil }
            return s.bytes
        }
        return number()
    }

    /// A price or size sent as a number or as a string holding one, as an exact decimal; nil
    /// when it is neither (the cursor then stays on the value).
    @inlinable
    package mutating func decimal() -> ExactDecimal? {
        let start = offset
        if let plain = quotedPlainDecimal() { return plain }
        offset = start
        guard let text = numberText(), let value = ExactDecimal.parse(text) else {
            offset = start
            return nil
        }
        return value
    }

    /// The usual form in one pass, `"84036.10000"`: a quote, at most 18 digits with one point,
    /// a quote. Nil for anything else, which `decimal` reads the general way.
    @inlinable @inline(__always)
    mutating func quotedPlainDecimal() -> ExactDecimal? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        var i = offset + 1
        var value: Int64 = 0
        var digits = 0
        var point = -1
        while i < bytes.count {
            let c = bytes[i]
            let d = c &- 48
            if d < 10 {
                value = value &* 10 &+ Int64(d)
                digits += 1
            } else if c == UInt8(ascii: "."), point < 0 {
                point = i
            } else if c == UInt8(ascii: "\"") {
                break
            } else {
                return nil
            }
            i += 1
        }
        guard i < bytes.count, digits > 0, digits <= 18 else { return nil }
        offset = i + 1
        return ExactDecimal(significand: value, scale: point < 0 ? 0 : i - point - 1)
    }

    /// Skips one value of any kind; false when it is not well-formed JSON or nests deeper than
    /// `JSONReader.maxDepth`.
    package mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < JSONReader.maxDepth, let c = peek() else { return false }
        switch c {
        case UInt8(ascii: "{"):
            offset += 1
            return items(closedBy: UInt8(ascii: "}")) { $0.key() != nil && $0.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            offset += 1
            return items(closedBy: UInt8(ascii: "]")) { $0.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): return rawString() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number() != nil
        }
    }

    /// Consumes `word` (`true`, `false`, `null`) if it comes next.
    package mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let n = word.utf8CodeUnitCount
        guard offset + n <= bytes.count else { return false }
        for k in 0..<n where bytes[offset + k] != word.utf8Start[k] { return false }
        offset += n
        return true
    }

    /// The next value as text a user may see: a string with its escapes resolved (a `\u0041`
    /// is an `A`, so an escaped name still matches its pair) and control characters removed; the
    /// plain string, the common case, costs one byte scan. nil when the value is not a string.
    /// Every string a decoder keeps as text comes from here, so none cleans one by hand.
    package mutating func text() -> String? {
        rawString()?.text
    }

    /// A string that names something (a symbol, a pair): its text only when cleaning would not
    /// change it, else "" so it matches nothing. A network id `AAPL<ESC>[31m` cleaned to `AAPL`
    /// would be taken for AAPL; nil only when there is no string.
    package mutating func identifier() -> String? {
        guard let raw = rawString() else { return nil }
        guard raw.escaped else { return TerminalText.identifier(bytes: raw.bytes) ?? "" }
        // Escapes resolved (`\/` in `BTC\/USD`, `\u0058`), each to printable ASCII, or none.
        var bytes: [UInt8] = []
        var i = raw.bytes.startIndex
        let end = raw.bytes.endIndex
        while i < end {
            var b = raw.bytes[i]
            if b == UInt8(ascii: "\\") {
                guard i + 1 < end else { return "" }
                i += 1
                switch raw.bytes[i] {
                case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): b = raw.bytes[i]
                case UInt8(ascii: "u"):
                    guard i + 4 < end else { return "" }
                    var v: UInt32 = 0
                    for k in 1...4 {
                        guard let h = HexDigit.value(raw.bytes[i + k]) else { return "" }
                        v = v << 4 | h
                    }
                    guard v >= 0x20 && v <= 0x7E else { return "" }
                    b = UInt8(v)
                    i += 4
                default: return ""
                }
            }
            bytes.append(b)
            i += 1
        }
        return bytes.withUnsafeBytes { TerminalText.identifier(bytes: $0) } ?? ""
    }

    /// `numberText()` as text a user may see (a trade id sent as a number or as a string):
    /// cleaned like `text()`, since a quoted "number" may hold any byte but a quote or a `\`.
    package mutating func numberAsText() -> String? {
        numberText().map { TerminalText.clean(bytes: $0) }
    }

    /// Whether raw bytes spell `name` exactly.
    @inlinable
    package static func equals(_ raw: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard raw.count == n else { return false }
        for k in 0..<n where raw[k] != name.utf8Start[k] { return false }
        return true
    }
}

extension JSONCursor {
    /// The bytes between a string's quotes, as `rawString()` found them.
    package struct RawString {
        package let bytes: UnsafeRawBufferPointer
        /// Whether the bytes hold a `\` escape (then only `text` reads them right).
        package let escaped: Bool

        @inlinable
        init(bytes: UnsafeRawBufferPointer, escaped: Bool) {
            self.bytes = bytes
            self.escaped = escaped
        }

        /// The string as text a user may see: escapes resolved as `JSONReader` resolves them,
        /// then cleaned for the terminal (`TerminalText.clean`).
        package var text: String {
            guard escaped else { return TerminalText.clean(bytes: bytes) }
            var quoted: [UInt8] = [UInt8(ascii: "\"")]
            quoted.append(contentsOf: bytes)
            quoted.append(UInt8(ascii: "\""))
            if case .string(let s)? = try? JSONReader.parse(quoted) { return s }
            return TerminalText.clean(bytes: bytes)
        }
    }
}
