import Synchronization

/// The offset interval most recently asked about for one zone, shared by every
/// `ExchangeTimeZone` with the same identifier.
///
/// A zone's UTC offset is constant between transitions (a few per year), while an ICU lookup
/// costs microseconds; remembering the current interval lets runs of bar times convert with one
/// subtraction and a range check, and only a transition sends the next lookup to ICU.
///
/// The interval sits behind a sequence lock: readers (every conversion) only load, so threads
/// converting in parallel neither block nor bounce a lock's cache line between cores; writers
/// (at transitions) serialize on a mutex and bump the sequence around their stores, and a reader
/// that sees the sequence change retries.
final class ZoneOffsetCache: Sendable {
    /// One span of constant offset, in seconds since the epoch.
    struct Interval: Sendable {
        /// First instant of the span (a transition), or `Int64.min` if there is none before it.
        var start: Int64
        /// First instant after the span (the next transition), or `Int64.max`.
        var end: Int64
        /// Seconds east of UTC throughout the span.
        var offset: Int64
        /// A wall clock `w` maps to `w - offset` only if that is at or after this instant. Near
        /// `start`, after a fall-back transition, the same wall clock also existed with the
        /// previous (larger) offset and the earlier instant wins, so those go to ICU.
        var wallSafeStart: Int64

        static let empty = Interval(start: 1, end: 0, offset: 0, wallSafeStart: .max)

        @inline(__always) func offset(at t: Int64) -> Int64? {
            t >= start && t < end ? offset : nil
        }

        /// The instant of a wall clock (seconds as if UTC), if this span answers it unambiguously.
        /// At the far end a gap (`w - offset` lands past `end`) is rejected by the range check, and
        /// an overlap needs no care: the earlier instant is the one inside this span.
        @inline(__always) func instant(forWall w: Int64) -> Int64? {
            let candidate = w &- offset
            return candidate >= wallSafeStart && candidate < end ? candidate : nil
        }
    }

    let zone: String
    /// Where the zone's answers come from: the system's TZif file, or ICU for a zone the system
    /// does not hold.
    let source: ZoneSource

    // The interval, as separate atomics so torn reads are detectable rather than undefined.
    private let sequence = Atomic<UInt64>(0)
    private let start = Atomic<Int64>(Interval.empty.start)
    private let end = Atomic<Int64>(Interval.empty.end)
    private let offset = Atomic<Int64>(Interval.empty.offset)
    private let wallSafeStart = Atomic<Int64>(Interval.empty.wallSafeStart)
    private let writer = Mutex(())

    private init(zone: String, source: ZoneSource) {
        self.zone = zone
        self.source = source
    }

    /// A consistent copy of the interval, or nil while a writer is storing one.
    @inline(__always) private func snapshot() -> Interval? {
        let before = sequence.load(ordering: .acquiring)
        let interval = Interval(
            start: start.load(ordering: .relaxed), end: end.load(ordering: .relaxed),
            offset: offset.load(ordering: .relaxed), wallSafeStart: wallSafeStart.load(ordering: .relaxed))
        atomicMemoryFence(ordering: .acquiring)
        let after = sequence.load(ordering: .relaxed)
        return before == after && before & 1 == 0 ? interval : nil
    }

    /// The current interval; spins only while a writer is mid-store (a handful of stores).
    @inline(__always) private var current: Interval {
        while true {
            if let interval = snapshot() { return interval }
        }
    }

    private func store(_ interval: Interval) {
        writer.withLock { _ in
            let s = sequence.load(ordering: .relaxed)
            sequence.store(s &+ 1, ordering: .relaxed)
            atomicMemoryFence(ordering: .releasing)
            start.store(interval.start, ordering: .relaxed)
            end.store(interval.end, ordering: .relaxed)
            offset.store(interval.offset, ordering: .relaxed)
            wallSafeStart.store(interval.wallSafeStart, ordering: .relaxed)
            sequence.store(s &+ 2, ordering: .releasing)
        }
    }

    private static let registry = Mutex<[String: ZoneOffsetCache]>([:])

    /// The shared cache for a POSIX `TZ` rule read as itself (`UserTimeZone`), kept apart from
    /// the zone IDs: `GMT+05:00` is five hours west as a rule, east as ICU's custom ID.
    static func shared(posix rule: PosixZoneRule, text: String) -> ZoneOffsetCache {
        let key = "posix:" + text
        return registry.withLock { table in
            if let cache = table[key] { return cache }
            let cache = ZoneOffsetCache(zone: text, source: .system(ZoneRules(posix: rule)))
            table[key] = cache
            return cache
        }
    }

    /// The shared cache for a zone ID, or nil if neither the system's tz database nor ICU knows
    /// the zone.
    static func shared(for zone: String) -> ZoneOffsetCache? {
        if let cache = registry.withLock({ $0[zone] }) { return cache }
        guard let source = ZoneSource(zone) else { return nil }
        return registry.withLock { table in
            if let cache = table[zone] { return cache }
            let cache = ZoneOffsetCache(zone: zone, source: source)
            table[zone] = cache
            return cache
        }
    }

    @inline(__always) func offset(at t: Int64) -> Int64 {
        if let off = current.offset(at: t) { return off }
        return refill(containing: t).offset
    }

    /// The instant of a wall clock given as seconds-as-if-UTC; `normalized` are the same fields.
    @inline(__always) func instant(forWall w: Int64, normalized: @autoclosure () -> CivilDateTime) -> Int64 {
        if let t = current.instant(forWall: w) { return t }
        return slowInstant(forWall: w, normalized: normalized())
    }

    private func slowInstant(forWall w: Int64, normalized: CivilDateTime) -> Int64 {
        if let t = source.instant(forWall: w, normalized: normalized) {
            // Inside the current span already (wall clocks just after a fall-back): keep it.
            if current.offset(at: t) == nil { refill(containing: t) }
            return t
        }
        // ICU refused (only outside its range): the offset at the wall clock read as UTC.
        return w &- offset(at: w)
    }

    /// Asks the zone's source for the span containing `t` and makes it the current one.
    @discardableResult
    func refill(containing t: Int64) -> Interval {
        let interval = Self.lookUp(source, containing: t)
        store(interval)
        return interval
    }

    /// How far before a span's start transitions can still make its wall clocks ambiguous. Real
    /// offset jumps stay below 26 hours (Alaska 1867, Samoa 2011).
    static let lookBehind: Int64 = 2 * 86_400

    static func lookUp(_ zone: ZoneSource, containing t: Int64) -> Interval {
        let offset = zone.offsetSeconds(at: t) ?? 0
        let start = zone.previousTransition(atOrBefore: t) ?? .min
        let end = zone.nextTransition(after: t) ?? .max
        // Largest offset in force during the look-behind window before `start`.
        var largest = offset
        var cursor = start
        while cursor != .min, cursor > -ICUZone.maxSeconds {
            if let before = zone.offsetSeconds(at: cursor - 1) { largest = max(largest, before) }
            guard let previous = zone.previousTransition(atOrBefore: cursor - 1),
                previous < cursor, previous > start - lookBehind
            else { break }
            cursor = previous
        }
        let wallSafeStart = start == .min ? Int64.min : start + (largest - offset)
        if t < start || t >= end {
            // The source answered inconsistently (only at the edges of ICU's range): cache nothing usable.
            return Interval(start: t, end: t &+ 1, offset: offset, wallSafeStart: .max)
        }
        return Interval(start: start, end: end, offset: offset, wallSafeStart: wallSafeStart)
    }
}
