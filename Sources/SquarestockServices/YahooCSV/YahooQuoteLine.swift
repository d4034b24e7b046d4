import SquarestockCore

/// The values of one quotes.csv line that a stock is built from, typed. A field that is absent,
/// a missing-value token (`N/A`) or not readable as its kind is nil.
struct YahooQuoteLine {
    var last: ExactDecimal?
    /// The last price's text when it is there but not a number (`300.6.3`), for the error.
    var unreadableLast: String?
    var change: ExactDecimal?
    var changePercent: ExactDecimal?
    var open: ExactDecimal?
    var high: ExactDecimal?
    var low: ExactDecimal?
    var previousClose: ExactDecimal?
    var volume: ExactDecimal?
    var date: CivilDate?
    var time: TimeOfDay?
    var exchangeCode: String?
    var currency: String?
    var name: String?

    /// No value besides the last price (and the texts): the shape of the legacy service's line
    /// for a ticker it did not know, `0.00` and `N/A` everywhere else.
    var holdsNothingButLast: Bool {
        change == nil && changePercent == nil && open == nil && high == nil && low == nil && previousClose == nil
            && volume == nil && date == nil && time == nil
    }
}
