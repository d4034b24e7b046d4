import SquarestockCore
import SquarestockRendering

/// The text of each watch cell, shared by the state (which flashes a cell only when this text
/// changes) and the renderers (which show it), so "changed" always means "looks different".
package enum WatchCellText {
    /// At the venue's own `decimals` (the stock's `priceDecimals`) when known, as `quote` shows it.
    package static func price(_ v: ExactDecimal?, decimals: Int?) -> String {
        v.map { NumberFormatting.price($0, decimals: decimals) } ?? "—"
    }

    package static func change(_ v: ExactDecimal?, reference: ExactDecimal?, decimals: Int?) -> String {
        v.map { NumberFormatting.signedChange($0, reference: reference, decimals: decimals) } ?? "—"
    }

    package static func percent(_ v: ExactDecimal?) -> String { v.map { NumberFormatting.signedPercent($0) } ?? "—" }

    /// `267.11–271.41` (ASCII: `267.11..271.41`); `—` when either end is unknown.
    package static func range(low: ExactDecimal?, high: ExactDecimal?, decimals: Int?, unicode: Bool) -> String {
        guard let low, let high else { return "—" }
        return NumberFormatting.price(low, decimals: decimals) + (unicode ? "–" : "..")
            + NumberFormatting.price(high, decimals: decimals)
    }

    /// `12:36:59 EDT` for a trade on the row's current day in the exchange's zone, else
    /// `10-28 16:00 EDT` (with the year, `2016-09-09 16:00 EDT`, for another year's), so
    /// yesterday's close is never mistaken for a trade a minute ago.
    package static func lastTrade(_ t: Instant?, zone: ExchangeTimeZone?, now: Instant) -> String {
        guard let t else { return "—" }
        guard let zone else {
            let u = t.utc
            return two(u.date.month) + "-" + two(u.date.day) + " " + two(u.hour) + ":" + two(u.minute) + " UTC"
        }
        let local = zone.localDateTime(at: t)
        let abbreviation = zone.abbreviation(at: t)
        if local.date == zone.localDateTime(at: now).date {
            return two(local.hour) + ":" + two(local.minute) + ":" + two(local.second) + " " + abbreviation
        }
        // Another year's trade says its year: "09-09" alone would pass for this September.
        let year = local.date.year == zone.localDateTime(at: now).date.year ? "" : String(local.date.year) + "-"
        return year + two(local.date.month) + "-" + two(local.date.day) + " " + two(local.hour) + ":"
            + two(local.minute) + " " + abbreviation
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
