/// One pair as an exchange lists it: what `markets` prints, what the adapters look names up in,
/// and what an order is checked against (precision, minimum size).
public struct PairListing: Sendable, Equatable {
    /// The pair in squarestock's spelling (`BTC-USD`).
    public var pair: TradingPair
    /// The name the exchange is asked with (Kraken altname `XBTUSD`, Coinbase `BTC-USD`,
    /// TradeOgre `BTC-USDT`).
    public var nativeName: String
    /// The key the exchange answers under when it differs from `nativeName` (Kraken `XXBTZUSD`).
    public var responseKey: String?
    public var status: PairStatus
    /// Decimal places of a price (Kraken `pair_decimals`); nil when the exchange gives a tick size
    /// instead or nothing.
    public var priceDecimals: Int?
    /// Smallest price step (Kraken `tick_size`, Coinbase `quote_increment`).
    public var tickSize: ExactDecimal?
    /// Smallest amount step of the base currency (Kraken `lot_decimals`, Coinbase `base_increment`).
    public var sizeIncrement: ExactDecimal?
    /// Smallest order in the base currency (Kraken `ordermin`).
    public var minimumSize: ExactDecimal?
    /// Smallest order value in the quote currency (Kraken `costmin`, Coinbase `min_market_funds`).
    public var minimumCost: ExactDecimal?

    public init(
        pair: TradingPair, nativeName: String, responseKey: String? = nil, status: PairStatus = .online,
        priceDecimals: Int? = nil, tickSize: ExactDecimal? = nil, sizeIncrement: ExactDecimal? = nil,
        minimumSize: ExactDecimal? = nil, minimumCost: ExactDecimal? = nil
    ) {
        self.pair = pair
        self.nativeName = nativeName
        self.responseKey = responseKey
        self.status = status
        self.priceDecimals = priceDecimals
        self.tickSize = tickSize
        self.sizeIncrement = sizeIncrement
        self.minimumSize = minimumSize
        self.minimumCost = minimumCost
    }

    /// The key an answer for this pair arrives under.
    public var answerKey: String { responseKey ?? nativeName }

    /// Price decimals from whichever the exchange sent: `priceDecimals`, or the tick size's scale.
    public var effectivePriceDecimals: Int? { priceDecimals ?? tickSize.map { $0.normalized.scale } }
}

/// Whether a pair trades, in the exchanges' own words normalised.
public enum PairStatus: Sendable, Hashable, CustomStringConvertible {
    case online
    /// Only orders that add liquidity are accepted.
    case postOnly
    case limitOnly
    /// Orders can be cancelled but not placed.
    case cancelOnly
    case reduceOnly
    case delisted
    /// A word this version does not know, kept as sent (already sanitised).
    case other(String)

    /// Reads `online`, `post_only`, `cancel_only`, `reduce_only`, `limit_only`, `delisted`
    /// (any case, `-` or `_`).
    public init(wire: String) {
        switch wire.lowercased().replacingOccurrences(of: "-", with: "_") {
        case "online", "": self = .online
        case "post_only": self = .postOnly
        case "limit_only": self = .limitOnly
        case "cancel_only": self = .cancelOnly
        case "reduce_only": self = .reduceOnly
        case "delisted", "offline": self = .delisted
        default: self = .other(wire)
        }
    }

    /// `online`, `post-only`, ...: the word every output prints.
    public var description: String {
        switch self {
        case .online: return "online"
        case .postOnly: return "post-only"
        case .limitOnly: return "limit-only"
        case .cancelOnly: return "cancel-only"
        case .reduceOnly: return "reduce-only"
        case .delisted: return "delisted"
        case .other(let s): return s
        }
    }
}
