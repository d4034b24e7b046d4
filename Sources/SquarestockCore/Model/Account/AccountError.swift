/// Why an account call failed, in terms a user can act on. Every case names the exchange and
/// `message` says what to do next; none ever carries a key, a secret or a signature.
public enum AccountError: Error, Sendable, Equatable {
    /// No key for this exchange in the environment or the credentials file.
    case noCredentials(exchange: String, variables: [String])
    /// The credentials file can be read by others, or is not a file squarestock wrote.
    case unsafeCredentialsFile(path: String, problem: String)
    /// An exchange's nonce file (`exchange` as people write it) cannot be used as it is (not a
    /// regular file of this user, a nonce that cannot grow, its lock held too long); `problem`
    /// says why and what fixes it.
    case nonceFile(path: String, problem: String, exchange: String)
    /// The key or its signature was refused (a wrong key, a wrong secret, a revoked key);
    /// `advice`, from the exchange's service, says which key to create (nil: the general advice).
    case invalidKey(exchange: String, detail: String, advice: String? = nil)
    /// Kraken's nonce was refused twice (another program uses the same key).
    case invalidNonce(exchange: String)
    /// The key lacks a permission; `needed` names it in the exchange's words.
    case permissionDenied(exchange: String, needed: String)
    case insufficientFunds(exchange: String, detail: String)
    case belowMinimum(exchange: String, detail: String)
    case badPrecision(exchange: String, detail: String)
    case unknownOrder(exchange: String, id: String)
    /// The order exists but is no longer open (`status`: filled, canceled, expired): nothing to cancel.
    case orderNotOpen(exchange: String, id: String, status: String)
    /// The paper account of `exchange` has no order `id`, or has it closed: the commands that
    /// show its orders take `--paper` (there is no exchange named "paper").
    case unknownPaperOrder(exchange: String, id: String)
    case paperOrderNotOpen(exchange: String, id: String, status: String)
    /// The exchange takes no orders now (maintenance, cancel-only, post-only for a market order).
    case marketClosed(exchange: String, detail: String)
    /// The exchange's service is down or overloaded for every request (a balance, a ledger page,
    /// an order): "not taking orders" misread a sync's failed page as an order's refusal.
    case unavailable(exchange: String, detail: String)
    case throttled(exchange: String, detail: String)
    /// The order request may or may not have reached the exchange (a timeout or a dropped
    /// connection after sending): it is never sent again blindly. `listsClosedOrders` is false
    /// for an exchange with no history of closed orders (TradeOgre), whose advice names the
    /// balances instead of `account orders --closed`.
    case statusUnknown(exchange: String, detail: String, listsClosedOrders: Bool = true)
    /// What the exchange cannot do (TradeOgre has no market orders, no validation).
    case notSupported(exchange: String, what: String)
    /// The request never got an answer (nothing was sent, or it was not an order).
    case transport(exchange: String, TransportError)
    /// An answer squarestock could not read.
    case malformed(exchange: String, detail: String)
    /// Any other rejection, in the exchange's words.
    case rejected(exchange: String, message: String)

    /// One line for the terminal: what happened, then what to do.
    public var message: String {
        switch self {
        case .noCredentials(let exchange, let variables):
            return "no \(exchange) key; run `squarestock account login --exchange \(exchange)`, or set "
                + variables.joined(separator: " and ")
        case .unsafeCredentialsFile(let path, let problem):
            return "refusing the credentials file \(path): \(problem)"
        case .nonceFile(let path, let problem, let exchange):
            return "cannot use \(exchange)'s nonce file \(path): \(problem)"
        case .invalidKey(let exchange, let detail, let advice):
            return "\(exchange) refused the key (\(detail)); "
                + (advice ?? "check the key and secret, then run `squarestock account login --exchange \(exchange)`")
        case .invalidNonce(let exchange):
            return
                "\(exchange) refused the request's nonce twice; another program may be using the same key: give each program its own key"
        case .permissionDenied(let exchange, let needed):
            return
                "the \(exchange) key lacks the permission \(needed); add it to the key on the exchange's site, or create a new key and run `squarestock account login --exchange \(exchange)`"
        case .insufficientFunds(let exchange, let detail):
            return "\(exchange): insufficient funds (\(detail))"
        case .belowMinimum(let exchange, let detail):
            return "\(exchange): the order is below the pair's minimum (\(detail))"
        case .badPrecision(let exchange, let detail):
            return "\(exchange): \(detail)"
        case .unknownOrder(let exchange, let id):
            return
                "\(exchange) knows no \(id.isEmpty ? "such order" : "order " + id); list them with `squarestock account orders --exchange \(exchange)`"
        case .orderNotOpen(let exchange, let id, let status):
            return
                "\(exchange) order \(id) is already closed (\(status)); there is nothing to cancel. See it with `squarestock account order \(id) --exchange \(exchange)`"
        case .unknownPaperOrder(let exchange, let id):
            return
                "the \(exchange) paper account has no order \(id); list them with `squarestock account orders --paper --exchange \(exchange)`"
        case .paperOrderNotOpen(let exchange, let id, let status):
            return
                "paper order \(id) is already closed (\(status)); there is nothing to cancel. See it with `squarestock account order \(id) --paper --exchange \(exchange)`"
        case .marketClosed(let exchange, let detail):
            return "\(exchange) is not taking orders now (\(detail)); try again later"
        case .unavailable(let exchange, let detail):
            return "\(exchange) is unavailable now (\(detail)); try again in a few minutes"
        case .throttled(let exchange, let detail):
            return "\(exchange) is throttling this key (\(detail)); wait a minute and try again"
        case .statusUnknown(let exchange, let detail, let listsClosedOrders):
            // What happened, without the transport's own "try again": trying again is exactly
            // what must not happen before the orders are checked. A filled order is among the
            // closed ones, so both lists are named; without that list, the balances show a fill.
            let fact = detail.components(separatedBy: "; ").first ?? detail
            return
                "status unknown: the request may have reached \(exchange) (\(fact)); before trying again, check "
                + "`squarestock account orders --exchange \(exchange)` (open) and "
                + (listsClosedOrders
                    ? "`squarestock account orders --closed --exchange \(exchange)` (filled or cancelled)"
                    : "`squarestock account --exchange \(exchange)` (the balances: \(exchange) lists no closed orders, "
                        + "and a fill moves them)")
        case .notSupported(let exchange, let what):
            return "\(exchange) does not support \(what)"
        case .transport(_, let e):
            return e.description
        case .malformed(let exchange, let detail):
            return
                "\(exchange) sent an answer squarestock cannot read (\(detail)); try again in a minute, and if it keeps happening run `squarestock doctor`"
        case .rejected(let exchange, let message):
            return "\(exchange) refused: \(message)"
        }
    }
}

extension AccountError {
    /// This error, its status-unknown advice without the closed orders (an exchange that does
    /// not list them); any other error as it is.
    package var withoutClosedOrderList: AccountError {
        guard case .statusUnknown(let exchange, let detail, _) = self else { return self }
        return .statusUnknown(exchange: exchange, detail: detail, listsClosedOrders: false)
    }
}
