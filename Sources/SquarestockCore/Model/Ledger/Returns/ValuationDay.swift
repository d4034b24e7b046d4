/// The portfolio at one day's close, in the base currency's minor units, with what happened
/// that day: the external flow, and the parts of the gain split (dividends, fees, currency).
public struct ValuationDay: Sendable, Equatable {
    /// One holding's value that day: its quantity after the day's entries, the price and rate
    /// used (each with its own day and source), its value in its currency and in the base.
    public struct Holding: Sendable, Equatable {
        public var symbol: String
        public var quantity: ExactDecimal
        public var currency: String
        public var price: PriceObservation
        public var rate: PriceObservation
        public var local: Int64
        public var value: Int64
    }

    /// One currency's cash (in a ledger that keeps cash).
    public struct Cash: Sendable, Equatable {
        public var currency: String
        public var minor: Int64
        public var rate: PriceObservation
        public var value: Int64
    }

    public var date: CivilDate
    public var value: Int64
    /// The day's external flows, summed (`ExternalFlow.base`).
    public var flow: Int64
    /// What the day's purchases cost with their fees, converted: money paid in that day up to
    /// this counts from the day's start in the returns (it was invested at the day's prices).
    public var bought: Int64 = 0
    /// Dividends received that day, net of tax withheld, converted.
    public var dividends: Int64
    /// Fees paid that day (positive), converted.
    public var fees: Int64
    /// What the move of exchange rates since the previous valuation did to the holdings and cash
    /// held in other currencies at that valuation.
    public var currencyEffect: Int64
    /// Kept only when asked (`--explain`): with 500 holdings over ten years there are millions.
    public var holdings: [Holding]
    public var cash: [Cash]

    public init(date: CivilDate) {
        self.date = date
        value = 0
        flow = 0
        dividends = 0
        fees = 0
        currencyEffect = 0
        holdings = []
        cash = []
    }

    /// Whether a price or rate older than the day itself was used (named by `--explain`).
    public var staleMarks: [String] {
        holdings.compactMap { h in
            let age = max(h.price.age(on: date), h.rate.age(on: date))
            return age > 0 ? "\(h.symbol) (\(age) d)" : nil
        }
    }
}
