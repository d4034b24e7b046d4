import SquarestockCore
import SquarestockNetworking

/// TradeOgre's private answers: HTTP 200 with `"success": true` (or `"true"`), or `false` with
/// an `error` sentence (`Must be authorized`, `Insufficient funds`, `Order not found`, `Market
/// not found`); `/account/orders` is a bare array. Amounts are 8-decimal strings; `date` is a
/// number (2018) or a string (2024).
package enum TradeOgreAccountDecoder {
    static let exchange = "tradeogre"

    package static func answer(_ r: HTTPResponse) -> Result<JSONValue, AccountError> {
        if r.status == 401 || r.status == 403 {
            return .failure(.invalidKey(exchange: exchange, detail: "HTTP \(r.status)"))
        }
        if r.status == 429 { return .failure(.throttled(exchange: exchange, detail: "HTTP 429")) }
        let body: JSONValue
        switch ExchangeResponse.json(r, source: exchange) {
        case .success(let b): body = b
        case .failure(let e): return .failure(.malformed(exchange: exchange, detail: e.detail))
        }
        if case .array = body { return .success(body) }
        let success = body["success"]
        if success == .bool(true) || success == .string("true") { return .success(body) }
        let message = SecretRedactor.shared.excerpt(body["error"]?.string ?? "the request was refused")
        switch message.lowercased() {
        case let m where m.contains("authorized"): return .failure(.invalidKey(exchange: exchange, detail: message))
        case let m where m.contains("insufficient"):
            return .failure(.insufficientFunds(exchange: exchange, detail: message))
        case let m where m.contains("order not found"): return .failure(.unknownOrder(exchange: exchange, id: ""))
        default: return .failure(.rejected(exchange: exchange, message: message))
        }
    }

    package static func totals(_ body: JSONValue) -> Result<[(String, ExactDecimal)], AccountError> {
        guard case .object(let members)? = body["balances"] else {
            return .failure(.malformed(exchange: exchange, detail: "no balances"))
        }
        var out: [(String, ExactDecimal)] = []
        for (currency, value) in members {
            guard let v = TradeOgreResponse.decimal(value) else {
                return .failure(.malformed(exchange: exchange, detail: "a balance is not a number"))
            }
            out.append((TerminalText.sanitize(currency).uppercased(), v))
        }
        return .success(out.sorted { $0.0 < $1.0 })
    }

    package static func available(_ body: JSONValue) -> Result<ExactDecimal, AccountError> {
        TradeOgreResponse.decimal(body["available"]).map { .success($0) }
            ?? .failure(.malformed(exchange: exchange, detail: "no available amount"))
    }

    package static func orders(_ body: JSONValue, pairs: (String) -> TradingPair?) -> Result<
        [AccountOrder], AccountError
    > {
        guard let items = body.array else {
            return .failure(.malformed(exchange: exchange, detail: "orders is not a list"))
        }
        var out: [AccountOrder] = []
        for item in items {
            guard let id = item["uuid"]?.string, let o = order(id: id, item, pairs: pairs) else {
                return .failure(
                    .malformed(exchange: exchange, detail: "an order lacks its uuid, market, type or quantity"))
            }
            out.append(o)
        }
        return .success(out.sorted { ($0.opened?.secondsSinceEpoch ?? 0) > ($1.opened?.secondsSinceEpoch ?? 0) })
    }

    package static func order(id: String, _ o: JSONValue, pairs: (String) -> TradingPair?) -> AccountOrder? {
        guard let market = o["market"]?.string, let type = o["type"]?.string,
            let quantity = TradeOgreResponse.decimal(o["quantity"])
        else { return nil }
        let filled = TradeOgreResponse.decimal(o["fulfilled"]) ?? .zero
        let date = TradeOgreResponse.decimal(o["date"]).map {
            Instant(secondsSinceEpoch: $0.rounded(toScale: 0).significand)
        }
        return AccountOrder(
            id: TerminalText.sanitize(id), pair: pairs(market), pairName: TerminalText.sanitize(market),
            side: type == "sell" ? .sell : .buy, type: "limit", amount: quantity, filled: filled,
            price: TradeOgreResponse.decimal(o["price"]), status: filled >= quantity ? .filled : .open, opened: date)
    }

}
