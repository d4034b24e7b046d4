/// The price (or FX rate) a valuation used for one day, and what it was: the close of an
/// earlier day is still used (the last one on or before the day), but the valuation says so.
public struct PriceObservation: Sendable, Equatable {
    /// As traded: a split-adjusted close is multiplied back by the splits it anticipates.
    public var value: ExactDecimal
    /// The day the price is from (on or before the day it values).
    public var date: CivilDate
    /// `yahoo`, `manual`, `import`, or `trade` (the price of a recorded purchase or sale, or the
    /// FX rate recorded with an entry).
    public var source: String
    /// When it was fetched or recorded; nil for a trade's own price.
    public var fetched: Instant?

    /// What `source` ends with when a split since changed the value (`manual (split-adjusted)`).
    public static let splitAdjustedMark = " (split-adjusted)"

    /// Whether a split since changed the value.
    public var isSplitAdjusted: Bool { source.hasSuffix(Self.splitAdjustedMark) }

    /// `source` without the split's mark (`manual`, `trade`).
    public var plainSource: String {
        isSplitAdjusted ? String(source.dropLast(Self.splitAdjustedMark.count)) : source
    }

    public init(value: ExactDecimal, date: CivilDate, source: String, fetched: Instant?) {
        self.value = value
        self.date = date
        self.source = source
        self.fetched = fetched
    }

    /// Days between the price's day and the day it values (0: that day's own price).
    public func age(on day: CivilDate) -> Int { Int(day.daysSinceEpoch - date.daysSinceEpoch) }
}
