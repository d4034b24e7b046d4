import SquarestockCore
import SquarestockNetworking

/// A private answer's envelope (`{"error":[...],"result":...}`, HTTP 200 either way) and what
/// each of Kraken's private error strings means for the user.
package enum KrakenPrivateEnvelope {
    static let exchange = KrakenPrivateClient.exchange

    package static func result(_ response: HTTPResponse, method: String) -> Result<JSONValue, AccountError> {
        if response.status == 429 { return .failure(.throttled(exchange: exchange, detail: "HTTP 429")) }
        let body: JSONValue
        switch ExchangeResponse.json(response, source: exchange) {
        case .success(let v): body = v
        case .failure(let e):
            if response.status == 401 || response.status == 403 {
                return .failure(
                    .invalidKey(exchange: exchange, detail: "HTTP \(response.status)", advice: KrakenService.keyAdvice))
            }
            return .failure(.malformed(exchange: exchange, detail: e.detail))
        }
        let errors = (body["error"]?.array ?? []).compactMap(\.string)
        if let first = errors.first(where: { $0.hasPrefix("E") }) {
            return .failure(error(first, method: method))
        }
        guard let result = body["result"], !result.isNull else {
            return .failure(.malformed(exchange: exchange, detail: "no \"result\" in the answer to \(method)"))
        }
        return .success(result)
    }

    /// The permission a private method needs, in the words of Kraken's key settings.
    static func permission(for method: String) -> String {
        switch method {
        case "Balance", "BalanceEx", "TradeBalance", "TradeVolume": return "Query Funds"
        case "OpenOrders", "QueryOrders": return "Query Open Orders & Trades"
        case "ClosedOrders", "TradesHistory", "QueryTrades": return "Query Closed Orders & Trades"
        // What `portfolio sync` reads: naming the order permission there would have a user give
        // a read-only key the right to trade.
        case "Ledgers", "QueryLedgers": return "Query Ledger Entries"
        default: return "Create & Modify Orders"
        }
    }

    static func error(_ text: String, method: String) -> AccountError {
        let message = SecretRedactor.shared.excerpt(text)
        let rules: [(String, (String) -> AccountError)] = [
            (
                "EAPI:Invalid key",
                { _ in .invalidKey(exchange: exchange, detail: "EAPI:Invalid key", advice: KrakenService.keyAdvice) }
            ),
            (
                "EAPI:Invalid signature",
                { _ in
                    .invalidKey(exchange: exchange, detail: "EAPI:Invalid signature", advice: KrakenService.keyAdvice)
                }
            ),
            ("EAPI:Invalid nonce", { _ in .invalidNonce(exchange: exchange) }),
            (
                "EGeneral:Permission denied",
                { _ in .permissionDenied(exchange: exchange, needed: permission(for: method)) }
            ),
            (
                "EOrder:Insufficient funds",
                { _ in .insufficientFunds(exchange: exchange, detail: "Kraken: Insufficient funds") }
            ),
            ("EOrder:Order minimum not met", { .belowMinimum(exchange: exchange, detail: $0) }),
            ("EOrder:Cost minimum not met", { .belowMinimum(exchange: exchange, detail: $0) }),
            ("EOrder:Tick size check failed", { .badPrecision(exchange: exchange, detail: $0) }),
            ("EOrder:Invalid price", { .badPrecision(exchange: exchange, detail: $0) }),
            ("EOrder:Unknown order", { _ in .unknownOrder(exchange: exchange, id: "") }),
            ("EService:Market in cancel_only mode", { .marketClosed(exchange: exchange, detail: $0) }),
            ("EService:Market in post_only mode", { .marketClosed(exchange: exchange, detail: $0) }),
            ("EService:Unavailable", { .unavailable(exchange: exchange, detail: $0) }),
            ("EService:Busy", { .unavailable(exchange: exchange, detail: $0) }),
            ("EAPI:Rate limit exceeded", { .throttled(exchange: exchange, detail: $0) }),
            ("EOrder:Rate limit exceeded", { .throttled(exchange: exchange, detail: $0) }),
            ("EService: Throttled", { .throttled(exchange: exchange, detail: $0) }),
            ("EService:Throttled", { .throttled(exchange: exchange, detail: $0) }),
            ("EGeneral:Temporary lockout", { .throttled(exchange: exchange, detail: $0) }),
        ]
        for (prefix, make) in rules where text.hasPrefix(prefix) { return make(message) }
        return .rejected(exchange: exchange, message: message)
    }
}
