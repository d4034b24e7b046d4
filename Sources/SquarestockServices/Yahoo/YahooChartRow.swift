import SquarestockCore

/// One bar of a Yahoo chart answer: `timestamp[k]` with the `k`th entry of each
/// `indicators.quote[0]` array. A bar without a close (Tokyo's lunch break sends `null`) is no
/// bar, never a zero, so `close` is always there; the other arrays may be shorter or hold `null`.
struct YahooChartRow {
    /// UTC epoch seconds as sent.
    let time: Instant
    let open: ExactDecimal?
    let high: ExactDecimal?
    let low: ExactDecimal?
    let close: ExactDecimal
    let volume: ExactDecimal?
}
