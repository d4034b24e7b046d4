/// `squarestock portfolio`: each holding valued at its last price, cash per currency, and the
/// totals in the base currency. Money is exact (minor units of each row's currency); percentages
/// are rounded ratios.
public struct HoldingsReport: Sendable {
    public struct Row: Sendable {
        public var symbol: String
        public var quantity: ExactDecimal
        public var currency: String
        /// Minor units of `currency`, fees included.
        public var cost: Int64
        public var averageCost: ExactDecimal?
        public var price: ExactDecimal?
        /// When the price traded, or was fetched when the source gave no time.
        public var priceTime: Instant?
        /// The day of a daily close (a manual, imported or fetched close, a trade's price): a
        /// price of a day, not of an instant.
        public var priceDay: CivilDate?
        /// Where the price came from: the source's name (a stored price keeps it: a recording
        /// stays one).
        public var priceSource: String?
        /// Whether the quote priced at `priceTime` was stored by an earlier run, not this run's
        /// (a day's close, with `priceDay`, is a stored figure by nature and leaves it false).
        public var priceStored = false
        public var value: Int64?
        public var dayChange: Int64?
        public var gain: Int64? { value.map { $0 - cost } }
        public var gainPercent: ExactDecimal? {
            guard let gain, cost != 0, let hundredfold = Int64(exactly: Int128(gain) * 100) else { return nil }
            // Rounded once, to two places.
            return ExactDecimal(significand: hundredfold, scale: 0).divided(
                by: ExactDecimal(significand: cost, scale: 0), scale: 2)
        }
        /// Share of the total value, percent.
        public var weight: ExactDecimal?
        /// Why the row has no price, or how it was valued.
        public var note: String?
        /// The rate into the base the totals used (1 in the base currency), and the value at it,
        /// base minor units; nil when the row was left out of the totals.
        public var rate: ExactDecimal?
        public var baseValue: Int64?

        public init(symbol: String, quantity: ExactDecimal, currency: String, cost: Int64, averageCost: ExactDecimal?) {
            self.symbol = symbol
            self.quantity = quantity
            self.currency = currency
            self.cost = cost
            self.averageCost = averageCost
        }
    }

    public var portfolio: String
    public var method: LotMethod
    public var rows: [Row]
    /// Minor units by currency.
    public var cash: [String: Int64]
    public var baseCurrency: String
    /// The holdings' value, their cost and the day's change, in the base currency's minor units,
    /// over the rows that have a price and a rate (the notes name the others).
    public var totalValue: Int64?
    public var totalCost: Int64?
    public var totalDayChange: Int64?
    /// Cash in the base currency (negative when purchases were recorded without deposits); nil
    /// when its sum is beyond exact minor units (said in the totals' note), never a partial sum.
    public var totalCash: Int64?
    /// Holdings and cash together.
    /// Nil too when the sum is beyond exact minor units (said in the totals' note).
    public var netValue: Int64? {
        guard let totalValue, let totalCash else { return nil }
        return MinorUnits.sum(totalValue, totalCash)
    }
    /// Rates used for the totals (`EUR` → 1.0834 means 1 EUR = 1.0834 base).
    public var rates: [String: ExactDecimal]
    /// Each cash balance in the base currency, as the total counted it (absent: left out).
    public var cashInBase: [String: Int64] = [:]
    /// Where each rate in `rates` came from (by currency): its source, when it was quoted, and a
    /// day for a daily close, so a value in the base names the age of its rate as of its price.
    public var rateQuotes: [String: StoredPrice] = [:]
    public var notes: [String]
    public var now: Instant

    public init(
        portfolio: String, method: LotMethod, rows: [Row], cash: [String: Int64], baseCurrency: String,
        totalValue: Int64?, totalCost: Int64?, totalDayChange: Int64?, totalCash: Int64? = 0,
        rates: [String: ExactDecimal], notes: [String], now: Instant
    ) {
        self.totalCash = totalCash
        self.portfolio = portfolio
        self.method = method
        self.rows = rows
        self.cash = cash
        self.baseCurrency = baseCurrency
        self.totalValue = totalValue
        self.totalCost = totalCost
        self.totalDayChange = totalDayChange
        self.rates = rates
        self.notes = notes
        self.now = now
    }
}
