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
}
