#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Intraday bars as columns: UTC instants and exact decimal prices, one row per bar, in file order.
public struct IntradayBars {
    /// UTC seconds since the epoch of each bar's wall clock read in the parser's zone.
    public let instants: Int64Column
    public let open: DecimalColumn
    public let high: DecimalColumn
    public let low: DecimalColumn
    public let close: DecimalColumn
    public let volume: DecimalColumn

    public var count: Int { instants.count }
}

/// A byte-level reader for Stooq-style intraday CSV (`Date,Time,Open,High,Low,Close,Volume`, with
/// any header names in those positions, e.g. Polish `Data,Czas,...`) into `IntradayBars`.
///
/// It answers exactly what `StooqDecoder.bars` followed by `ExchangeTimeZone.instant(for:)` and
/// `ExactDecimal` would (the same bars, the same first error with the same line number), but
/// without a per-row array of fields, optionals or calls into the shared zone cache:
///
/// * well-formed rows (`yyyy-MM-dd,HH:mm[:ss],` then five plain decimals, LF/CRLF/CR or end of
///   input) are read straight from the bytes; a date equal to the previous row's is not parsed
///   again; wall clocks become instants through a private `WallClockConverter` (ICU only at
///   offset transitions);
/// * every other row (quotes, `N/D`, missing or extra fields, compact dates, exponents, blank
///   lines, bad dates) goes through `TolerantCSVReader`, `DateTimeParsing` and
///   `FieldParsing.decimal`, the same calls the slow path makes.
///
/// Input can arrive in chunks (`consume`), so a file is read through a small window and memory
/// stays near the size of the columns (48 bytes a row). Each price column keeps one scale, the largest seen so far
/// (earlier values are rescaled when it grows); a value that would not fit 18 digits at that
/// scale is reported as malformed rather than rounded.
public struct IntradayBarParser {
    public let zone: ExchangeTimeZone
    public static let source = "stooq"

    private var converter: WallClockConverter
    private let instants: Int64Column
    private let columns: [Int64Column]  // open, high, low, close, volume
    private var scales: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
    /// `powerTable`, held here so the hot path does not check the static's initialisation per row.
    private let powers: UnsafePointer<Int64> = IntradayBarParser.powerTable
    // The columns' storage (refreshed whenever they may have moved).
    private var instantBase: UnsafeMutablePointer<Int64>
    private var bases:
        (
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
        )
    private var count = 0
    /// Line number the next record starts on, counted the way `TolerantCSVReader` counts.
    private var nextLine = 1
    private var atInputStart = true
    private var sawHeader = false
    private var failure: QuoteError?
    // The previous fast-path date (10 bytes) and its day number.
    private var dateLow: UInt64 = 0
    private var dateHigh: UInt16 = 0
    private var dateDays: Int64 = 0
    private var hasDate = false

    /// `expectedBytes` (e.g. a file's size) reserves address space for every row at once, so the
    /// columns never move while they fill.
    public init(zone: ExchangeTimeZone, expectedBytes: Int = 0) {
        self.zone = zone
        converter = WallClockConverter(zone: zone)
        // A row the parser accepts has at least 18 bytes (`20200101,09:30,,,,`).
        let rows = expectedBytes / 18 + 16
        instants = Int64Column(capacity: rows)
        let columns = (0..<5).map { _ in Int64Column(capacity: rows) }
        self.columns = columns
        instantBase = instants.base
        bases = (columns[0].base, columns[1].base, columns[2].base, columns[3].base, columns[4].base)
    }

    /// ICU interval lookups so far (offset transitions crossed).
    public var zoneLookups: Int { converter.intervalLookups }

    // MARK: Whole inputs

    /// Parses a complete body.
    public static func parse(_ bytes: UnsafeRawBufferPointer, zone: ExchangeTimeZone) -> Result<
        IntradayBars, QuoteError
    > {
        var parser = IntradayBarParser(zone: zone, expectedBytes: bytes.count)
        _ = parser.consume(bytes, isFinal: true)
        return parser.finish()
    }

    public static func parse(_ bytes: [UInt8], zone: ExchangeTimeZone) -> Result<IntradayBars, QuoteError> {
        bytes.withUnsafeBytes { parse($0, zone: zone) }
    }

    public enum FileError: Error, Equatable {
        case cannotOpen(path: String, errno: Int32)
        case cannotRead(path: String, errno: Int32)
        case content(QuoteError)
    }

