import SquarestockCore

/// What an exchange's private API needs from the facade, and how its account is made: the
/// environment variables its key comes from (in the order a user sets them) and a maker given
/// the key and the command's context.
package struct AccountCapability: Sendable {
    package var keyVariable: String
    package var secretVariable: String
    package var make: @Sendable (AccountContext) -> any ExchangeAccount
    /// The taker fee of the exchange's public schedule at its first (smallest-volume) tier, a
    /// fraction: what a paper order is charged, since asking the key's own tier would be a signed
    /// request. Nil when the exchange publishes none.
    package var publicTakerFee: ExactDecimal?
    /// The maker fee of the same tier: what a paper order resting on the book pays when the
    /// market comes to it. Nil when it is the taker fee.
    package var publicMakerFee: ExactDecimal?
    /// Whether the exchange takes market orders: a preview refuses one before it asks for the
    /// confirmation (or a paper fill) when not.
    package var marketOrders: Bool
    /// Whether the exchange lists closed orders (`account orders --closed`): the advice after
    /// an order or a cancellation of unknown fate names that list only where it exists.
    package var listsClosedOrders: Bool

    package init(
        keyVariable: String, secretVariable: String, publicTakerFee: ExactDecimal? = nil,
        publicMakerFee: ExactDecimal? = nil, marketOrders: Bool = true, listsClosedOrders: Bool = true,
        make: @escaping @Sendable (AccountContext) -> any ExchangeAccount
    ) {
        self.keyVariable = keyVariable
        self.secretVariable = secretVariable
        self.publicTakerFee = publicTakerFee
        self.publicMakerFee = publicMakerFee
        self.marketOrders = marketOrders
        self.listsClosedOrders = listsClosedOrders
        self.make = make
    }

    /// `NAME_API_KEY` and `NAME_API_SECRET`: what an exchange with no account capability, or one
    /// that does not say, is asked for.
    package static func defaultVariables(_ exchange: String) -> (key: String, secret: String) {
        (exchange.uppercased() + "_API_KEY", exchange.uppercased() + "_API_SECRET")
    }
}

/// What one command hands an account maker.
package struct AccountContext: Sendable {
    package var credentials: ExchangeCredentials
    package var endpoint: String?
    /// The owner-only folder of the credentials, where an exchange may keep files of its own
    /// (Kraken's nonce file); nil keeps them in memory.
    package var privateFolder: String?
    package var timeout: Double
    /// The exchange's pair directory, fetched once on first use (an account names pairs in the
    /// exchange's own spelling).
    package var pairs: @Sendable () -> PairDirectory?

    package init(
        credentials: ExchangeCredentials, endpoint: String?, privateFolder: String?, timeout: Double,
        pairs: @escaping @Sendable () -> PairDirectory?
    ) {
        self.credentials = credentials
        self.endpoint = endpoint
        self.privateFolder = privateFolder
        self.timeout = timeout
        self.pairs = pairs
    }
}
