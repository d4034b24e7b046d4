import SquarestockCore
import SquarestockNetworking

/// One exchange's private API with one key: balances, orders, placing and cancelling. Every
/// call is made once through the transport given (which must not retry: an order is sent at
/// most once), signed as the exchange wants it.
package protocol ExchangeAccount: Sendable {
    var exchange: String { get }
    /// Each asset's total, available and held amounts (no values: the facade prices them).
    func balances(transport: any HTTPTransport) -> Result<[AssetBalance], AccountError>
    func openOrders(transport: any HTTPTransport) -> Result<[AccountOrder], AccountError>
    /// The most recent closed orders first, at most `limit`.
    func closedOrders(limit: Int, transport: any HTTPTransport) -> Result<[AccountOrder], AccountError>
    func order(id: String, transport: any HTTPTransport) -> Result<AccountOrder, AccountError>
    /// Places `request`, or with `validateOnly` asks the exchange to check it without placing it.
    func place(
        _ request: OrderRequest, listing: PairListing, validateOnly: Bool, transport: any HTTPTransport
    ) -> Result<PlacedOrder, AccountError>
    /// How many orders were cancelled.
    func cancel(id: String, transport: any HTTPTransport) -> Result<Int, AccountError>
    func cancelAll(transport: any HTTPTransport) -> Result<Int, AccountError>
    /// The taker fee at this key's tier for `listing`, as a fraction (0.0026 for 0.26 %), when
    /// the exchange says; nil otherwise (the preview then says the fee is not known).
    func takerFee(_ listing: PairListing, transport: any HTTPTransport) -> ExactDecimal?
    /// A page of the account's own ledger (deposits, trades' legs, rewards, withdrawals), from
    /// `since` on when given, starting at `cursor` (nil: the first page).
    func movements(since: Instant?, cursor: String?, transport: any HTTPTransport) -> Result<
        AccountMovement.Page, AccountError
    >
    /// How many history pages a sync reads at once, then the seconds between pages, as the
    /// exchange's rate limit allows.
    var historyPacing: (burst: Int, interval: Double) { get }
}

extension ExchangeAccount {
    /// Kraken's: its call counter allows a burst of about seven ledger pages, then decays by
    /// one every few seconds.
    package var historyPacing: (burst: Int, interval: Double) { (7, 6.0) }
    package func takerFee(_ listing: PairListing, transport: any HTTPTransport) -> ExactDecimal? { nil }
    package func movements(since: Instant?, cursor: String?, transport: any HTTPTransport) -> Result<
        AccountMovement.Page, AccountError
    > { .failure(.notSupported(exchange: exchange, what: "reading the account's history in this version")) }
}
