import Foundation
import SquarestockCore
import SquarestockNetworking

/// Coinbase Advanced Trade (`https://api.coinbase.com/api/v3/brokerage`) with one CDP key:
/// accounts (paged), orders (historical batch, one order), `POST /orders` (and `/orders/preview`
/// for a dry run), `POST /orders/batch_cancel`, and the fills (paged) for `portfolio sync`. Each
/// request carries its own JWT.
package struct CoinbaseAccount: ExchangeAccount {
    package let exchange = "coinbase"
    let keyName: String
    let secretPEM: String
    let baseURL: String
    static let prefix = "/api/v3/brokerage"

    package init(credentials: ExchangeCredentials, endpoint: String?) {
        keyName = credentials.key
        secretPEM = credentials.secret
        let base = "https://api.coinbase.com"
        baseURL = endpoint.map { Endpoint.rebase(base, onto: $0) } ?? base
    }

    /// One signed request; `isOrder` makes a lost answer `statusUnknown`.
    func send(
        _ method: String, _ path: String, query: String = "", body: String? = nil, isOrder: Bool = false,
        transport: any HTTPTransport
    ) -> Result<JSONValue, AccountError> {
        guard let key = CoinbaseJWT.privateKey(secretPEM) else {
            return .failure(
                .invalidKey(
                    exchange: exchange, detail: "the private key is not an EC P-256 (ECDSA) key in PEM form",
                    advice: CoinbaseService.keyAdvice))
        }
        let host = URLComponents(string: baseURL).map { ($0.host ?? "") + ($0.port.map { ":\($0)" } ?? "") } ?? ""
        guard
            let token = CoinbaseJWT.token(
                keyName: keyName, key: key, method: method, host: host, path: Self.prefix + path,
                now: Int64(Date().timeIntervalSince1970))
        else {
            return .failure(
                .invalidKey(exchange: exchange, detail: "the key cannot sign", advice: CoinbaseService.keyAdvice))
        }
        var headers = ["Authorization: Bearer " + token, "User-Agent: " + ExchangeRequest.userAgent]
        if body != nil { headers.append("Content-Type: application/json") }
        let request = HTTPRequest(
            url: baseURL + Self.prefix + path + (query.isEmpty ? "" : "?" + query), headers: headers, method: method,
            body: body.map { Array($0.utf8) })
        switch transport.perform(request) {
        case .failure(let e):
            return .failure(AccountError.lostAnswer(e, isOrder: isOrder, exchange: exchange))
        case .success(let response):
            // A server error after an order left does not say the order was not placed.
            if isOrder && response.status >= 500 {
                return .failure(
                    .statusUnknown(exchange: exchange, detail: "HTTP \(response.status) after the order was sent"))
            }
            return CoinbaseAccountDecoder.answer(response, path: path)
        }
    }

    package func balances(transport: any HTTPTransport) -> Result<[AssetBalance], AccountError> {
        var all: [AssetBalance] = []
        var cursor = ""
        for _ in 0..<20 {
            let query = "limit=250" + (cursor.isEmpty ? "" : "&cursor=" + Endpoint.encode(cursor))
            switch send("GET", "/accounts", query: query, transport: transport).flatMap(CoinbaseAccountDecoder.accounts)
            {
            case .failure(let e): return .failure(e)
            case .success(let page):
                all += page.balances
                guard let next = page.next, !next.isEmpty else { return .success(all.sorted { $0.asset < $1.asset }) }
                cursor = next
            }
        }
        return .success(all.sorted { $0.asset < $1.asset })
    }

    package func openOrders(transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        send("GET", "/orders/historical/batch", query: "order_status=OPEN&limit=250", transport: transport)
            .flatMap(CoinbaseAccountDecoder.orders)
    }

    package func closedOrders(limit: Int, transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        send(
            "GET", "/orders/historical/batch",
            query: "order_status=FILLED&order_status=CANCELLED&order_status=EXPIRED&limit=\(limit)",
            transport: transport
        ).flatMap(CoinbaseAccountDecoder.orders).map { Array($0.prefix(limit)) }
    }

    package func order(id: String, transport: any HTTPTransport) -> Result<AccountOrder, AccountError> {
        send("GET", "/orders/historical/" + Endpoint.encode(id), transport: transport)
            .mapError { $0.naming(orderID: id) }
            .flatMap {
                CoinbaseAccountDecoder.order($0["order"]).map { .success($0) }
                    ?? .failure(.unknownOrder(exchange: exchange, id: id))
            }
    }

    package func place(
        _ request: OrderRequest, listing: PairListing, validateOnly: Bool, transport: any HTTPTransport
    ) -> Result<PlacedOrder, AccountError> {
        let configuration: String
        if let price = request.limitPrice {
            configuration =
                "{\"limit_limit_gtc\":{\"base_size\":\"\(request.amount)\",\"limit_price\":\"\(price)\",\"post_only\":false}}"
        } else {
            configuration = "{\"market_market_ioc\":{\"base_size\":\"\(request.amount)\"}}"
        }
        let clientID = UUID().uuidString.lowercased()
        let body =
            "{" + (validateOnly ? "" : "\"client_order_id\":\"\(clientID)\",")
            + "\"product_id\":\(JSONText.quoted(listing.nativeName)),\"side\":\"\(request.side == .buy ? "BUY" : "SELL")\","
            + "\"order_configuration\":\(configuration)}"
        return send(
            "POST", validateOnly ? "/orders/preview" : "/orders", body: body, isOrder: !validateOnly,
            transport: transport
        ).flatMap { CoinbaseAccountDecoder.placed($0, validateOnly: validateOnly) }
    }

    package func cancel(id: String, transport: any HTTPTransport) -> Result<Int, AccountError> {
        send(
            "POST", "/orders/batch_cancel", body: "{\"order_ids\":[\(JSONText.quoted(id))]}", isOrder: true,
            transport: transport
        )
        .flatMap { CoinbaseAccountDecoder.cancelled($0, ids: [id]) }
    }

    package func cancelAll(transport: any HTTPTransport) -> Result<Int, AccountError> {
        openOrders(transport: transport).flatMap { orders in
            guard !orders.isEmpty else { return .success(0) }
            let ids = orders.map(\.id)
            return send(
                "POST", "/orders/batch_cancel",
                body: "{\"order_ids\":[" + ids.map(JSONText.quoted).joined(separator: ",") + "]}", isOrder: true,
                transport: transport
            ).flatMap { CoinbaseAccountDecoder.cancelled($0, ids: ids) }
        }
    }

    /// `GET /transaction_summary`: `{"fee_tier":{"taker_fee_rate":"0.006",...}}`, a fraction.
    package func takerFee(_ listing: PairListing, transport: any HTTPTransport) -> ExactDecimal? {
        guard let body = try? send("GET", "/transaction_summary", transport: transport).get() else { return nil }
        return CoinbaseResponse.decimal(body["fee_tier"]?["taker_fee_rate"])
    }

    /// `GET /orders/historical/fills?limit=100[&cursor=C][&start_sequence_timestamp=T]`.
    package func movements(since: Instant?, cursor: String?, transport: any HTTPTransport) -> Result<
        AccountMovement.Page, AccountError
    > {
        var query = ["limit=100"]
        if let cursor { query.append("cursor=" + Endpoint.encode(cursor)) }
        if let since {
            let t = CivilDateTime(secondsSinceEpochUTC: since.secondsSinceEpoch).iso8601(offsetSeconds: nil)
            query.append("start_sequence_timestamp=" + Endpoint.encode(t))
        }
        return send("GET", "/orders/historical/fills", query: query.joined(separator: "&"), transport: transport)
            .flatMap(CoinbaseFillsDecoder.page)
    }
}
