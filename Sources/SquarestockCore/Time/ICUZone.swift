import CICUShim

/// Direct, uncached ICU answers in whole seconds.
///
/// Every call opens an ICU calendar, which costs microseconds: `ExchangeTimeZone` only comes here
/// at offset transitions, and the tests use it as the reference the cache must agree with.
enum ICUZone {
    /// ICU's instant range, in seconds; instants beyond it are clamped before asking ICU.
    static let maxSeconds: Int64 = 8_640_000_000_000

    static func clampedMilliseconds(_ seconds: Int64) -> Double {
        Double(min(max(seconds, -maxSeconds), maxSeconds)) * 1000
    }

    /// Whole seconds from ICU milliseconds, rounding toward the past.
    static func seconds(fromMilliseconds ms: Double) -> Int64 {
        Int64((ms / 1000).rounded(.down))
    }

    static func isKnown(_ zone: String) -> Bool {
        ss_zone_is_known(zone) != 0
    }

    /// Seconds east of UTC at the instant, or nil if ICU refused.
    static func offsetSeconds(_ zone: String, at seconds: Int64) -> Int64? {
        var ok: Int32 = 0
        let ms = ss_zone_offset_ms(zone, clampedMilliseconds(seconds), &ok)
        guard ok != 0 else { return nil }
        return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000)
    }

    /// The instant of a (normalized) wall clock: gap resolves forward, overlap to the earlier instant.
    static func instant(_ zone: String, wall: CivilDateTime) -> Int64? {
        guard let year = Int32(exactly: wall.date.year), abs(year) <= 270_000 else { return nil }
        var ok: Int32 = 0
        let ms = ss_zone_wall_to_utc_ms(
            zone, year, Int32(wall.date.month), Int32(wall.date.day),
            Int32(wall.hour), Int32(wall.minute), Int32(wall.second), &ok)
        guard ok != 0 else { return nil }
        return seconds(fromMilliseconds: ms)
    }

    /// Last transition at or before the instant.
    static func previousTransition(_ zone: String, atOrBefore seconds: Int64) -> Int64? {
        var out = 0.0
        guard ss_zone_previous_transition_ms(zone, clampedMilliseconds(seconds), &out) != 0 else { return nil }
        return self.seconds(fromMilliseconds: out)
    }

    /// First transition strictly after the instant.
    static func nextTransition(_ zone: String, after seconds: Int64) -> Int64? {
        var out = 0.0
        guard ss_zone_next_transition_ms(zone, clampedMilliseconds(seconds), &out) != 0 else { return nil }
        return self.seconds(fromMilliseconds: out)
    }

    static func shortName(_ zone: String, at seconds: Int64, locale: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBufferPointer { buf in
            ss_zone_short_name(zone, clampedMilliseconds(seconds), locale, buf.baseAddress, Int32(buf.count))
        }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The 12 month names of one kind (0 format wide, 1 format abbreviated, 2 standalone wide,
    /// 3 standalone abbreviated), or nil.
    static func monthSymbols(locale: String, kind: Int32) -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { ss_month_symbols(locale, kind, $0.baseAddress, Int32($0.count)) }
        }
        guard count == 12 else { return nil }
        let names = buffer.split(separator: 0, maxSplits: 12, omittingEmptySubsequences: false)
            .prefix(12).map { String(decoding: $0, as: UTF8.self) }
        return names.count == 12 ? names : nil
    }
}
