/// A parsed JSON document that keeps every number as the text that was sent.
///
/// Prices must print back exactly as received (`268.835`, not `268.83499999999998`), which a
/// `Double`-based decoder cannot promise; numbers here stay text until a caller turns them into
/// an `ExactDecimal` or an integer.
package indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    package subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, index >= 0, index < items.count { return items[index] }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var decimal: ExactDecimal? {
        if case .number(let n) = self { return ExactDecimal(n) }
        return nil
    }

    /// A price or amount sent as a number or as a string holding one (exchanges quote their
    /// decimals to keep every digit; documentation examples often do not).
    package var numberOrStringDecimal: ExactDecimal? {
        switch self {
        case .string(let s): return ExactDecimal(s)
        case .number(let n): return ExactDecimal(n)
        default: return nil
        }
    }

    package var int64: Int64? {
        guard case .number(let n) = self else { return nil }
        if let v = Int64(n) { return v }
        // Integral doubles are written with `.0` by some services.
        if let d = ExactDecimal(n), d.normalized.scale == 0 { return d.normalized.significand }
        return nil
    }
}

/// Why a JSON body could not be read, with the byte offset for the message.
package struct JSONParseError: Error, Equatable, Sendable {
    package var offset: Int
    package var message: String
}

/// A small recursive-descent JSON reader over bytes, with a nesting limit so hostile input
/// cannot exhaust the stack.
package struct JSONReader {
    package static let maxDepth = 128

    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { raw in
            var r = JSONReader(bytes: raw)
            r.skipSpace()
            do throws(JSONParseError) {
                let v = try r.value(depth: 0)
                r.skipSpace()
                guard r.i == raw.count else {
                    return .failure(JSONParseError(offset: r.i, message: "unexpected data after the JSON value"))
                }
                return .success(v)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Unwraps JSONP (`callback({...});`, `/**/callback(...)`) and parses the inside.
    package static func parseAllowingJSONP(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var start = 0
        while start < bytes.count, ASCIIBytes.isJSONSpace(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "["),
            let open = bytes[start...].firstIndex(of: UInt8(ascii: "(")),
            let close = bytes.lastIndex(of: UInt8(ascii: ")")), close > open
        {
            return try parse(Array(bytes[(open + 1)..<close]))
        }
        return try parse(bytes)
    }

    private let b: UnsafeRawBufferPointer
    private var i = 0

    private init(bytes: UnsafeRawBufferPointer) { b = bytes }

    private mutating func skipSpace() {
        while i < b.count, ASCIIBytes.isJSONSpace(b[i]) { i += 1 }
    }

    private func fail(_ m: String) -> JSONParseError { JSONParseError(offset: i, message: m) }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < JSONReader.maxDepth else { throw fail("nested too deeply") }
        guard i < b.count else { throw fail("unexpected end of JSON") }
        switch b[i] {
        case UInt8(ascii: "{"): return .object(try members(depth: depth))
        case UInt8(ascii: "["): return .array(try elements(depth: depth))
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(try number())
        }
    }

    /// An object's `"key": value` members in order, `i` on its `{`.
    private mutating func members(depth: Int) throws(JSONParseError) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        try items(closedBy: UInt8(ascii: "}")) { (r: inout JSONReader) throws(JSONParseError) in
            guard r.i < r.b.count, r.b[r.i] == UInt8(ascii: "\"") else { throw r.fail("expected a key") }
            let k = try r.string()
            r.skipSpace()
            guard r.i < r.b.count, r.b[r.i] == UInt8(ascii: ":") else { throw r.fail("expected ':'") }
            r.i += 1
            r.skipSpace()
            members.append((k, try r.value(depth: depth + 1)))
        }
        return members
    }

    /// An array's elements in order, `i` on its `[`.
    private mutating func elements(depth: Int) throws(JSONParseError) -> [JSONValue] {
        var elements: [JSONValue] = []
        try items(closedBy: UInt8(ascii: "]")) { (r: inout JSONReader) throws(JSONParseError) in
            elements.append(try r.value(depth: depth + 1))
        }
        return elements
    }

    /// The comma-separated items of an object or an array, `i` on its opening bracket and past
    /// `close` afterwards: `item` reads one item, white space before and after it is skipped here.
    private mutating func items(
        closedBy close: UInt8, _ item: (inout JSONReader) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        i += 1
        skipSpace()
        if i < b.count, b[i] == close {
            i += 1
            return
        }
        while true {
            skipSpace()
            try item(&self)
            skipSpace()
            guard i < b.count else { throw fail("unexpected end of JSON") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if b[i] == close {
                i += 1
                return
            }
            throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
    }

    /// A number's text as written (`-`, digits, `.`, `e`, signs), checked only for having a digit.
    private mutating func number() throws(JSONParseError) -> String {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < b.count {
            let c = b[i]
            if c >= 48 && c <= 57 {
                digits += 1
                i += 1
            } else if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
            {
                i += 1
            } else {
                break
            }
        }
        guard digits > 0 else {
            i = start
            throw fail("unexpected character")
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { throw fail("unexpected end of JSON") }
        let p = word.utf8Start
        for k in 0..<n where b[i + k] != p[k] { throw fail("unexpected character") }
        i += n
    }

    private mutating func string() throws(JSONParseError) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return TerminalText.clean(bytes: out)
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < b.count else { break }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00, i + 1 < b.count, b[i] == UInt8(ascii: "\\"),
                        b[i + 1] == UInt8(ascii: "u")
                    {
                        i += 2
                        let low = try hex4()
                        if low >= 0xDC00 && low < 0xE000 {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalar = 0xFFFD
                        }
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: out.append(e)
                }
                continue
            }
            out.append(c)
            i += 1
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= b.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = HexDigit.value(b[i]) else { throw fail("bad \\u escape") }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}
