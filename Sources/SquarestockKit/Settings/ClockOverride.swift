import SquarestockCore

/// Reads `SQUARESTOCK_NOW` (ISO 8601 UTC like `2025-10-29T16:40:00Z`, or epoch seconds), the
/// hidden clock override that lets golden tests pin "now"; unset means `wallClock`.
public enum ClockOverride {
    public static func now(environment: [String: String], wallClock: () -> Instant = { Instant.now() }) -> Instant {
        guard let raw = environment["SQUARESTOCK_NOW"], !raw.isEmpty else { return wallClock() }
        if let s = Int64(raw) { return Instant(secondsSinceEpoch: s) }
        var text = raw
        if text.hasSuffix("Z") { text.removeLast() }
        if let dt = DateTimeParsing.isoDateTime(text) { return Instant(secondsSinceEpoch: dt.secondsSinceEpochAsUTC) }
        return wallClock()
    }

    /// The warning for a `SQUARESTOCK_NOW` that is set but not read (then the clock is the real
    /// one, which it said nothing of), or nil.
    public static func warning(environment: [String: String]) -> String? {
        guard let raw = environment["SQUARESTOCK_NOW"], !raw.isEmpty else { return nil }
        let marker = Instant(secondsSinceEpoch: Int64.min / 4)
        guard now(environment: environment, wallClock: { marker }) == marker else { return nil }
        return "warning: SQUARESTOCK_NOW=\(TerminalText.visible(raw)) is not a time squarestock reads "
            + "(seconds since 1970, or UTC as 2026-11-27T15:00:00Z); using the real clock"
    }
}
