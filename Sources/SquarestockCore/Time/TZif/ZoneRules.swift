/// A zone's offsets from its TZif file (RFC 8536): the transitions the file lists, the local
/// time types they switch to, and the footer rule for every instant after the last one.
///
/// This is the system's own tz database (Debian's `tzdata`, a required package, updated with the
/// OS), read without ICU: answering an offset here costs a binary search, and a command that
/// only needs offsets never loads ICU at all.
struct ZoneRules: Sendable {
    struct LocalType: Sendable, Equatable {
        /// Seconds east of UTC.
        var offset: Int64
        var isDaylight: Bool
        var abbreviation: String
    }

    /// Instants (seconds since the epoch, ascending) at which `types[typeIndex[i]]` starts.
    let transitions: [Int64]
    let typeIndex: [Int]
    let types: [LocalType]
    /// After the last transition (or always, if there is none and the file has a footer).
    let footer: PosixZoneRule?

    /// The same range ICU answers within; instants beyond are answered as at its edge.
    static let maxSeconds: Int64 = 8_640_000_000_000

    /// Parses a TZif file of version 2 or later (the 64-bit data block and its footer); nil for
    /// anything else, so the caller can fall back to ICU.
    init?(tzif bytes: [UInt8]) {
        var r = Reader(bytes: bytes)
        guard let v1 = r.header(), v1.version >= UInt8(ascii: "2") else { return nil }
        // Skip the 32-bit block: the 64-bit one repeats it with full-range times.
        guard r.skip(v1.counts.dataLength(timeSize: 4)), let v2 = r.header() else { return nil }
        let c = v2.counts
        guard c.typeCount > 0, let times = r.int64s(c.timeCount), let indices = r.bytes(c.timeCount) else { return nil }
        var types: [LocalType] = []
        var designations: [(Int, Int64, Bool)] = []
        for _ in 0..<c.typeCount {
            guard let offset = r.int32(), let dst = r.byte(), let index = r.byte() else { return nil }
            designations.append((Int(index), Int64(offset), dst != 0))
        }
        guard let chars = r.bytes(c.charCount) else { return nil }
        for (index, offset, dst) in designations {
            guard index < chars.count else { return nil }
            let end = chars[index...].firstIndex(of: 0) ?? chars.count
            types.append(
                LocalType(
                    offset: offset, isDaylight: dst, abbreviation: String(decoding: chars[index..<end], as: UTF8.self)))
        }
        guard r.skip(c.leapCount * 12 + c.standardCount + c.utCount) else { return nil }
        guard indices.allSatisfy({ Int($0) < types.count }), zip(times, times.dropFirst()).allSatisfy({ $0 < $1 })
        else {
            return nil
        }
        var footer: PosixZoneRule?
        if let text = r.footer(), !text.isEmpty {
            guard let rule = PosixZoneRule(text) else { return nil }
            footer = rule
        }
        // zic writes transitions that change nothing (a 32-bit end marker at 2038, a rename of
        // the rules); dropping them makes every listed transition a real change, as ICU's are.
        var kept: [Int64] = []
        var keptIndex: [Int] = []
        var previous = types[0]
        for (time, index) in zip(times, indices.map(Int.init)) where types[index] != previous {
            kept.append(time)
            keptIndex.append(index)
            previous = types[index]
        }
        self.transitions = kept
        self.typeIndex = keptIndex
        self.types = types
        self.footer = footer
    }

    /// A zone of the POSIX rule alone (a `TZ` no zone file is named after): no listed
    /// transitions, the rule for every instant.
    init(posix rule: PosixZoneRule) {
        transitions = []
        typeIndex = []
        types = [LocalType(offset: rule.standardOffset, isDaylight: false, abbreviation: rule.standardName)]
        footer = rule
    }

    /// The local time type in effect at `t`.
    func type(at t: Int64) -> LocalType {
        let t = min(max(t, -Self.maxSeconds), Self.maxSeconds)
        if let last = transitions.last, t < last {
            guard let i = lastIndex(atOrBefore: t) else { return types[0] }
            return types[typeIndex[i]]
        }
        if let footer {
            let state = footer.state(at: t)
            let name = state.isDaylight ? footer.daylightName ?? footer.standardName : footer.standardName
            return LocalType(offset: state.offset, isDaylight: state.isDaylight, abbreviation: name)
        }
        return typeIndex.last.map { types[$0] } ?? types[0]
    }

    func offset(at t: Int64) -> Int64 { type(at: t).offset }

