/// An exchange's IANA time zone, the only bridge between UTC instants and the wall clocks quote
/// services print.
///
/// Sources disagree on zones (Stooq prints Warsaw time for New York stocks) and the US and EU
/// change clocks on different weekends, so every conversion names its zone explicitly; the
/// answers come from the system's tz database (ICU for a zone it lacks), never from the
/// process's TZ or locale, and a shared per-zone
/// cache of the current offset interval makes converting millions of bars cheap.
public final class ExchangeTimeZone: Sendable, Hashable, CustomStringConvertible {
    /// IANA zone ID as given, e.g. `America/New_York`.
    public let identifier: String
    let cache: ZoneOffsetCache

    /// The zone of a POSIX `TZ` rule no zone file is named after (`CET-1CEST,M3.5.0,M10.5.0/3`,
    /// `<+0330>-3:30`), read as the C library reads it; nil outside the rule's grammar. For the
    /// user's own zone only (`UserTimeZone`): such a `TZ` was taken as UTC.
    package init?(posixRule text: String) {
        guard let rule = PosixZoneRule(text) else { return nil }
        identifier = text
        cache = ZoneOffsetCache.shared(posix: rule, text: text)
    }

    /// Fails for IDs neither the tz database nor ICU knows, rather than silently using GMT as
    /// ICU would.
    public init(identifier: String) throws(TimeZoneError) {
        guard let cache = ZoneOffsetCache.shared(for: identifier) else {
            throw .unknownZone(identifier)
        }
        self.identifier = identifier
        self.cache = cache
    }

    /// Keeps instant arithmetic (`t + offset`) far from `Int64` overflow; about 146 million
    /// years either way, well beyond the calendar range anyone means.
    static let instantLimit: Int64 = 1 << 62

    /// Seconds east of UTC in effect at the instant (e.g. -14400 for EDT).
    public func offsetSeconds(at instant: Instant) -> Int {
        Int(cache.offset(at: instant.secondsSinceEpoch))
    }

    /// The exchange's wall clock at the instant.
    public func localDateTime(at instant: Instant) -> CivilDateTime {
        let t = min(max(instant.secondsSinceEpoch, -Self.instantLimit), Self.instantLimit)
        return CivilDateTime(secondsSinceEpochUTC: t + cache.offset(at: t))
    }

    /// The instant a wall clock names in this zone. Wall clocks skipped by a spring-forward gap
    /// resolve forward (02:30 becomes 03:30 EDT); wall clocks repeated by a fall-back overlap resolve
    /// to the earlier instant. Out-of-range fields roll over (hour 24 is the next midnight) within
    /// sane bounds; beyond them (|year| > 200000, month outside 1...12, other fields beyond a
    /// million) they are clamped first.
    public func instant(for wallClock: CivilDateTime) -> Instant {
        instant(forWallSecondsAsUTC: Self.bounded(wallClock).secondsSinceEpochAsUTC)
    }

    /// `instant(for:)` of a wall clock within its bounds (`isWithinBounds`), given as its
    /// `secondsSinceEpochAsUTC`: a reader that keeps a day's midnight adds each time of the day
    /// to it instead of doing the calendar arithmetic again per line.
    package func instant(forWallSecondsAsUTC w: Int64) -> Instant {
        Instant(secondsSinceEpoch: cache.instant(forWall: w, normalized: CivilDateTime(secondsSinceEpochUTC: w)))
    }

    /// ISO 8601 with this zone's offset, e.g. `2025-10-29T12:36:59-04:00`.
    public func iso8601(at instant: Instant) -> String {
        let t = min(max(instant.secondsSinceEpoch, -Self.instantLimit), Self.instantLimit)
        let offset = cache.offset(at: t)
        return CivilDateTime(secondsSinceEpochUTC: t + offset).iso8601(offsetSeconds: Int(offset))
    }

