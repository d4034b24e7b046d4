/// What `buy` and `sell` show before anything is sent: the order, what it costs, the balance it
/// draws on, and what the local checks against the pair's rules found (each one blocks sending).
public struct OrderPreview: Sendable {
    public var exchange: String
    public var exchangeDisplayName: String
    public var request: OrderRequest
    /// The pair as the exchange lists it (its name, `XBTUSD`; its minimums and steps): the order
    /// is sent with this listing, so placing it needs no second look-up.
    public var listing: PairListing
    public var nativePair: String { listing.nativeName }
    /// Amount x limit price in the quote currency; nil for a market order.
    public var cost: ExactDecimal?
    /// The taker fee rate at the key's tier (a fraction), when the exchange says it.
    public var feeRate: ExactDecimal?
    /// The asset the order spends (the quote currency for a buy, the base for a sell) and how
    /// much of it is available, when the balance could be read.
    public var spends: String
    public var available: ExactDecimal?
    /// Why the order cannot be sent as it is (below the minimum, too many decimals, the pair not
    /// trading); empty when it passes.
    public var problems: [String]
    /// What the user typed, when rounding to the pair's step and tick changed it (`request` is
    /// what is sent); nil when it is sent as typed.
    public var typed: OrderRequest?
    /// A practice order: checked against the live public book, filled in the paper account,
    /// never sent to the exchange.
    public var paper = false
    /// The book's mid when it was read: the limit price's distance is measured from it.
    public var mid: ExactDecimal?
    /// A market order's walk through the book for its size: its expected average price and
    /// slippage (and `cost`, the expected cost).
    public var walk: BookWalk?
    /// Why the book could not be read, when it could not.
    public var bookProblem: String?
    /// Why the balance was not read (the exchange still refuses an order its funds do not cover).
    public var balanceProblem: String?
    /// The order's value in the currency of `max_order_value`, when that differs from the quote
    /// currency and the exchange's rate converted it.
    public var convertedValue: OrderLimits.Value?
    /// A limit refused the order before any private request: the balance and fee were not read.
    public var refusedByLimit = false

    public init(
        exchange: String, exchangeDisplayName: String, request: OrderRequest, listing: PairListing, cost: ExactDecimal?,
        feeRate: ExactDecimal? = nil,
        spends: String, available: ExactDecimal?, problems: [String]
    ) {
        self.exchange = exchange
        self.exchangeDisplayName = exchangeDisplayName
        self.request = request
        self.listing = listing
        self.cost = cost
        self.feeRate = feeRate
        self.spends = spends
        self.available = available
        self.problems = problems
    }
}