    /// The last change at or before `t`, from the table or the footer.
    func previousTransition(atOrBefore t: Int64) -> Int64? {
        let t = min(max(t, -Self.maxSeconds), Self.maxSeconds)
        if let last = transitions.last, t < last {
            return lastIndex(atOrBefore: t).map { transitions[$0] }
        }
        let fromFooter = footer?.previousTransition(atOrBefore: t).flatMap { at in
            transitions.last.map { at > $0 ? at : nil } ?? at
        }
        return fromFooter ?? transitions.last
    }

    /// The first change after `t`, from the table or the footer.
    func nextTransition(after t: Int64) -> Int64? {
        guard t < Self.maxSeconds else { return nil }
        let t = max(t, -Self.maxSeconds)
        if let i = lastIndex(atOrBefore: t) {
            if i + 1 < transitions.count { return transitions[i + 1] }
        } else if let first = transitions.first {
            return first
        }
        guard let next = footer?.nextTransition(after: t), next <= Self.maxSeconds else { return nil }
        return next
    }

    /// The instant a wall clock (seconds as if UTC) names: a wall clock repeated by a fall-back
    /// overlap resolves to the earlier instant, one skipped by a spring-forward gap is read with
    /// the offset before the gap, which lands it after the gap (02:30 becomes 03:30 EDT). These
    /// are the choices `ExchangeTimeZone` documents (and ICU was asked for).
    func instant(forWall w: Int64) -> Int64 {
        // Real offsets stay within a day of UTC, so the spans that could hold the answer lie
        // within this reach of the wall clock read as UTC.
        let reach: Int64 = 30 * 3600
        let from = w &- reach
        var spanStart = previousTransition(atOrBefore: from) ?? .min
        var previousOffset: Int64?
        var earliest: Int64?
        var gapAnswer: Int64?
        while true {
            let probe = spanStart == .min ? from : spanStart
            let spanOffset = offset(at: probe)
            let spanEnd = nextTransition(after: probe)
            let candidate = w &- spanOffset
            if candidate >= spanStart, spanEnd.map({ candidate < $0 }) ?? true {
                earliest = min(earliest ?? candidate, candidate)
            }
            // A gap: the wall clocks [start + before, start + after) never happened.
            if let before = previousOffset, spanOffset > before, w >= spanStart &+ before, w < spanStart &+ spanOffset {
                gapAnswer = gapAnswer ?? (w &- before)
            }
            guard let spanEnd, spanEnd <= w &+ reach else { break }
            previousOffset = spanOffset
            spanStart = spanEnd
        }
        return earliest ?? gapAnswer ?? (w &- offset(at: w))
    }

    private func lastIndex(atOrBefore t: Int64) -> Int? {
        var lo = 0
        var hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// The big-endian fields of a TZif file.
    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        struct Counts {
            var utCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

            func dataLength(timeSize: Int) -> Int {
                timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                    + standardCount + utCount
            }
        }

        mutating func header() -> (version: UInt8, counts: Counts)? {
            guard i + 44 <= bytes.count, bytes[i..<(i + 4)].elementsEqual("TZif".utf8) else { return nil }
            let version = bytes[i + 4]
            i += 20
            var n: [Int] = []
            for _ in 0..<6 {
                guard let v = int32(), v >= 0, v < 1 << 20 else { return nil }
                n.append(Int(v))
            }
            return (
                version,
                Counts(
                    utCount: n[0], standardCount: n[1], leapCount: n[2], timeCount: n[3], typeCount: n[4],
                    charCount: n[5])
            )
        }

        mutating func skip(_ n: Int) -> Bool {
            guard n >= 0, i + n <= bytes.count else { return false }
            i += n
            return true
        }

        mutating func byte() -> UInt8? {
            guard i < bytes.count else { return nil }
            defer { i += 1 }
            return bytes[i]
        }

        mutating func bytes(_ n: Int) -> [UInt8]? {
            guard i + n <= bytes.count else { return nil }
            defer { i += n }
            return Array(bytes[i..<(i + n)])
        }

        mutating func int32() -> Int32? {
            guard i + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 8 | UInt32(bytes[i + k]) }
            i += 4
            return Int32(bitPattern: v)
        }

        mutating func int64s(_ n: Int) -> [Int64]? {
            guard i + n * 8 <= bytes.count else { return nil }
            var out: [Int64] = []
            out.reserveCapacity(n)
            for _ in 0..<n {
                var v: UInt64 = 0
                for k in 0..<8 { v = v << 8 | UInt64(bytes[i + k]) }
                i += 8
                out.append(Int64(bitPattern: v))
            }
            return out
        }

        /// The footer between two newlines after the 64-bit block; nil if it is malformed.
        mutating func footer() -> String? {
            guard i < bytes.count, bytes[i] == 0x0A else { return nil }
            guard let end = bytes[(i + 1)...].firstIndex(of: 0x0A) else { return nil }
            return String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
        }
    }
}
