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
        var seconds: Int64 = 0
        var nanos: Int64 = 0
        var fractionDigits = 0
        var sawPoint = false
        var sawDigit = false
        for u in text.utf8 {
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

    public static func < (a: EpochTime, b: EpochTime) -> Bool {
        (a.instant.secondsSinceEpoch, a.nanoseconds) < (b.instant.secondsSinceEpoch, b.nanoseconds)
    }
}
