/// The byte-level fast path of `YahooCSVDecoder.rows` for one regular quotes.csv line, and the
/// walk over the fields of a line it accepted.
///
/// A regular line is what Yahoo sends: fields separated by `,`, each either bare (no `"`) or
/// quoted with nothing inside the quotes that needs the general reader (no `"`, `,`, CR or LF),
/// exactly as many fields as the f= codes, ended by LF, CRLF, a bare CR or the end of the input.
/// The scanner answers -1 for anything else (a blank line, a doubled quote, text after a closing
/// quote, a missing or an extra field, an unterminated quote), and that line goes to
/// `TolerantCSVReader`, whose errors (lines, columns, counts) are the ones users see. A line it
/// accepts splits into exactly the fields that reader gives it, so a row keeps the line's place
/// in the body instead of a `String` per field, and the stock reader reads values straight from
/// the bytes.
struct YahooCSVLineScanner {
    /// Fields a line must have: one per f= code.
    let fieldCount: Int
    /// The column of the echoed symbol.
    let symbolColumn: Int

    /// Where the last line accepted ends, before its terminator.
    private(set) var contentEnd = 0
    /// The symbol field's content in the last line accepted (quotes excluded).
    private(set) var symbolStart = 0
    private(set) var symbolEnd = 0

    init(fieldCount: Int, symbolColumn: Int) {
        self.fieldCount = fieldCount
        self.symbolColumn = symbolColumn
    }

    /// Reads the line starting at `start`: the offset after its terminator (or the input's end),
    /// or -1 when the line needs the general reader. With `bounds` (room for two offsets per
    /// field) it also writes each field's content start and end there, so a reader of the line
    /// takes its values from them instead of walking the line again; they mean nothing when the
    /// answer is -1.
    @inline(__always)
    mutating func scan(_ b: UnsafeRawBufferPointer, from start: Int, bounds: UnsafeMutablePointer<Int>? = nil) -> Int {
        let n = b.count
        guard start < n, b[start] != Self.lf, b[start] != Self.cr else { return -1 }
        var p = start
        var column = 0
        while true {
            var contentStart = p
            var contentStop: Int
            if p < n && b[p] == Self.quote {
                contentStart = p + 1
                contentStop = Self.nextSpecial(b, from: contentStart, limit: n)
                guard contentStop < n, b[contentStop] == Self.quote else { return -1 }
                p = contentStop + 1
            } else {
                contentStop = Self.nextSpecial(b, from: p, limit: n)
                p = contentStop
            }
            if column == symbolColumn {
                symbolStart = contentStart
                symbolEnd = contentStop
            }
            if let bounds {  // column < fieldCount here: a comma past the last field returned -1
                bounds[2 &* column] = contentStart
                bounds[2 &* column &+ 1] = contentStop
            }
            column += 1
            if p >= n {
                guard column == fieldCount else { return -1 }
                contentEnd = n
                return n
            }
            let c = b[p]
            if c == Self.comma {
                guard column < fieldCount else { return -1 }
                p += 1
                continue
            }
            guard column == fieldCount else { return -1 }
            if c == Self.lf {
                contentEnd = p
                return p + 1
            }
            guard c == Self.cr else { return -1 }  // a quote: text after a closing quote, or one inside a bare field
            contentEnd = p
            return p + 1 < n && b[p + 1] == Self.lf ? p + 2 : p + 1
        }
    }

    /// Calls `body` with each field's column and content (quotes excluded) of a line the scanner
    /// accepted, from `start` to its `contentEnd`.
    @inline(__always)
    static func forEachField(
        in b: UnsafeRawBufferPointer, from start: Int, to end: Int, _ body: (Int, UnsafeRawBufferPointer) -> Void
    ) {
        var p = start
        var column = 0
        while true {
            let contentStart: Int
            let contentStop: Int
            if p < end && b[p] == quote {
                contentStart = p + 1
                contentStop = nextSpecial(b, from: contentStart, limit: end)
                p = contentStop + 1
            } else {
                contentStart = p
                contentStop = nextSpecial(b, from: p, limit: end)
                p = contentStop
            }
            body(column, UnsafeRawBufferPointer(rebasing: b[contentStart..<contentStop]))
            if p >= end { return }
            p += 1  // the comma
            column += 1
        }
    }

    /// The first `"`, `,`, CR or LF at or after `p` and before `limit`; `limit` if there is none.
    /// Eight bytes a step while eight can be read (a field is mostly one step): the four bytes
    /// are the only ones below `-` that a field mostly holds, so a step looks for the first byte
    /// below `-` (one subtraction, exact for the lowest byte) and compares that one byte; another
    /// byte below `-` (a sign `+`, a space) goes on from the byte after it. Then one at a time.
    @inline(__always)
    static func nextSpecial(_ b: UnsafeRawBufferPointer, from start: Int, limit: Int) -> Int {
        var p = start
        let base = b.baseAddress!
        while p &+ 8 <= b.count && p < limit {
            let x = base.loadUnaligned(fromByteOffset: p, as: UInt64.self).littleEndian
            let below = (x &- 0x2D2D_2D2D_2D2D_2D2D) & ~x & 0x8080_8080_8080_8080
            if below == 0 {
                p &+= 8
                continue
            }
            let q = p &+ below.trailingZeroBitCount &>> 3
            if q >= limit { return limit }
            let c = b[q]
            if c == quote || c == comma || c == lf || c == cr { return q }
            p = q &+ 1
        }
        while p < limit {
            let c = b[p]
            if c == quote || c == comma || c == lf || c == cr { return p }
            p &+= 1
        }
        return limit
    }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
    private static let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
}
