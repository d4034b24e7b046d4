/// The byte-level fast path for one well-formed row of a bar CSV (`yyyy-MM-dd,[HH:mm[:ss],]`
/// then plain decimals and skipped fields), for the history reader's hot loop.
///
/// A row it accepts is read straight from the bytes: no array of fields, no optionals, no call
/// into a zone cache. It answers `nil` (-1) for anything irregular (quotes, `N/D`, empty values,
/// missing or extra fields, compact dates, exponents, `+` signs, blank lines, more than 18
/// digits, a row in the input's last few bytes), so the caller reads that row with its general
/// path, whose errors (texts, lines, columns) are the ones users see. Whatever it accepts it reads
/// exactly as `DateTimeParsing` and `ExactDecimal.parse` would: the same date, time, significand
/// and scale.
package struct BarRowScanner {
    /// What a field after the date (and time) holds.
    package enum Field: Sendable, Equatable {
        /// A plain decimal (a price or a volume).
        case number
        /// Read past unchecked, as the general path does (Yahoo's `Adj Close`).
        case ignored
    }

    /// Whether the second field is a time of day (`HH:mm:ss` or `HH:mm`).
    package let hasTime: Bool
    /// Fields after the date (and time), at most 64.
    package let fieldCount: Int
    /// Bit k set: field k is `.ignored`.
    private let ignoredMask: UInt64

    /// The date of the last row accepted.
    package private(set) var date = CivilDate(year: 1970, month: 1, day: 1)
    /// The day number of the last row accepted (`date.daysSinceEpoch`).
    package var day: Int64 { dateDays }
    /// The wall clock of the last row accepted, in seconds as if UTC (`secondsSinceEpochAsUTC`).
    package private(set) var wall: Int64 = 0

    // The previous row's date (its 10 bytes) and day number: a repeated date is not parsed again.
    private var dateLow: UInt64 = 0
    private var dateHigh: UInt16 = 0
    private var dateDays: Int64 = 0
    private var hasDate = false

    /// `powerTable`, held here so the hot path does not check the static's initialisation per row.
    private let powers: UnsafePointer<Int64> = BarRowScanner.powerTable

    /// nil when `fields` has more than 64 entries (no CSV this tool reads has).
    package init?(hasTime: Bool, fields: [Field]) {
        guard fields.count <= 64 else { return nil }
        self.hasTime = hasTime
        fieldCount = fields.count
        var mask: UInt64 = 0
        for (k, f) in fields.enumerated() where f == .ignored { mask |= 1 << UInt64(k) }
        ignoredMask = mask
    }

    /// Reads the row starting at `start` of the `n` bytes at `b`: on success `date` and `wall`
    /// hold its clock, `values[k]` the value of number field k (ignored fields leave theirs as
    /// they were), and the answer is the offset after its line terminator (or `n` at the end of
    /// the input); -1 when the row needs the general reader.
    @inline(__always)
    package mutating func scan(
        _ b: UnsafePointer<UInt8>, from start: Int, count n: Int, into values: UnsafeMutablePointer<ExactDecimal>
    ) -> Int {
        let (next, wallSeconds) = row(
            b, start, n, values, hasTime: hasTime, fieldCount: fieldCount, ignoredMask: ignoredMask)
        if next >= 0 { wall = wallSeconds }
        return next
    }

    /// `scan` for a row of the shape given: the scanner's own, or the same as constants (see
    /// `scanRows`). Answers the offset after the row (-1: the general reader's) and its wall clock.
    @inline(__always)
    private mutating func row(
        _ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ values: UnsafeMutablePointer<ExactDecimal>,
        hasTime: Bool, fieldCount: Int, ignoredMask: UInt64
    ) -> (Int, Int64) {
        var p = start
        guard let days = dateDays(b, p, n) else { return (-1, 0) }
        p &+= 11
        var seconds: Int64 = 0
        if hasTime {
            guard let clock = Self.clock(b, &p, n) else { return (-1, 0) }
            seconds = clock
        }
        let wallSeconds = days &* 86_400 &+ seconds
        if fieldCount == 5 && ignoredMask == 0 {
            // Stooq's five numbers written out (the optimiser did not unroll the loop below).
            guard Self.number(b, &p, n, powers, values, 0, comma: true),
                Self.number(b, &p, n, powers, values, 1, comma: true),
                Self.number(b, &p, n, powers, values, 2, comma: true),
                Self.number(b, &p, n, powers, values, 3, comma: true),
                Self.number(b, &p, n, powers, values, 4, comma: false)
            else { return (-1, 0) }
        } else {
            let last = fieldCount &- 1
            var k = 0
            while k <= last {
                if ignoredMask & (1 &<< UInt64(truncatingIfNeeded: k)) != 0 {
                    guard p < n, b[p] != UInt8(ascii: "\"") else { return (-1, 0) }
                    while p < n {
                        let c = b[p]
                        if c == UInt8(ascii: ",") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { break }
                        p &+= 1
                    }
                    if k < last {
                        guard p < n, b[p] == UInt8(ascii: ",") else { return (-1, 0) }
                        p &+= 1
                    }
                } else {
                    guard Self.number(b, &p, n, powers, values, k, comma: k < last) else { return (-1, 0) }
                }
                k &+= 1
            }
        }
        // The line's end: LF, CRLF, a bare CR, or the end of the input.
        if p < n {
            if b[p] == UInt8(ascii: "\n") {
                p &+= 1
            } else if b[p] == UInt8(ascii: "\r") {
                p &+= 1
                if p < n && b[p] == UInt8(ascii: "\n") { p &+= 1 }
            } else {
                return (-1, 0)
            }
        }
        return (p, wallSeconds)
    }

    /// Reads rows from `start` for as long as they are well formed and the block has room (at
    /// most `limit`): row k's values go to `values + k * stride`, its wall clock to `walls[k]` and
    /// its date's day number to `days[k]`. Answers the rows read, and through `end` the offset
    /// after the last of them; it stops before the first row that needs the general reader, or
    /// at the end of the input.
    ///
    /// One call per block keeps the per-row work in this module, `scan` inlined into the loop:
    /// a caller in another module looping over `scan` itself paid a call per row (and one for
    /// each of the reader's `offset` and `skipRecord`). Stooq's shape (five numbers after the
    /// date, with or without a time) has loops of its own with that shape as constants: the
    /// fields unrolled, no test of a field's kind, and few enough values live that the row's
    /// offset stays in a register (the loop over any shape kept it on the stack, a store and a
    /// load on the chain from one field to the next).
    package mutating func scanRows(
        _ b: UnsafePointer<UInt8>, from start: Int, count n: Int, values: UnsafeMutablePointer<ExactDecimal>,
        stride: Int, walls: UnsafeMutablePointer<Int64>, days: UnsafeMutablePointer<Int64>, limit: Int,
        end: inout Int
    ) -> Int {
        if ignoredMask == 0 && fieldCount == 5 {
            if hasTime { return timedFiveRows(b, start, n, values, stride, walls, days, limit, &end) }
            return datedFiveRows(b, start, n, values, stride, walls, days, limit, &end)
        }
        return anyRows(b, start, n, values, stride, walls, days, limit, &end)
    }

    // One function per shape, each with `rows` inlined: calls to `rows` that differ only in
    // constant arguments were merged by the optimiser into one call of a shared copy.

    @inline(never)
    private mutating func timedFiveRows(
        _ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ values: UnsafeMutablePointer<ExactDecimal>,
        _ stride: Int, _ walls: UnsafeMutablePointer<Int64>, _ days: UnsafeMutablePointer<Int64>, _ limit: Int,
        _ end: inout Int
    ) -> Int {
        rows(b, start, n, values, stride, walls, days, limit, &end, hasTime: true, fieldCount: 5, ignoredMask: 0)
    }

    @inline(never)
    private mutating func datedFiveRows(
        _ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ values: UnsafeMutablePointer<ExactDecimal>,
        _ stride: Int, _ walls: UnsafeMutablePointer<Int64>, _ days: UnsafeMutablePointer<Int64>, _ limit: Int,
        _ end: inout Int
    ) -> Int {
        rows(b, start, n, values, stride, walls, days, limit, &end, hasTime: false, fieldCount: 5, ignoredMask: 0)
    }

    @inline(never)
    private mutating func anyRows(
        _ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ values: UnsafeMutablePointer<ExactDecimal>,
        _ stride: Int, _ walls: UnsafeMutablePointer<Int64>, _ days: UnsafeMutablePointer<Int64>, _ limit: Int,
        _ end: inout Int
    ) -> Int {
        rows(
            b, start, n, values, stride, walls, days, limit, &end, hasTime: hasTime, fieldCount: fieldCount,
            ignoredMask: ignoredMask)
    }

    /// `scanRows` for the shape given, on a local copy of the scanner (its cached date in
    /// registers, not read and written through `self` each row).
    @inline(__always)
    private mutating func rows(
        _ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ values: UnsafeMutablePointer<ExactDecimal>,
        _ stride: Int, _ walls: UnsafeMutablePointer<Int64>, _ days: UnsafeMutablePointer<Int64>, _ limit: Int,
        _ end: inout Int, hasTime: Bool, fieldCount: Int, ignoredMask: UInt64
    ) -> Int {
        var scanner = self
        var p = start
        var k = 0
        while k < limit && p < n {
            let (next, wallSeconds) = scanner.row(
                b, p, n, values + k &* stride, hasTime: hasTime, fieldCount: fieldCount, ignoredMask: ignoredMask)
            if next < 0 { break }
            walls[k] = wallSeconds
            days[k] = scanner.dateDays
            k &+= 1
            p = next
        }
        if k > 0 { scanner.wall = walls[k &- 1] }
        self = scanner
        end = p
        return k
    }

    @inline(__always)
    private static func digit(_ c: UInt8) -> Int64? {
        let d = c &- 48
        return d <= 9 ? Int64(d) : nil
    }

    /// The day number of `yyyy-MM-dd,` at `p` (a valid calendar date), setting `date`.
    @inline(__always)
    private mutating func dateDays(_ b: UnsafePointer<UInt8>, _ p: Int, _ n: Int) -> Int64? {
        guard p &+ 11 <= n, b[p &+ 10] == UInt8(ascii: ",") else { return nil }
        let raw = UnsafeRawPointer(b + p)
        let lo8 = raw.loadUnaligned(as: UInt64.self)
        let hi2 = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        if hasDate && lo8 == dateLow && hi2 == dateHigh { return dateDays }
        guard b[p + 4] == UInt8(ascii: "-"), b[p + 7] == UInt8(ascii: "-"),
            let y0 = Self.digit(b[p]), let y1 = Self.digit(b[p + 1]), let y2 = Self.digit(b[p + 2]),
            let y3 = Self.digit(b[p + 3]),
            let m0 = Self.digit(b[p + 5]), let m1 = Self.digit(b[p + 6]), let d0 = Self.digit(b[p + 8]),
            let d1 = Self.digit(b[p + 9])
        else { return nil }
        let parsed = CivilDate(
            year: Int(y0 * 1000 + y1 * 100 + y2 * 10 + y3), month: Int(m0 * 10 + m1), day: Int(d0 * 10 + d1))
        guard parsed.isValid else { return nil }
        date = parsed
        dateDays = parsed.daysSinceEpoch
        dateLow = lo8
        dateHigh = hi2
        hasDate = true
        return dateDays
    }

    /// Seconds into the day of `HH:mm:ss,` (one 8-byte load) or `HH:mm,` at `p`, moving `p` past
    /// the comma.
    @inline(__always)
    private static func clock(_ b: UnsafePointer<UInt8>, _ p: inout Int, _ n: Int) -> Int64? {
        guard p &+ 17 <= n else { return nil }
        let clock = UnsafeRawPointer(b + p).loadUnaligned(as: UInt64.self).littleEndian
        let hour: Int64
        let minute: Int64
        let seconds: Int64
        if b[p &+ 8] == UInt8(ascii: ","), (clock >> 16) & 0xFF == 0x3A, (clock >> 40) & 0xFF == 0x3A {
            // Digits become 0...9 (colons 0); any other byte shows as >= 10 or >= 0x80.
            let x = clock ^ 0x3030_3A30_303A_3030
            guard ((x &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080 == 0 else { return nil }
            hour = Int64(x & 0xFF) * 10 + Int64((x >> 8) & 0xFF)
            minute = Int64((x >> 24) & 0xFF) * 10 + Int64((x >> 32) & 0xFF)
            seconds = Int64((x >> 48) & 0xFF) * 10 + Int64(x >> 56)
            p &+= 9
        } else {
            guard b[p + 2] == UInt8(ascii: ":"), b[p + 5] == UInt8(ascii: ","),
                let h0 = digit(b[p]), let h1 = digit(b[p + 1]),
                let i0 = digit(b[p + 3]), let i1 = digit(b[p + 4])
            else { return nil }
            hour = h0 * 10 + h1
            minute = i0 * 10 + i1
            seconds = 0
            p &+= 6
        }
        guard hour < 24, minute < 60, seconds < 60 else { return nil }
        return hour * 3600 + minute * 60 + seconds
    }

    /// The number field `k` at `p` into `values[k]`, then its comma when another field follows;
    /// false when either is not there.
    @inline(__always)
    private static func number(
        _ b: UnsafePointer<UInt8>, _ p: inout Int, _ n: Int, _ powers: UnsafePointer<Int64>,
        _ values: UnsafeMutablePointer<ExactDecimal>, _ k: Int, comma: Bool
    ) -> Bool {
        let read = decimal(b, p, n, powers)
        guard read.scale >= 0 else { return false }
        values[k] = ExactDecimal(significand: read.value, scale: read.scale)
        if comma {
            guard read.end < n, b[read.end] == UInt8(ascii: ",") else { return false }
            p = read.end &+ 1
        } else {
            p = read.end
        }
        return true
    }

    /// A decimal field read: the offset after it, its significand and its scale (-1: the field is
    /// not such a decimal). Returned in registers: a parser that wrote its offset through a
    /// pointer kept it on the stack, a store and a load on the chain from one field to the next.
    typealias Number = (end: Int, value: Int64, scale: Int)

    /// `-?digits(.digits)?` with at most 18 digits in all at `p`, as `ExactDecimal.parse` reads
    /// it. Inlined: only the common shape, an unsigned number of at most 7 bytes and its
    /// terminator within one 8-byte load (`250.27,`); everything else (a minus sign too) is
    /// `longDecimal`'s. The load starts where the field does: choosing its address by a test of
    /// the first byte put that byte's load and compare on the chain from one field to the next.
    @inline(__always)
    private static func decimal(_ b: UnsafePointer<UInt8>, _ p: Int, _ n: Int, _ powers: UnsafePointer<Int64>)
        -> Number
    {
        if p &+ 18 <= n {
            let x = DigitWord.load(b + p)
            let flags = DigitWord.nonDigits(x)
            let first = flags.trailingZeroBitCount &>> 3  // 8 when there is no flag
            if first > 0 && first < 8 {
                // `.` is 0x2E, so 0x1E once xored.
                if (x &>> UInt64(first &* 8)) & 0xFF != 0x1E {
                    return (p &+ first, DigitWord.value(x, digits: first), 0)
                }
                let rest = flags & (flags &- 1)  // the next non-digit after the point
                if rest != 0 {
                    let end = rest.trailingZeroBitCount &>> 3
                    let squeezed = DigitWord.removingByte(at: first, of: x)
                    return (p &+ end, DigitWord.value(squeezed, digits: end &- 1), end &- first &- 1)
                }
            }
        }
        return longDecimal(b, p, n, powers)
    }

    /// Numbers that do not fit `decimal`'s one load, and those near the end of the input.
    @inline(never)
    private static func longDecimal(_ b: UnsafePointer<UInt8>, _ p: Int, _ n: Int, _ powers: UnsafePointer<Int64>)
        -> Number
    {
        var i = p
        var negative = false
        if i < n && b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        if i + 17 <= n {
            let (integer, integerDigits) = digitRun(b + i)
            guard integerDigits > 0 else { return (p, 0, -1) }
            if integerDigits < 8 {
                i += integerDigits
                var number = integer
                var scale = 0
                if b[i] == UInt8(ascii: ".") {
                    i += 1
                    let (fraction, fractionDigits) = digitRun(b + i)
                    if fractionDigits == 8 { return scalarDecimal(b, p, n) }
                    number = integer &* powers[fractionDigits] &+ fraction
                    scale = fractionDigits
                    i += fractionDigits
                }
                return (i, negative ? -number : number, scale)
            }
        }
        return scalarDecimal(b, p, n)
    }

    /// The value and length of the run of ASCII digits (at most 8) at `b`; 8 bytes must be readable.
    @inline(__always)
    private static func digitRun(_ b: UnsafePointer<UInt8>) -> (Int64, Int) {
        let x = DigitWord.load(b)
        let flags = DigitWord.nonDigits(x)
        let count = flags.trailingZeroBitCount &>> 3
        guard count > 0 else { return (0, 0) }
        return (DigitWord.value(x, digits: count), count)
    }

    /// The byte-at-a-time version, near the end of the input and for long numbers.
    @inline(never)
    private static func scalarDecimal(_ b: UnsafePointer<UInt8>, _ p: Int, _ n: Int) -> Number {
        var i = p
        var negative = false
        if i < n && b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        let digitsStart = i
        var v: Int64 = 0
        while i < n {
            let d = b[i] &- 48
            if d > 9 { break }
            v = v &* 10 &+ Int64(d)
            i += 1
        }
        let integerDigits = i - digitsStart
        guard integerDigits > 0 else { return (p, 0, -1) }
        var scale = 0
        if i < n && b[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n {
                let d = b[i] &- 48
                if d > 9 { break }
                v = v &* 10 &+ Int64(d)
                i += 1
            }
            scale = i - fractionStart
        }
        guard integerDigits + scale <= 18 else { return (p, 0, -1) }
        return (i, negative ? -v : v, scale)
    }

    /// 10^0 ... 10^18 behind a pointer (no array bounds or uniqueness checks); written once, then
    /// only read.
    nonisolated(unsafe) private static let powerTable: UnsafePointer<Int64> = {
        let p = UnsafeMutablePointer<Int64>.allocate(capacity: 19)
        for k in 0...18 { p[k] = ExactDecimal.powerOfTen(k) }
        return UnsafePointer(p)
    }()
}
