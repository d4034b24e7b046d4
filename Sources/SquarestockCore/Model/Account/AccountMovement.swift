/// One row of an exchange account's own ledger: an asset's balance moved, signed, with the fee
/// charged on top (Kraken's `Ledgers`, from its API or its `ledgers.csv` export). A trade is two
/// movements sharing `reference` (the trade's id), one per asset; a deposit, withdrawal, staking
/// reward or transfer is one. Amounts are exact as the exchange wrote them.
public struct AccountMovement: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case trade
        case deposit
        case withdrawal
        /// A reward for staking or earning, paid in the asset.
        case reward
        /// Moved between the account's own wallets (spot and staking): the same holding.
        case transfer
        /// Anything else the exchange names (margin, rollover, adjustment, ...), by its name.
        case other(String)
    }

    /// One page of an account's ledger and where the next one starts (nil after the last).
    public struct Page: Sendable, Equatable {
        public var movements: [AccountMovement]
        /// The exchange's cursor for the next page (Kraken's offset, Coinbase's cursor).
        public var next: String?
        /// No trade follows this page (Coinbase's fills are read; its wallets' deposits and
        /// rewards come next): a reader after an order's fill can stop here.
        public var tradesComplete: Bool
        public init(movements: [AccountMovement], next: String?, tradesComplete: Bool = false) {
            self.movements = movements
            self.next = next
            self.tradesComplete = tradesComplete
        }
    }

    /// The movement's own id (Kraken's ledger id, `L...`): the key that makes a second sync or
    /// import record nothing twice.
    public var id: String
    /// What it belongs to: the trade's id for both legs of a trade.
    public var reference: String
    public var time: Instant
    public var kind: Kind
    /// The asset by its common name (`BTC`, `EUR`), a staked balance's suffix taken off.
    public var asset: String
    /// Whether the balance moved is the staked one (`DOT.S`).
    public var staked: Bool
    /// Signed: negative out of the account.
    public var amount: ExactDecimal
    /// Charged on top of `amount`, in the same asset (the balance changes by amount - fee).
    public var fee: ExactDecimal

    public init(
        id: String, reference: String, time: Instant, kind: Kind, asset: String, staked: Bool = false,
        amount: ExactDecimal, fee: ExactDecimal = .zero
    ) {
        self.id = id
        self.reference = reference
        self.time = time
        self.kind = kind
        self.asset = asset
        self.staked = staked
        self.amount = amount
        self.fee = fee
    }
}

extension AccountMovement.Kind {
    /// A ledger row's `type` and `subtype` as an exchange's ledger writes them (`trade`,
    /// `spend` and `receive` of an instant buy; `deposit`, `withdrawal`; `staking`, `earn`,
    /// `reward`; `transfer`, and a deposit or withdrawal with a subtype such as `spottostaking`,
    /// between the account's own wallets), the same from the API and from its CSV export.
    public init(ledgerType type: String, subtype: String) {
        let t = type.lowercased()
        let s = subtype.lowercased()
        switch t {
        case "trade", "spend", "receive": self = .trade
        case "deposit": self = s.isEmpty ? .deposit : .transfer
        case "withdrawal": self = s.isEmpty ? .withdrawal : .transfer
        case "staking", "earn", "reward", "dividend":
            self =
                s.contains("transfer") || s.contains("allocation") || s.contains("deallocation") ? .transfer : .reward
        case "transfer": self = .transfer
        default: self = .other(t)
        }
    }
}
