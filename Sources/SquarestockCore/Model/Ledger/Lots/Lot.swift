/// Shares bought together, as they stand: what is left of the quantity and of the cost (fees
/// included), in the purchase's currency. A split changes the quantity, never the cost or date.
public struct Lot: Sendable, Equatable {
    /// The id of the purchase that opened it (`sell --lot ID`).
    public var id: Int64
    public var symbol: String
    public var date: CivilDate
    public var quantity: ExactDecimal
    /// Minor units of `currency`.
    public var cost: Int64
    public var currency: String
    /// The purchase's FX rate to the base currency, when it had one.
    public var fxRate: ExactDecimal?

    public init(
        id: Int64, symbol: String, date: CivilDate, quantity: ExactDecimal, cost: Int64, currency: String,
        fxRate: ExactDecimal? = nil
    ) {
        self.id = id
        self.symbol = symbol
        self.date = date
        self.quantity = quantity
        self.cost = cost
        self.currency = currency
        self.fxRate = fxRate
    }

    /// Cost per share, for display and HIFO (rounded to 8 places).
    public var unitCost: ExactDecimal? {
        MinorUnits.decimal(cost, exponent: CurrencyExponent.of(currency) ?? 2).divided(by: quantity, scale: 8)
    }
}

/// One sale, as realized: the lots it took, proceeds after fees, the cost basis and the gain.
public struct Disposal: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var lot: Int64
        public var acquired: CivilDate
        public var quantity: ExactDecimal
        public var basis: Int64
    }

    /// The sale's entry id.
    public var entry: Int64
    public var date: CivilDate
    public var symbol: String
    public var currency: String
    public var quantity: ExactDecimal
    /// Minor units: gross sale value minus the fee.
    public var proceeds: Int64
    public var fee: Int64
    public var basis: Int64
    public var parts: [Part]

    public var gain: Int64 { proceeds - basis }

    /// Held more than a year (sold after the purchase's anniversary) for every part, for none,
    /// or for some.
    public var term: String {
        let long = parts.map { date > Self.anniversary(of: $0.acquired) }
        if long.allSatisfy({ $0 }) { return "long" }
        if long.allSatisfy({ !$0 }) { return "short" }
        return "mixed"
    }

    /// The same day a year later (28 February for a purchase on the 29th).
    static func anniversary(of d: CivilDate) -> CivilDate {
        CivilDate(
            year: d.year + 1, month: d.month, day: min(d.day, CivilDate.daysInMonth(year: d.year + 1, month: d.month)))
    }
}
