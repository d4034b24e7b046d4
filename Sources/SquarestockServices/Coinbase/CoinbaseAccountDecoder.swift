import SquarestockCore
import SquarestockNetworking

/// Coinbase Advanced Trade's private answers: real HTTP statuses (401 for a refused key or JWT,
/// 403 for a missing permission, 429 when throttled), JSON bodies with string decimals and RFC
/// 3339 times, and order outcomes that may be HTTP 200 with `"success": false`.
package enum CoinbaseAccountDecoder {
    static let exchange = "coinbase"

    /// The key permission a request of `path` needs, in the words of Coinbase's key settings:
    /// placing, previewing and cancelling orders need Trade; reading accounts, orders and fills
    /// (`portfolio sync`, `account orders`) needs View only.
    static func permission(for path: String) -> String {
        path.hasPrefix("/orders") && !path.hasPrefix("/orders/historical") ? "Trade" : "View"
    }

    package static func answer(_ response: HTTPResponse, path: String) -> Result<JSONValue, AccountError> {
        switch response.status {
        case 401:
            return .failure(
                .invalidKey(exchange: exchange, detail: "HTTP 401 Unauthorized", advice: CoinbaseService.keyAdvice))
        case 403:
            return .failure(
                .permissionDenied(exchange: exchange, needed: Self.permission(for: path)))
        case 429: return .failure(.throttled(exchange: exchange, detail: "HTTP 429"))
        case 404 where path.hasPrefix("/orders/historical/"): return .failure(.unknownOrder(exchange: exchange, id: ""))
        default: break
        }
        var screened = response
        if screened.status >= 400 { screened.status = 200 }
        let parsed = ExchangeResponse.json(screened, source: exchange).mapError {
            AccountError.malformed(exchange: exchange, detail: $0.detail)
        }
        guard response.status >= 400 else { return parsed }
        let body = try? parsed.get()
        let code = body?["error"]?.string ?? ""
        let message = body?["message"]?.string ?? body?["error_details"]?.string ?? "HTTP \(response.status)"
        return .failure(error(code: code, message: message))
    }

    /// One of Coinbase's failure reasons as the user's error.
    package static func error(code: String, message: String) -> AccountError {
        let text = SecretRedactor.shared.excerpt(message)
        let upper = code.uppercased()
        if upper.contains("INSUFFICIENT_FUND") { return .insufficientFunds(exchange: exchange, detail: text) }
        if upper.contains("TOO_SMALL") { return .belowMinimum(exchange: exchange, detail: text) }
        if upper.contains("PRECISION") { return .badPrecision(exchange: exchange, detail: text) }
        if upper.contains("DISABLED") || upper.contains("CANCEL_ONLY") {
            return .marketClosed(exchange: exchange, detail: text)
        }
        if upper == "UNKNOWN_CANCEL_ORDER" || upper == "NOT_FOUND" { return .unknownOrder(exchange: exchange, id: "") }
        return .rejected(exchange: exchange, message: upper.isEmpty ? text : TerminalText.sanitize(code) + ": " + text)
    }

    /// One page of `GET /accounts`: the balances and the cursor of the next page.
    package static func accounts(_ body: JSONValue) -> Result<(balances: [AssetBalance], next: String?), AccountError> {
        guard let items = body["accounts"]?.array else { return .failure(malformed("no accounts")) }
        var out: [AssetBalance] = []
        for a in items {
            guard let currency = a["currency"]?.string,
                let available = CoinbaseResponse.decimal(a["available_balance"]?["value"])
            else { return .failure(malformed("an account lacks its currency or available balance")) }
            let held = CoinbaseResponse.decimal(a["hold"]?["value"]) ?? .zero
            let total = (available + held) ?? available
            guard !total.isZero else { continue }
            out.append(
                AssetBalance(
                    asset: TerminalText.sanitize(currency).uppercased(), total: total, available: available, held: held)
            )
        }
        let more = body["has_next"] == .bool(true)
        return .success((out, more ? body["cursor"]?.string : nil))
    }

    package static func orders(_ body: JSONValue) -> Result<[AccountOrder], AccountError> {
        guard let items = body["orders"]?.array else { return .failure(malformed("no orders")) }
        var out: [AccountOrder] = []
        for item in items {
            guard let o = order(item) else {
                return .failure(malformed("an order lacks its id, product, side or size"))
            }
            out.append(o)
        }
        return .success(out.sorted { ($0.opened?.secondsSinceEpoch ?? 0) > ($1.opened?.secondsSinceEpoch ?? 0) })
    }

    package static func order(_ o: JSONValue?) -> AccountOrder? {
        guard let o, let id = o["order_id"]?.string, let product = o["product_id"]?.string,
            let sideText = o["side"]?.string
        else { return nil }
        let config = o["order_configuration"]
        let limit = config?["limit_limit_gtc"] ?? config?["limit_limit_gtd"]
        let market = config?["market_market_ioc"]
        guard
            let amount = CoinbaseResponse.decimal(limit?["base_size"]) ?? CoinbaseResponse.decimal(market?["base_size"])
                ?? CoinbaseResponse.decimal(o["filled_size"])
        else { return nil }
        let status: OrderStatus
        switch o["status"]?.string {
        case "OPEN": status = .open
        case "FILLED": status = .filled
        case "CANCELLED": status = .canceled
        case "EXPIRED": status = .expired
        case "PENDING", "QUEUED": status = .pending
        default: status = .unknown
        }
        return AccountOrder(
            id: TerminalText.sanitize(id), pair: TradingPair(symbol: product), pairName: TerminalText.sanitize(product),
            side: sideText == "SELL" ? .sell : .buy,
            type: limit != nil ? "limit" : (market != nil ? "market" : "other"),
            amount: amount, filled: CoinbaseResponse.decimal(o["filled_size"]) ?? .zero,
            price: CoinbaseResponse.decimal(limit?["limit_price"]),
            averagePrice: CoinbaseResponse.decimal(o["average_filled_price"]).flatMap { $0.isZero ? nil : $0 },
            status: status,
            opened: o["created_time"]?.string.flatMap { EpochTime(rfc3339: $0)?.instant },
            closed: o["last_fill_time"]?.string.flatMap { EpochTime(rfc3339: $0)?.instant })
    }

    /// `POST /orders` (`success`, `success_response.order_id` or `error_response`) or
    /// `/orders/preview` (`errs`, `order_total`, `commission_total`).
    package static func placed(_ body: JSONValue, validateOnly: Bool) -> Result<PlacedOrder, AccountError> {
        if validateOnly {
            if let first = body["errs"]?.array?.first {
                let code = first.string ?? first["error"]?.string ?? first["preview_failure_reason"]?.string ?? "error"
                return .failure(error(code: code, message: code))
            }
            let total = CoinbaseResponse.decimal(body["order_total"]).map { "total \($0)" }
            let fees = CoinbaseResponse.decimal(body["commission_total"]).map { "fees \($0)" }
            return .success(
                PlacedOrder(
                    ids: [], description: [total, fees].compactMap { $0 }.joined(separator: ", "), validatedOnly: true))
        }
        // `success` says the order was taken, whatever else the body holds (an older shape puts
        // `order_id` at the top, next to a `failure_reason` of UNKNOWN_FAILURE_REASON): taken
        // without an id it is not "refused" (the user would send it again) but unknown.
        if body["success"] == .bool(true) || body["success"] == .string("true") {
            let id = body["success_response"]?["order_id"]?.string ?? body["order_id"]?.string
            guard let id, !id.isEmpty else { return .failure(malformed("the order was accepted with no order id")) }
            return .success(PlacedOrder(ids: [TerminalText.sanitize(id)], description: nil, validatedOnly: false))
        }
        // A refusal says so (`success: false`, or an error_response); any other shape after the
        // order left is unknown, never "refused".
        guard body["success"] == .bool(false) || body["success"] == .string("false") || body["error_response"] != nil
        else { return .failure(malformed("an answer with neither success nor an error")) }
        let e = body["error_response"]
        let code =
            e?["new_order_failure_reason"]?.string ?? e?["preview_failure_reason"]?.string ?? e?["error"]?.string ?? ""
        return .failure(error(code: code, message: e?["message"]?.string ?? "the order was refused"))
    }

    package static func cancelled(_ body: JSONValue, ids: [String]) -> Result<Int, AccountError> {
        guard let results = body["results"]?.array else { return .failure(malformed("no results")) }
        let done = results.filter { $0["success"] == .bool(true) }.count
        if done == 0, ids.count == 1, let reason = results.first?["failure_reason"]?.string {
            let e = error(code: reason, message: reason)
            return .failure(
                e.naming(orderID: ids[0]))
        }
        return .success(done)
    }

    package static func malformed(_ detail: String) -> AccountError { .malformed(exchange: exchange, detail: detail) }
}
