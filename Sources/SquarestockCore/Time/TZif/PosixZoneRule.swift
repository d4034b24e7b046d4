/// The rule a TZif file's footer gives for instants after its last listed transition, in the
/// POSIX `TZ` syntax RFC 8536 extends: `EST5EDT,M3.2.0,M11.1.0`, `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`.
///
/// Offsets are kept in seconds east of UTC (POSIX writes them west, so the signs flip on parse).
/// A rule without daylight time has one offset forever; one with daylight time yields two
/// transitions a year, computed on demand for the years around the instant asked about.
struct PosixZoneRule: Sendable, Equatable {
    /// A day of the year a change happens on, in one of the three POSIX forms.
    enum Day: Sendable, Equatable {
        /// `Jn`: day 1...365, never counting February 29.
        case julianNoLeap(Int)
        /// `n`: day 0...365, counting February 29.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 Sunday) of week w (1...5, 5 the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    struct Change: Sendable, Equatable {
        var day: Day
        /// Local time of the change in seconds (RFC 8536 allows -167...167 hours).
        var time: Int64
    }

    var standardName: String
    var standardOffset: Int64
    var daylightName: String?
    var daylightOffset: Int64
    /// When daylight time starts (in standard time) and ends (in daylight time); nil without DST.
    var start: Change?
    var end: Change?

    /// Parses a footer; nil for anything outside the grammar (the zone then goes to ICU).
    init?(_ text: String) {
        var p = Cursor(Array(text.utf8))
        guard let std = p.name(), let stdWest = p.offset(maxHours: 24) else { return nil }
        standardName = std
        standardOffset = -stdWest
        daylightName = nil
        daylightOffset = standardOffset
        start = nil
        end = nil
        if p.atEnd { return }
        guard let dst = p.name() else { return nil }
        daylightName = dst
        if let west = p.offset(maxHours: 24) { daylightOffset = -west } else { daylightOffset = standardOffset + 3600 }
        // POSIX's default rule when a daylight name has none; TZif footers always give one.
        guard p.take(UInt8(ascii: ",")) else {
            guard p.atEnd else { return nil }
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
            return
        }
        guard let s = p.change(), p.take(UInt8(ascii: ",")), let e = p.change(), p.atEnd else { return nil }
        start = s
        end = e
    }

    /// One change of offset: when, and the offset and name from then on.
    struct Transition: Sendable, Equatable {
        var at: Int64
        var offset: Int64
        var isDaylight: Bool
    }

    /// Years whose changes are computed around an instant: a year's changes can sit a week from
    /// its edges in UTC, and the next change can be almost a year away.
    private static let span = -1...1

    /// The changes of the years around `t`, sorted; empty without daylight time. Two changes at
    /// the same instant (daylight time all year, written as an end and a start that meet) cancel.
    func transitions(around t: Int64) -> [Transition] {
        guard let start, let end else { return [] }
        let year = CivilDateTime(secondsSinceEpochUTC: t &+ standardOffset).date.year
        var all: [Transition] = []
        for y in Self.span.map({ year + $0 }) {
            let s = Self.dayStart(year: y, start.day) &+ start.time &- standardOffset
            let e = Self.dayStart(year: y, end.day) &+ end.time &- daylightOffset
            all.append(Transition(at: s, offset: daylightOffset, isDaylight: true))
            all.append(Transition(at: e, offset: standardOffset, isDaylight: false))
        }
        all.sort { $0.at < $1.at }
        var kept: [Transition] = []
        for t in all {
            if let last = kept.last, last.at == t.at { kept.removeLast() } else { kept.append(t) }
        }
        return kept
    }

    /// The offset and whether it is daylight time at `t`.
    func state(at t: Int64) -> (offset: Int64, isDaylight: Bool) {
        let changes = transitions(around: t)
        guard let last = changes.last(where: { $0.at <= t }) else {
            // Before the first change of the span: the state the last change of the span leaves
            // the year in repeats every year.
            guard let wrap = changes.last else { return (standardOffset, false) }
            return (wrap.offset, wrap.isDaylight)
        }
        return (last.offset, last.isDaylight)
    }

    func previousTransition(atOrBefore t: Int64) -> Int64? {
        transitions(around: t).last(where: { $0.at <= t })?.at
    }

    func nextTransition(after t: Int64) -> Int64? {
        transitions(around: t).first(where: { $0.at > t })?.at
    }

    /// Seconds since the epoch of local midnight (as if UTC) starting the day a change names.
    static func dayStart(year: Int, _ day: Day) -> Int64 {
        let january1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        switch day {
        case .julianNoLeap(let n):
            let leapShift = CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0
            return (january1 + Int64(n - 1 + leapShift)) * 86_400
        case .zeroBased(let n):
            return (january1 + Int64(n)) * 86_400
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1)
            let firstWeekday = first.isoWeekday % 7  // 0 Sunday
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilDate.daysInMonth(year: year, month: month)
            while day > length { day -= 7 }
            return (first.daysSinceEpoch + Int64(day - 1)) * 86_400
        }
    }

    /// Reads the footer's bytes.
    private struct Cursor {
        let bytes: [UInt8]
        var i = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }

        mutating func take(_ b: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == b else { return false }
            i += 1
            return true
        }

        /// `EST` (three or more letters) or `<+0530>` (letters, digits, signs in angle brackets).
        mutating func name() -> String? {
            let begin = i
            if take(UInt8(ascii: "<")) {
                while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                    let b = bytes[i]
                    guard Self.isLetter(b) || Self.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
                    else { return nil }
                    i += 1
                }
                guard i - begin >= 4, take(UInt8(ascii: ">")) else { return nil }
                return String(decoding: bytes[(begin + 1)..<(i - 1)], as: UTF8.self)
            }
            while i < bytes.count, Self.isLetter(bytes[i]) { i += 1 }
            guard i - begin >= 3 else {
                i = begin
                return nil
            }
            return String(decoding: bytes[begin..<i], as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, or nil (cursor unmoved) if there is none.
        mutating func offset(maxHours: Int64) -> Int64? {
            let begin = i
            var sign: Int64 = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let h = number(maxDigits: 3), h <= maxHours else {
                i = begin
                return nil
            }
            var seconds = h * 3600
            for scale: Int64 in [60, 1] {
                guard take(UInt8(ascii: ":")) else { break }
                guard let part = number(maxDigits: 2), part < 60 else {
                    i = begin
                    return nil
                }
                seconds += part * scale
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
        mutating func change() -> Change? {
            let day: Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julianNoLeap(Int(n))
            } else if take(UInt8(ascii: "M")) {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take(UInt8(ascii: ".")),
                    let w = number(maxDigits: 1), (1...5).contains(w), take(UInt8(ascii: ".")),
                    let d = number(maxDigits: 1), (0...6).contains(d)
                else { return nil }
                day = .monthWeekDay(month: Int(m), week: Int(w), weekday: Int(d))
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(Int(n))
            }
            var time: Int64 = 7200
            if take(UInt8(ascii: "/")) {
                guard let t = offset(maxHours: 167) else { return nil }
                time = t
            }
            return Change(day: day, time: time)
        }

        mutating func number(maxDigits: Int) -> Int64? {
            var value: Int64 = 0
            var digits = 0
            while i < bytes.count, Self.isDigit(bytes[i]), digits < maxDigits {
                value = value * 10 + Int64(bytes[i] - UInt8(ascii: "0"))
                i += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }

        static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    }
}