    /// Reads a file: mapped into memory and parsed in windows of `chunkBytes`, each window
    /// unmapped once read, so the file is never resident in this process all at once (and its
    /// bytes are not copied). Falls back to `read(2)` where the file cannot be mapped (a pipe).
    /// A file truncated by another process while it is read ends the process with SIGBUS, as with
    /// any mapped file: read files that are being written with `parse(_:zone:)`.
    public static func parse(contentsOfFile path: String, zone: ExchangeTimeZone, chunkBytes: Int = 2 << 20) -> Result<
        IntradayBars, FileError
    > {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(.cannotOpen(path: path, errno: errno)) }
        defer { close(fd) }
        var st = stat()
        let size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : -1
        var parser = IntradayBarParser(zone: zone, expectedBytes: max(size, 0))
        if size == 0 {
            _ = parser.consume(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
            return parser.finish().mapError { .content($0) }
        }
        if size > 0, let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED {
            _ = madvise(map, size, MADV_SEQUENTIAL)
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            var offset = 0
            var unmapped = 0
            var window = max(chunkBytes, 4096)
            while true {
                let end = min(size, offset + window)
                let isFinal = end == size
                let used = parser.consume(
                    UnsafeRawBufferPointer(start: map + offset, count: end - offset), isFinal: isFinal)
                if parser.failure != nil || isFinal { break }
                if used == 0 {
                    window *= 2
                    continue
                }  // one record longer than the window
                offset += used
                let releasable = offset / page * page
                if releasable - unmapped >= window / 2 {
                    munmap(map + unmapped, releasable - unmapped)
                    unmapped = releasable
                }
            }
            munmap(map + unmapped, size - unmapped)
            return parser.finish().mapError { .content($0) }
        }
        var capacity = max(chunkBytes, 64)
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        var eof = false
        while true {
            if !eof {
                while filled < capacity {
                    let r = read(fd, buffer + filled, capacity - filled)
                    if r < 0 {
                        if errno == EINTR { continue }
                        return .failure(.cannotRead(path: path, errno: errno))
                    }
                    if r == 0 {
                        eof = true
                        break
                    }
                    filled += r
                }
            }
            let used = parser.consume(UnsafeRawBufferPointer(start: buffer, count: filled), isFinal: eof)
            if parser.failure != nil || eof { break }
            if used == 0 && filled == capacity {
                // One record longer than the buffer: grow it.
                let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                bigger.copyMemory(from: buffer, byteCount: filled)
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
                continue
            }
            filled -= used
            if filled > 0 { memmove(buffer, buffer + used, filled) }
        }
        return parser.finish().mapError { .content($0) }
    }

    /// The bars read so far, or the first error.
    public func finish() -> Result<IntradayBars, QuoteError> {
        if let failure { return .failure(failure) }
        instants.setCount(count)
        for c in columns { c.setCount(count) }
        return .success(
            IntradayBars(
                instants: instants,
                open: DecimalColumn(values: columns[0], scale: scales.0),
                high: DecimalColumn(values: columns[1], scale: scales.1),
                low: DecimalColumn(values: columns[2], scale: scales.2),
                close: DecimalColumn(values: columns[3], scale: scales.3),
                volume: DecimalColumn(values: columns[4], scale: scales.4)))
    }

    // MARK: Chunks

