import SquarestockCore

/// Reads a row's fields into a `YahooQuoteLine` in one walk, by the layout's column roles.
///
/// Each value is first read from the field's bytes as they are (a plain decimal, `M/d/yyyy`,
/// `h:mma`): bytes such a parser accepts are printable ASCII without stray spaces, so they are
/// their own text and the value is the one the text gives. Only a field those parsers refuse
/// gets its text made (`YahooCSVFieldText`) and read the general way (`FieldParsing.humanNumber`,
/// the missing-value tokens), which is what every field went through before.
///
/// Lines of an answer mostly share a date, so the last date's bytes and value are kept.
struct YahooQuoteLineReader {
    private var dateLow: UInt64 = 0
    private var dateHigh: UInt64 = 0
    private var dateCount = -1
    private var date = CivilDate(year: 1970, month: 1, day: 1)

    /// Reads `row` into `line`, which starts empty (the caller's, so the values are written where
    /// they are used, not built here and copied out).
    mutating func read(_ row: YahooCSVRow, into line: inout YahooQuoteLine) {
        row.layout.roles.withUnsafeBufferPointer { roles in
            row.forEachField { column, bytes, isText in
                guard column < roles.count else { return }
                read(roles[column], bytes, isText, wordReadable: false, into: &line)
            }
        }
    }

    /// Reads a regular line of `body` into `line` (which starts empty) from the field bounds
    /// `YahooCSVLineScanner.scan` wrote, one content start and end per role, without walking the
    /// line again. The bytes are the same ones `read(_:into:)` is handed for such a line.
    @inline(__always)
    mutating func read(
        _ body: UnsafeRawBufferPointer, bounds: UnsafePointer<Int>, roles: UnsafeBufferPointer<YahooColumnRole>,
        into line: inout YahooQuoteLine
    ) {
        for column in roles.indices {
            let role = roles[column]
            if role == .other { continue }
            let start = bounds[2 &* column]
            let bytes = UnsafeRawBufferPointer(
                start: body.baseAddress! + start, count: bounds[2 &* column &+ 1] &- start)
            read(role, bytes, false, wordReadable: start &+ 16 <= body.count, into: &line)
        }
    }

    /// One field's value, by its column's role. `wordReadable`: 16 bytes may be read from the
    /// field's start (the rest of the body), so short fields are read a word at a time.
    @inline(__always)
    private mutating func read(
        _ role: YahooColumnRole, _ bytes: UnsafeRawBufferPointer, _ isText: Bool, wordReadable: Bool,
        into line: inout YahooQuoteLine
    ) {
        if role.isNumber {
            // One read for every number's role, so that it is inlined once, not once per role.
            let value = Self.number(bytes, isText, wordReadable)
            switch role {
            case .last:
                line.last = value
                if value == nil { line.unreadableLast = Self.text(bytes, isText) }
            case .change: line.change = value
            case .changePercent: line.changePercent = value
            case .open: line.open = value
            case .high: line.high = value
            case .low: line.low = value
            case .previousClose: line.previousClose = value
            default: line.volume = value
            }
            return
        }
        switch role {
        case .other, .last, .change, .changePercent, .open, .high, .low, .previousClose, .volume: break
        case .date: line.date = usDate(bytes, isText, wordReadable)
        case .time: line.time = Self.time(bytes, isText)
        case .exchange: line.exchangeCode = Self.text(bytes, isText)
        case .currency: line.currency = Self.text(bytes, isText)
        case .name: line.name = Self.text(bytes, isText)
        }
    }

    /// `humanNumber` of the field's text, when that is a number.
    @inline(__always)
    static func number(_ bytes: UnsafeRawBufferPointer, _ isText: Bool, _ wordReadable: Bool = false) -> ExactDecimal? {
        if wordReadable {
            if let d = ExactDecimal.parseShort(bytes.baseAddress!, count: bytes.count) { return d }
        } else if let d = ExactDecimal.parse(bytes) {
            return d
        }
        if isNotAvailable(bytes) { return nil }
        return generalNumber(bytes, isText)
    }

    @inline(never)
    private static func generalNumber(_ bytes: UnsafeRawBufferPointer, _ isText: Bool) -> ExactDecimal? {
        let value =
            isText
            ? FieldParsing.humanNumber(bytes) : YahooCSVFieldText.text(bytes).withBytes { FieldParsing.humanNumber($0) }
        if case .number(let d) = value { return d }
        return nil
    }

    /// The field's text; nil for a missing-value token.
    @inline(__always)
    static func text(_ bytes: UnsafeRawBufferPointer, _ isText: Bool) -> String? {
        if isNotAvailable(bytes) { return nil }
        let text = isText ? String(decoding: bytes, as: UTF8.self) : YahooCSVFieldText.text(bytes)
        return text.withBytes { FieldParsing.isMissing($0) } ? nil : text
    }

    /// `M/d/yyyy` (or `M/d/yy`), the previous line's answer when the bytes are the same.
    @inline(__always)
    private mutating func usDate(_ bytes: UnsafeRawBufferPointer, _ isText: Bool, _ wordReadable: Bool) -> CivilDate? {
        let n = bytes.count
        guard n <= 16 else { return Self.date(bytes, isText) }
        // An empty field is the zero key (nothing to read).
        let (low, high) =
            n > 0 ? YahooFieldWords.words(bytes.baseAddress!, count: n, wordReadable: wordReadable) : (0, 0)
        if n == dateCount && low == dateLow && high == dateHigh { return date }
        guard let parsed = DateTimeParsing.usDate(bytes) else { return Self.date(bytes, isText) }
        dateCount = n
        dateLow = low
        dateHigh = high
        date = parsed
        return parsed
    }

    /// `usDate` of the field's text.
    private static func date(_ bytes: UnsafeRawBufferPointer, _ isText: Bool) -> CivilDate? {
        if let d = DateTimeParsing.usDate(bytes) { return d }
        return text(bytes, isText).flatMap { DateTimeParsing.usDate($0) }
    }

    /// `twelveHourTime` of the field's text.
    @inline(__always)
    private static func time(_ bytes: UnsafeRawBufferPointer, _ isText: Bool) -> TimeOfDay? {
        if let t = DateTimeParsing.twelveHourTime(bytes) { return t }
        if isNotAvailable(bytes) { return nil }
        return text(bytes, isText).flatMap { DateTimeParsing.twelveHourTime($0) }
    }

    /// Exactly `N/A`, Yahoo's token for a missing value: no text needs to be made to know it.
    @inline(__always)
    private static func isNotAvailable(_ b: UnsafeRawBufferPointer) -> Bool {
        b.count == 3 && b[0] == UInt8(ascii: "N") && b[1] == UInt8(ascii: "/") && b[2] == UInt8(ascii: "A")
    }
}
