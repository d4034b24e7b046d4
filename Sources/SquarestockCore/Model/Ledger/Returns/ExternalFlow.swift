/// Money that crossed the portfolio's edge on a day, in the base currency's minor units:
/// positive paid in, negative taken out. With cash in the ledger (any deposit or withdrawal)
/// only deposits and withdrawals cross it; without, each purchase is money paid in (its cost
/// with fees), each sale money taken out (its proceeds after fees), and each dividend money
/// taken out (net of tax withheld: it is not reinvested in a ledger that keeps no cash).
public struct ExternalFlow: Sendable, Equatable {
    public var date: CivilDate
    public var kind: EntryKind
    public var symbol: String?
    /// The entry's currency and its signed amount in minor units of that currency.
    public var currency: String
    public var amount: Int64
    /// The rate it was converted at (1 when in the base currency).
    public var rate: PriceObservation
    /// Converted into the base, signed (rounded once, half away from zero).
    public var base: Int64

    public init(
        date: CivilDate, kind: EntryKind, symbol: String?, currency: String, amount: Int64, rate: PriceObservation,
        base: Int64
    ) {
        self.date = date
        self.kind = kind
        self.symbol = symbol
        self.currency = currency
        self.amount = amount
        self.rate = rate
        self.base = base
    }
}