    /// Reads every complete record at the start of `chunk` and returns how many bytes that was;
    /// the caller passes the rest again, with more input after it. With `isFinal` the chunk is the
    /// end of the input and is read to its end. After an error nothing more is read (see `finish`).
    public mutating func consume(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> Int {
        guard failure == nil, let b = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let n = chunk.count
        var p = 0
        if atInputStart {
            if n < 3 && !isFinal { return 0 }
            if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { p = 3 }
            atInputStart = false
        }
        // Every record in this chunk fits in the reserved capacity (a record has at least 18 bytes).
        reserve(count + n / 18 + 2)
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        while p < n {
            let c = b[p]
            if c == lf {
                p += 1
                nextLine += 1
                continue
            }
            if c == cr {
                if p + 1 == n && !isFinal { return p }
                p += 1
                if p < n && b[p] == lf { p += 1 }
                nextLine += 1
                continue
            }
            if sawHeader {
                let end = fastRow(b, p, n, isFinal)
                if end >= 0 {
                    p = end
                    nextLine += 1
                    continue
                }
            }
            switch genericRecord(chunk, p, isFinal) {
            case .needMore: return p
            case .failed: return p
            case .done(let end): p = end
            }
        }
        return p
    }

    private mutating func reserve(_ rows: Int) {
        instants.reserve(rows)
        for c in columns { c.reserve(rows) }
        instantBase = instants.base
        bases = (columns[0].base, columns[1].base, columns[2].base, columns[3].base, columns[4].base)
    }

    // MARK: Fast path

    @inline(__always)
    private static func digit(_ c: UInt8) -> Int64? {
        let d = c &- 48
        return d <= 9 ? Int64(d) : nil
    }

    /// A well-formed data row from `start`; the position after its line terminator, or -1 when
    /// anything about the row needs the general reader (including running out of input).
    @inline(__always)
    private mutating func fastRow(_ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ isFinal: Bool) -> Int {
        var p = start
        // Date: yyyy-MM-dd,
        guard p + 11 <= n, b[p + 10] == UInt8(ascii: ",") else { return -1 }
        let raw = UnsafeRawPointer(b + p)
        let lo8 = raw.loadUnaligned(as: UInt64.self)
        let hi2 = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        let days: Int64
        if hasDate && lo8 == dateLow && hi2 == dateHigh {
            days = dateDays
        } else {
            guard b[p + 4] == UInt8(ascii: "-"), b[p + 7] == UInt8(ascii: "-"),
                let y0 = Self.digit(b[p]), let y1 = Self.digit(b[p + 1]), let y2 = Self.digit(b[p + 2]),
                let y3 = Self.digit(b[p + 3]),
                let m0 = Self.digit(b[p + 5]), let m1 = Self.digit(b[p + 6]), let d0 = Self.digit(b[p + 8]),
                let d1 = Self.digit(b[p + 9])
            else { return -1 }
            let date = CivilDate(
                year: Int(y0 * 1000 + y1 * 100 + y2 * 10 + y3), month: Int(m0 * 10 + m1), day: Int(d0 * 10 + d1))
            guard date.isValid else { return -1 }
            days = date.daysSinceEpoch
            dateLow = lo8
            dateHigh = hi2
            dateDays = days
            hasDate = true
        }
        p += 11
        // Time: HH:mm:ss, (one 8-byte load) or HH:mm,
        guard p + 17 <= n else { return -1 }
        let clock = UnsafeRawPointer(b + p).loadUnaligned(as: UInt64.self).littleEndian
        var hour: Int64
        var minute: Int64
        var seconds: Int64
        if b[p + 8] == UInt8(ascii: ","), (clock >> 16) & 0xFF == 0x3A, (clock >> 40) & 0xFF == 0x3A {
            // Digits become 0...9 (colons 0); any other byte shows as >= 10 or >= 0x80.
            let x = clock ^ 0x3030_3A30_303A_3030
            guard ((x &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080 == 0 else { return -1 }
            hour = Int64(x & 0xFF) * 10 + Int64((x >> 8) & 0xFF)
            minute = Int64((x >> 24) & 0xFF) * 10 + Int64((x >> 32) & 0xFF)
            seconds = Int64((x >> 48) & 0xFF) * 10 + Int64(x >> 56)
            p += 9
        } else {
            guard b[p + 2] == UInt8(ascii: ":"), b[p + 5] == UInt8(ascii: ","),
                let h0 = Self.digit(b[p]), let h1 = Self.digit(b[p + 1]),
                let i0 = Self.digit(b[p + 3]), let i1 = Self.digit(b[p + 4])
            else { return -1 }
            hour = h0 * 10 + h1
            minute = i0 * 10 + i1
            seconds = 0
            p += 6
        }
        guard hour < 24, minute < 60, seconds < 60 else { return -1 }
        let wall = days &* 86_400 &+ hour * 3600 &+ minute * 60 &+ seconds

        // Five decimals: four ended by `,`, the last by the line's end.
        let row = count
        var value: Int64 = 0
        let oScale = Self.decimal(b, &p, n, &value)
        guard oScale >= 0, p < n, b[p] == UInt8(ascii: ","),
            Self.store((value, oScale), into: bases.0, scale: &scales.0, row: row, powers: powers)
        else { return -1 }
        p += 1
        let hScale = Self.decimal(b, &p, n, &value)
        guard hScale >= 0, p < n, b[p] == UInt8(ascii: ","),
            Self.store((value, hScale), into: bases.1, scale: &scales.1, row: row, powers: powers)
        else { return -1 }
        p += 1
        let lScale = Self.decimal(b, &p, n, &value)
        guard lScale >= 0, p < n, b[p] == UInt8(ascii: ","),
            Self.store((value, lScale), into: bases.2, scale: &scales.2, row: row, powers: powers)
        else { return -1 }
        p += 1
        let cScale = Self.decimal(b, &p, n, &value)
        guard cScale >= 0, p < n, b[p] == UInt8(ascii: ","),
            Self.store((value, cScale), into: bases.3, scale: &scales.3, row: row, powers: powers)
        else { return -1 }
        p += 1
        let vScale = Self.decimal(b, &p, n, &value)
        guard vScale >= 0 else { return -1 }
        if p == n {
            guard isFinal else { return -1 }
        } else if b[p] == UInt8(ascii: "\n") {
            p += 1
        } else if b[p] == UInt8(ascii: "\r") {
            if p + 1 == n && !isFinal { return -1 }
            p += 1
            if p < n && b[p] == UInt8(ascii: "\n") { p += 1 }
        } else {
            return -1
        }
        guard Self.store((value, vScale), into: bases.4, scale: &scales.4, row: row, powers: powers) else { return -1 }
        instantBase[row] = converter.instant(forWallSeconds: wall)
        count = row + 1
        return p
    }

    /// `-?digits(.digits)?` with at most 18 digits in all, as `ExactDecimal.parse` reads it;
    /// nil for anything else (which the general reader then handles). With 16 bytes to spare it
    /// reads each run of digits with one 8-byte load (no loop, no branch per digit).
    @inline(__always)
    private static func decimal(_ b: UnsafePointer<UInt8>, _ p: inout Int, _ n: Int) -> (Int64, Int)? {
        var value: Int64 = 0
        let scale = decimal(b, &p, n, &value)
        return scale >= 0 ? (value, scale) : nil
    }

    /// As `decimal`, the value through `value` and the scale returned (-1: not a plain decimal).
    /// Inlined: only the common shape, a number of at most 7 bytes and its terminator within one
    /// 8-byte load (`250.27,`); everything else is `longDecimal`'s.
    @inline(__always)
    private static func decimal(_ b: UnsafePointer<UInt8>, _ p: inout Int, _ n: Int, _ value: inout Int64) -> Int {
        if p &+ 18 <= n {
            let negative = b[p] == UInt8(ascii: "-")
            let i = negative ? p &+ 1 : p
            let x = UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self).littleEndian ^ 0x3030_3030_3030_3030
            // A byte was a digit exactly when it is now below 10: flag the others.
            let flags = ((x &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
            let first = flags.trailingZeroBitCount &>> 3  // 8 when there is no flag
            if first > 0 && first < 8 {
                // `.` is 0x2E, so 0x1E once xored.
                if (x &>> UInt64(first &* 8)) & 0xFF != 0x1E {
                    p = i &+ first
                    let v = convert(x, digits: first)
                    value = negative ? 0 &- v : v
                    return 0
                }
                let rest = flags & (flags &- 1)  // the next non-digit after the point
                if rest != 0 {
                    let end = rest.trailingZeroBitCount &>> 3
                    // Squeeze the point out: bytes below it stay, bytes above move down one.
                    let below = (UInt64(1) &<< UInt64(first &* 8)) &- 1
                    let squeezed = (x & below) | ((x &>> 8) & ~below)
                    p = i &+ end
                    let v = convert(squeezed, digits: end &- 1)
                    value = negative ? 0 &- v : v
                    return end &- first &- 1
                }
            }
        }
        return longDecimal(b, &p, n, &value)
    }

    /// Numbers that do not fit `decimal`'s one load, and those near the end of the input.
    @inline(never)
    private static func longDecimal(_ b: UnsafePointer<UInt8>, _ p: inout Int, _ n: Int, _ value: inout Int64) -> Int {
        var i = p
        var negative = false
        if i < n && b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        if i + 17 <= n {
            let (integer, integerDigits) = digitRun(b + i)
            guard integerDigits > 0 else { return -1 }
            if integerDigits < 8 {
                i += integerDigits
                var number = integer
                var scale = 0
                if b[i] == UInt8(ascii: ".") {
                    i += 1
                    let (fraction, fractionDigits) = digitRun(b + i)
                    if fractionDigits == 8 { return scalarDecimal(b, &p, n, &value) }
                    number = integer &* powerTable[fractionDigits] &+ fraction
                    scale = fractionDigits
                    i += fractionDigits
                }
                p = i
                value = negative ? -number : number
                return scale
            }
        }
        return scalarDecimal(b, &p, n, &value)
    }

    /// The value and length of the run of ASCII digits (at most 8) at `b`; 8 bytes must be readable.
    @inline(__always)
    private static func digitRun(_ b: UnsafePointer<UInt8>) -> (Int64, Int) {
        let x = UnsafeRawPointer(b).loadUnaligned(as: UInt64.self).littleEndian ^ 0x3030_3030_3030_3030
        // A byte is a digit exactly when it is now below 10: flag bytes >= 10 (or >= 0x80).
        let flags = ((x &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
        let count = flags.trailingZeroBitCount &>> 3
        guard count > 0 else { return (0, 0) }
        return (convert(x, digits: count), count)
    }

    /// The number in the low `digits` bytes (1...8) of `x`, which hold values 0...9, the first
    /// digit in the lowest byte.
    @inline(__always)
    private static func convert(_ x: UInt64, digits: Int) -> Int64 {
        // Move the digits to the top, so the zero bytes shifted in below read as leading zeros.
        var v = x &<< UInt64((8 &- digits) &* 8)
        v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
        return Int64(truncatingIfNeeded: v)
    }

    /// The byte-at-a-time version, near the end of the input and for long numbers.
    @inline(never)
    private static func scalarDecimal(_ b: UnsafePointer<UInt8>, _ p: inout Int, _ n: Int, _ value: inout Int64) -> Int
    {
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
        guard integerDigits > 0 else { return -1 }
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
        guard integerDigits + scale <= 18 else { return -1 }
        p = i
        value = negative ? -v : v
        return scale
    }

    /// 10^0 ... 10^18 behind a pointer (no array bounds or uniqueness checks); written once, then
    /// only read.
    nonisolated(unsafe) private static let powerTable: UnsafePointer<Int64> = {
        let p = UnsafeMutablePointer<Int64>.allocate(capacity: 19)
        for k in 0...18 { p[k] = ExactDecimal.powerOfTen(k) }
        return UnsafePointer(p)
    }()

    /// Writes a value into a price column at the column's scale, raising the scale (and
    /// rescaling earlier rows) when the value has more digits after the point. False if a value
    /// would not fit at the shared scale.
    @inline(__always)
    private static func store(
        _ value: (Int64, Int), into target: UnsafeMutablePointer<Int64>, scale: inout Int, row: Int,
        powers: UnsafePointer<Int64>
    ) -> Bool {
        let (significand, s) = value
        if s <= scale {
            let (m, o) = significand.multipliedReportingOverflow(by: powers[scale - s])
            if o { return false }
            target[row] = m
            return true
        }
        return raiseScale(target, scale: &scale, to: s, row: row, value: significand)
    }

    @inline(never)
    private static func raiseScale(
        _ target: UnsafeMutablePointer<Int64>, scale: inout Int, to s: Int, row: Int, value: Int64
    ) -> Bool {
        let factor = powerTable[s - scale]
        for i in 0..<row where target[i] != DecimalColumn.absent {
            let (m, o) = target[i].multipliedReportingOverflow(by: factor)
            if o { return false }
            target[i] = m
        }
        scale = s
        target[row] = value
        return true
    }

    // MARK: General path

    private enum Step {
        case needMore, failed
        case done(Int)
    }

    /// One record from `start` through `TolerantCSVReader`, with `StooqDecoder.bars`' rules.
    private mutating func genericRecord(_ chunk: UnsafeRawBufferPointer, _ start: Int, _ isFinal: Bool) -> Step {
        let slice = UnsafeRawBufferPointer(rebasing: chunk[start...])
        // The reader skips a byte-order mark at its start; only the input's first bytes may be one.
        if slice.count >= 3, slice[0] == 0xEF, slice[1] == 0xBB, slice[2] == 0xBF {
            var copy: [UInt8] = [UInt8(ascii: "\n")]
            copy.append(contentsOf: slice)
            let step = copy.withUnsafeBytes { record($0, prefix: 1, isFinal: isFinal) }
            if case .done(let end) = step { return .done(start + end - 1) }
            return step
        }
        let step = record(slice, prefix: 0, isFinal: isFinal)
        if case .done(let end) = step { return .done(start + end) }
        return step
    }

    private mutating func record(_ bytes: UnsafeRawBufferPointer, prefix: Int, isFinal: Bool) -> Step {
        var reader = TolerantCSVReader(bytes: bytes)
        var fields: [CSVField] = []
        guard reader.nextRecord(into: &fields) else { return .done(bytes.count) }
        let end = reader.offset
        if !isFinal {
            // The record may go on in the next chunk: no terminator yet, a CR that may be half of
            // a CRLF, or a quoted field still open.
            if reader.lastRecordHadUnterminatedQuote { return .needMore }
            if end == bytes.count && bytes[end - 1] != UInt8(ascii: "\n") { return .needMore }
        }
        let line = nextLine
        nextLine += Self.lines(in: UnsafeRawBufferPointer(rebasing: bytes[prefix..<end]))
        let source = Self.source
        if !sawHeader {
            // `Date,Time,...` (intraday); a daily file (`Date,Open,...`) is not this parser's.
            let second = fields.count > 1 ? reader.string(fields[1]).trimmingSpaces.lowercased() : ""
            guard second == "time" || second == "czas" else {
                failure = .malformed(
                    source: source, line: line, column: 2,
                    detail: "not intraday bars: the second column is \"\(second)\", not Time")
                return .failed
            }
            sawHeader = true
            return .done(end)
        }
        guard fields.count >= 6, !reader.lastRecordHadUnterminatedQuote else {
            if fields.count == 1 && reader.raw(fields[0]).count == 0 { return .done(end) }
            failure = .truncated(source: source, detail: "line \(line) has \(fields.count) fields")
            return .failed
        }
        let d = reader.raw(fields[0])
        guard let date = DateTimeParsing.isoDate(d) ?? DateTimeParsing.compactDate(d) else {
            failure = .malformed(
                source: source, line: line, column: 1, detail: "not a date: \"\(reader.string(fields[0]))\"")
            return .failed
        }
        let t = reader.raw(fields[1])
        guard let time = DateTimeParsing.time(t) ?? DateTimeParsing.compactTime(t) else {
            failure = .malformed(
                source: source, line: line, column: 2, detail: "not a time: \"\(reader.string(fields[1]))\"")
            return .failed
        }
        let row = count
        for k in 0..<5 {
            var value: (Int64, Int)? = nil
            if k + 2 < fields.count, case .number(let v) = FieldParsing.decimal(reader.raw(fields[k + 2])) {
                value = (v.significand, v.scale)
            }
            guard let value else {
                switch k {
                case 0: bases.0[row] = DecimalColumn.absent
                case 1: bases.1[row] = DecimalColumn.absent
                case 2: bases.2[row] = DecimalColumn.absent
                case 3: bases.3[row] = DecimalColumn.absent
                default: bases.4[row] = DecimalColumn.absent
                }
                continue
            }
            let fits: Bool
            switch k {
            case 0: fits = Self.store(value, into: bases.0, scale: &scales.0, row: row, powers: powers)
            case 1: fits = Self.store(value, into: bases.1, scale: &scales.1, row: row, powers: powers)
            case 2: fits = Self.store(value, into: bases.2, scale: &scales.2, row: row, powers: powers)
            case 3: fits = Self.store(value, into: bases.3, scale: &scales.3, row: row, powers: powers)
            default: fits = Self.store(value, into: bases.4, scale: &scales.4, row: row, powers: powers)
            }
            guard fits else {
                failure = .malformed(
                    source: source, line: line, column: k + 3,
                    detail: "\"\(reader.string(fields[k + 2]))\" does not fit 18 digits at the column's scale")
                return .failed
            }
        }
        let wall = CivilDateTime(date: date, time: time).secondsSinceEpochAsUTC
        instantBase[row] = converter.instant(forWallSeconds: wall)
        count = row + 1
        return .done(end)
    }

    /// Line ends as `TolerantCSVReader` counts them: each LF, and each CR not followed by LF.
    private static func lines(in bytes: UnsafeRawBufferPointer) -> Int {
        var k = 0
        let n = bytes.count
        var i = 0
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") {
                k += 1
            } else if c == UInt8(ascii: "\r") && !(i + 1 < n && bytes[i + 1] == UInt8(ascii: "\n")) {
                k += 1
            }
            i += 1
        }
        return k
    }
}