    /// The zone abbreviation a trader reads, e.g. `EDT`. Where the locale has no abbreviation and
    /// ICU offers a GMT format (`GMT+2`), answers `UTC+2` / `UTC+5:30` instead, which reads as an
    /// offset rather than as a British zone. The locale is explicit so the process locale never
    /// changes the answer.
    public func abbreviation(at instant: Instant, locale: String = "en_US") -> String {
        let t = min(max(instant.secondsSinceEpoch, -Self.instantLimit), Self.instantLimit)
        let offset = Int(cache.offset(at: t))
        // A zone's abbreviation follows its offset (EST/EDT), so one ICU lookup per offset is
        // enough: status lines and watch rows ask for it on every refresh.
        let key = AbbreviationKey(zone: identifier, offset: offset, locale: locale)
        if let known = Self.abbreviationLock.withLock({ Self.abbreviations[key] }) { return known }
        let name: String
        if locale == "en_US", let system = cache.source.systemAbbreviation(at: t) {
            // English names straight from the system's tz database, no ICU: the traders' table
            // first, then the file's own letters (`EST`, `KST`); a numeric one (`+03`) reads as UTC+3.
            name =
                ZoneAbbreviations.name(zone: identifier, offsetSeconds: offset)
                ?? (Self.isLetters(system) ? system : Self.utcOffsetName(offset))
        } else if let icu = ICUZone.shortName(identifier, at: t, locale: locale), !Self.isOffsetFormat(icu) {
            name = icu
        } else {
            name = ZoneAbbreviations.name(zone: identifier, offsetSeconds: offset) ?? Self.utcOffsetName(offset)
        }
        Self.abbreviationLock.withLock { Self.abbreviations[key] = name }
        return name
    }

    struct AbbreviationKey: Hashable {
        var zone: String
        var offset: Int
        var locale: String
    }

    private static let abbreviationLock = Lock()
    nonisolated(unsafe) private static var abbreviations: [AbbreviationKey: String] = [:]

    /// `GMT+2`, `GMT-03:30`, `UTC+1` and localized variants such as `GMT+02:00`: a GMT/UTC prefix
    /// followed by anything. A bare `GMT` (London in winter) or `UTC` is a real abbreviation.
    static func isOffsetFormat(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 3 else { return false }
        let prefix = String(decoding: bytes[0..<3], as: UTF8.self)
        return prefix == "GMT" || prefix == "UTC"
    }

    /// A tz database abbreviation made of letters (`EDT`), as opposed to a numeric one (`+0530`).
    static func isLetters(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }

    /// `UTC`, `UTC+2`, `UTC-4`, `UTC+5:30`, `UTC+5:45`.
    static func utcOffsetName(_ offset: Int) -> String {
        if offset == 0 { return "UTC" }
        let a = abs(offset)
        var s = "UTC" + (offset < 0 ? "-" : "+") + String(a / 3600)
        let minutes = a / 60 % 60
        if minutes != 0 { s += ":" + pad(minutes, 2) }
        return s
    }

    /// Whether `instant(for:)` takes the wall clock as it is (`bounded` leaves it alone).
    @inlinable @inline(__always) package static func isWithinBounds(_ w: CivilDateTime) -> Bool {
        yearBounds.contains(w.date.year) && (1...12).contains(w.date.month) && fieldBounds.contains(w.date.day)
            && fieldBounds.contains(w.hour) && fieldBounds.contains(w.minute) && fieldBounds.contains(w.second)
    }

    /// The years, and the other fields (but the month), that civil arithmetic takes unclamped.
    /// Computed, not stored: a stored static is checked for its first use on every access, and a
    /// quote reader asks per line.
    @inlinable static var yearBounds: ClosedRange<Int> { -200_000...200_000 }
    @inlinable static var fieldBounds: ClosedRange<Int> { -1_000_000...1_000_000 }

    /// Clamps fields so the civil arithmetic cannot overflow; valid wall clocks pass unchanged.
    @inline(__always) static func bounded(_ w: CivilDateTime) -> CivilDateTime {
        if isWithinBounds(w) { return w }
        let years = yearBounds
        let fields = fieldBounds
        return CivilDateTime(
            year: w.date.year.clamped(to: years), month: w.date.month.clamped(to: 1...12),
            day: w.date.day.clamped(to: fields), hour: w.hour.clamped(to: fields),
            minute: w.minute.clamped(to: fields), second: w.second.clamped(to: fields))
    }

    public static func == (a: ExchangeTimeZone, b: ExchangeTimeZone) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    public var description: String { identifier }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
