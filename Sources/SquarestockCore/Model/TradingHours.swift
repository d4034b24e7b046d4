/// An exchange's trading day in its own wall clock, in minutes after local midnight.
///
/// Kept as wall-clock minutes rather than UTC because that is how exchanges publish hours and
/// how they stay put across daylight-saving changes.
public struct TradingHours: Sendable, Hashable {
    public var open: Int
    public var close: Int
    /// Midday break (Tokyo, Hong Kong), if any.
    public var breakStart: Int?
    public var breakEnd: Int?
    /// Extended sessions where the venue has them (US pre-market and after-hours).
    public var preOpen: Int?
    public var postClose: Int?

    public init(open: String, close: String, lunch: (String, String)? = nil, pre: String? = nil, post: String? = nil) {
        self.open = TradingHours.minutes(open)
        self.close = TradingHours.minutes(close)
        self.breakStart = lunch.map { TradingHours.minutes($0.0) }
        self.breakEnd = lunch.map { TradingHours.minutes($0.1) }
        self.preOpen = pre.map(TradingHours.minutes)
        self.postClose = post.map(TradingHours.minutes)
    }

    /// Around-the-clock markets (crypto).
    public static let continuous = TradingHours(open: "00:00", close: "24:00")

    public var isContinuous: Bool { open == 0 && close == 24 * 60 }

    /// `"09:30"` -> 570. Only used on the literals of the registry.
    static func minutes(_ hhmm: String) -> Int {
        let parts = hhmm.split(separator: ":")
        return (Int(parts[0]) ?? 0) * 60 + (parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }
}

/// Trading hours that apply from a given date on (Tokyo extended its close in November 2024).
public struct DatedTradingHours: Sendable, Hashable {
    public var from: CivilDate
    public var hours: TradingHours
    public init(from: CivilDate, hours: TradingHours) {
        self.from = from
        self.hours = hours
    }
}
