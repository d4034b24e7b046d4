import SquarestockCore

/// One Yahoo chart answer as `YahooChartDecoder` read it: the meta block, which carries the
/// quote, the previous closes, the bar size and the venue, and the bars. The quote with its
/// sparkline (`YahooChartQuote`) and the chart's history (`YahooChartHistory`) are both built
/// from it, so the arrays are read in one place.
struct YahooChart {
    /// The result's `meta` object, as sent.
    let meta: JSONValue
    /// The bars that have a time and a close, in the order sent (neither sorted nor de-duplicated).
    let rows: [YahooChartRow]
}
