/// One line of the append-only journal. Money is in integer minor units of `currency` (its
/// ISO 4217 exponent), quantities and unit prices are exact decimals; lots, holdings, cash and
/// gains are all derived from these entries, never stored.
public struct JournalEntry: Sendable, Equatable {
    /// Assigned by the store; the order of entries on one date.
    public var id: Int64?
    public var kind: EntryKind
    public var date: CivilDate
    public var symbol: String?
    /// Shares or units bought or sold (positive).
    public var quantity: ExactDecimal?
    /// The unit price of a trade, in `currency`.
    public var price: ExactDecimal?
    public var currency: String
    /// Minor units: a trade's gross value (quantity × price, rounded once), a dividend's gross
    /// amount, a deposit's or withdrawal's amount.
    public var amount: Int64
    /// Minor units paid in fees (added to a purchase's cost, taken from a sale's proceeds).
    public var fee: Int64
    /// Minor units of tax withheld from a dividend.
    public var withheld: Int64
    /// The rate to the portfolio's base currency on the entry's date (1 `currency` = `fxRate`
    /// base), when the currencies differ and it was known.
    public var fxRate: ExactDecimal?
    /// The base currency `fxRate` is into: the one in effect when the rate was recorded (a user
    /// who later sets another currency must not have 1.08 read as EUR→JPY). nil for a rate
    /// recorded before the ledger kept it, and in files: the configured base is taken then.
    public var fxBase: String? = nil
    /// A split's ratio: `numerator` new shares for every `denominator` old ones (4:1 is 4, 1).
    public var splitNumerator: Int64?
    public var splitDenominator: Int64?
    /// A sale from one named lot: the id of the purchase that opened it.
    public var lot: Int64?
    /// A reversal's target.
    public var reverses: Int64?
    /// An imported line's identity, so importing the same file again adds nothing.
    public var importKey: String?
    /// The identity the same line had before keys put a file's columns in one order (its cells
    /// in the file's order), when that differs: looked up, so a file imported then is not
    /// imported again; never stored.
    public var formerImportKey: String? = nil
    public var note: String?

    public init(
        id: Int64? = nil, kind: EntryKind, date: CivilDate, symbol: String? = nil, quantity: ExactDecimal? = nil,
        price: ExactDecimal? = nil, currency: String, amount: Int64 = 0, fee: Int64 = 0, withheld: Int64 = 0,
        fxRate: ExactDecimal? = nil, splitNumerator: Int64? = nil, splitDenominator: Int64? = nil, lot: Int64? = nil,
        reverses: Int64? = nil, importKey: String? = nil, note: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.date = date
        self.symbol = symbol
        self.quantity = quantity
        self.price = price
        self.currency = currency
        self.amount = amount
        self.fee = fee
        self.withheld = withheld
        self.fxRate = fxRate
        self.splitNumerator = splitNumerator
        self.splitDenominator = splitDenominator
        self.lot = lot
        self.reverses = reverses
        self.importKey = importKey
        self.note = note
    }

    /// The currency's minor-unit digits (checked when the entry was made).
    public var exponent: Int { CurrencyExponent.of(currency) ?? 2 }
}
