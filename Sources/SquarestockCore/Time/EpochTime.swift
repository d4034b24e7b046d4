/// A Unix time with its fraction of a second, read from the text a service sent
/// (`1688669597.8277369`), so a trade's time keeps every digit without passing through a
/// `Double` (which holds only about 7 digits after the point at today's epoch).
public struct EpochTime: Sendable, Hashable, Comparable {
    public var instant: Instant
    /// 0 ..< 1_000_000_000; digits beyond the ninth are dropped.
    public var nanoseconds: Int32

    public init(instant: Instant, nanoseconds: Int32 = 0) {
        self.instant = instant
        self.nanoseconds = nanoseconds
    }

    /// `1688669597`, `1688669597.8277369`; nil for anything else (a sign, an exponent, letters)
    /// or a time outside years 1970-9999.
    public init?(text: String) {
        var copy = text
        guard let time = copy.withUTF8({ EpochTime(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = time
    }

    /// The same from the bytes of the text, as a decoder reads them off the wire.
    public init?(bytes: UnsafeRawBufferPointer) {
        // The common case, whole seconds of 10 digits and up to 9 after a point: no overflow
        // or plausibility to watch digit by digit (10 digits stay below year 2287).
        if bytes.count >= 10, bytes.count <= 20, let plain = EpochTime.plain(bytes) {
            self = plain
            return
        }
        var seconds: Int64 = 0
        var nanos: Int64 = 0
        var fractionDigits = 0
        var sawPoint = false
        var sawDigit = false
        for u in bytes {
            switch u {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                let d = Int64(u - UInt8(ascii: "0"))
                if sawPoint {
                    if fractionDigits < 9 {
                        nanos = nanos * 10 + d
                        fractionDigits += 1
                    }
                } else {
                    guard seconds <= Instant.latestPlausible.secondsSinceEpoch else { return nil }
                    seconds = seconds * 10 + d
                }
            case UInt8(ascii: "."):
                guard !sawPoint, sawDigit else { return nil }
                sawPoint = true
            default:
                return nil
            }
        }
        guard sawDigit, seconds <= Instant.latestPlausible.secondsSinceEpoch else { return nil }
        while fractionDigits < 9 {
            nanos *= 10
            fractionDigits += 1
        }
        self.init(instant: Instant(secondsSinceEpoch: seconds), nanoseconds: Int32(nanos))
    }

    /// An RFC 3339 time in UTC with any number of fractional digits (`2026-06-19T16:43:33Z`,
    /// `…33.739704Z`, `…33.016274911Z`, Coinbase's forms); `+00:00` is taken as `Z`. Nil for
    /// another offset, which no exchange here sends: guessing would shift a trade by hours.
    public init?(rfc3339 text: String) {
        var copy = text
        guard let time = copy.withUTF8({ EpochTime(rfc3339Bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = time
    }

    /// The same from the bytes of the text, as a stream decoder reads them off the wire.
    public init?(rfc3339Bytes b: UnsafeRawBufferPointer) {
        var n = b.count
        // `+00:00` is `Z`.
        var zulu = n > 0 && b[n - 1] == UInt8(ascii: "Z")
        if !zulu, n > 6, b[n - 6] == UInt8(ascii: "+"), b[n - 5] == 48, b[n - 4] == 48, b[n - 3] == 58, b[n - 2] == 48,
            b[n - 1] == 48
        {
            n -= 5
            zulu = true
        }
        guard zulu, n >= 20 else { return nil }
        let end = n - 1  // the `Z` (or the `+` of `+00:00`)
        guard let civil = DateTimeParsing.isoDateTime(UnsafeRawBufferPointer(rebasing: b[0..<19])), civil.isValid
        else { return nil }
        var nanos: Int64 = 0
        if end > 19 {
            guard b[19] == UInt8(ascii: "."), end > 20 else { return nil }
            var digits = 0
            for k in 20..<end {
                let d = b[k] &- 48
                guard d < 10 else { return nil }
                if digits < 9 {
                    nanos = nanos * 10 + Int64(d)
                    digits += 1
                }
            }
            while digits < 9 {
                nanos *= 10
                digits += 1
            }
        } else if end != 19 {
            return nil
        }
        self.init(instant: Instant(secondsSinceEpoch: civil.secondsSinceEpochAsUTC), nanoseconds: Int32(nanos))
    }

    @inline(__always)
    static func plain(_ b: UnsafeRawBufferPointer) -> EpochTime? {
        var seconds: Int64 = 0
        for k in 0..<10 {
            let d = b[k] &- 48
            guard d < 10 else { return nil }
            seconds = seconds &* 10 &+ Int64(d)
        }
        var nanos: Int64 = 0
        if b.count > 10 {
            guard b[10] == UInt8(ascii: "."), b.count > 11 else { return nil }
            for k in 11..<b.count {
                let d = b[k] &- 48
                guard d < 10 else { return nil }
                nanos = nanos &* 10 &+ Int64(d)
            }
            for _ in b.count..<20 { nanos &*= 10 }
        }
        return EpochTime(instant: Instant(secondsSinceEpoch: seconds), nanoseconds: Int32(nanos))
    }

    public static func < (a: EpochTime, b: EpochTime) -> Bool {
        (a.instant.secondsSinceEpoch, a.nanoseconds) < (b.instant.secondsSinceEpoch, b.nanoseconds)
    }
}
