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

    /// One signed request; `isOrder` makes a lost answer `statusUnknown`. `root` is Advanced
    /// Trade's, or the wallet API's (`/v2`) for the deposits, withdrawals and rewards.
    func send(
        _ method: String, _ path: String, query: String = "", body: String? = nil, isOrder: Bool = false,
        root: String = Self.prefix, transport: any HTTPTransport
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
                keyName: keyName, key: key, method: method, host: host, path: root + path,
                now: Int64(Date().timeIntervalSince1970))
        else {
            return .failure(
                .invalidKey(exchange: exchange, detail: "the key cannot sign", advice: CoinbaseService.keyAdvice))
        }
        // The token signs this request for two minutes: one echoed in an error is kept out of the
        // message as the key is.
        SecretRedactor.shared.registerPassing(token)
        var headers = ["Authorization: Bearer " + token, "User-Agent: " + ExchangeRequest.userAgent]
        if body != nil { headers.append("Content-Type: application/json") }
        let request = HTTPRequest(
            url: baseURL + root + path + (query.isEmpty ? "" : "?" + query), headers: headers, method: method,
            body: body.map { Array($0.utf8) })
        switch transport.perform(request) {
        case .failure(let e):
            return .failure(AccountError.lostAnswer(e, isOrder: isOrder, exchange: exchange))
        case .success(let response):
            // A server error or a proxy's page after an order left does not say it was not placed.
            if isOrder, let unclear = AccountError.unclearAfterSending(response, exchange: exchange) {
                return .failure(unclear)
            }
            return CoinbaseAccountDecoder.answer(response, path: path)
        }
    }

    /// Every page of `GET /accounts`. A cursor met before (a page served twice would count its
    /// balances twice, and the order preview would pass orders against money not there) or more
    /// pages than any account has is an error, never a silently short or doubled list.
    package func balances(transport: any HTTPTransport) -> Result<[AssetBalance], AccountError> {
        var all: [AssetBalance] = []
        var cursor = ""
        var seen: Set<String> = []
        for _ in 0..<Self.balancePages {
            let query = "limit=250" + (cursor.isEmpty ? "" : "&cursor=" + Endpoint.encode(cursor))
            switch send("GET", "/accounts", query: query, transport: transport).flatMap(CoinbaseAccountDecoder.accounts)
            {
            case .failure(let e): return .failure(e)
            case .success(let page):
                all += page.balances
                guard let next = page.next, !next.isEmpty else { return .success(all.sorted { $0.asset < $1.asset }) }
                guard seen.insert(next).inserted else {
                    return .failure(
                        .malformed(exchange: exchange, detail: "the accounts' pages repeat (cursor met twice)"))
                }
                cursor = next
            }
        }
        return .failure(
            .malformed(exchange: exchange, detail: "more than \(Self.balancePages) pages of accounts; none is shown"))
    }

    /// Pages of 250 accounts read at most (5,000 accounts).
    static let balancePages = 20

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

    /// The account's history in two parts, one page a call: Advanced Trade's fills (`GET
    /// /orders/historical/fills?limit=100[&cursor=C][&start_sequence_timestamp=T]`), then every
    /// wallet's transactions (`GET /v2/accounts`, then `GET /v2/accounts/ID/transactions`, newest
    /// first, down to `since`), for the deposits, withdrawals and rewards. The cursor says where the next call
    /// starts: `fills:C`, `wallets:`, or `tx:AFTER|ID,ID,...` (the wallets still to read, the
    /// first one's page after AFTER). The wallet API has no time filter: `since` is applied here, and ends a wallet's reading.
    package func movements(since: Instant?, cursor: String?, transport: any HTTPTransport) -> Result<
        AccountMovement.Page, AccountError
    > {
        let cursor = cursor ?? "fills:"
        if cursor.hasPrefix("fills:") {
            var query = ["limit=100"]
            let after = cursor.dropFirst("fills:".count)
            if !after.isEmpty { query.append("cursor=" + Endpoint.encode(String(after))) }
            if let since {
                let t = CivilDateTime(secondsSinceEpochUTC: since.secondsSinceEpoch).iso8601(offsetSeconds: nil)
                query.append("start_sequence_timestamp=" + Endpoint.encode(t))
            }
            return send("GET", "/orders/historical/fills", query: query.joined(separator: "&"), transport: transport)
                .flatMap(CoinbaseFillsDecoder.page)
                .map { page in
                    AccountMovement.Page(
                        movements: page.movements, next: page.next.map { "fills:" + $0 } ?? "wallets:",
                        tradesComplete: page.next == nil)
                }
        }
        if cursor.hasPrefix("wallets:") {
            // Every wallet's id (a few pages of 100: one per currency the account has used).
            var ids: [String] = []
            var after: String?
            for _ in 0..<50 {
                let query = "limit=100" + (after.map { "&starting_after=" + Endpoint.encode($0) } ?? "")
                switch send("GET", "/accounts", query: query, root: "/v2", transport: transport)
                    .flatMap(CoinbaseWalletsDecoder.wallets)
                {
                case .failure(let e): return .failure(e)
                case .success(let page):
                    ids += page.ids
                    after = page.next
                }
                if after == nil { break }
            }
            return .success(
                AccountMovement.Page(movements: [], next: ids.isEmpty ? nil : "tx:|" + ids.joined(separator: ",")))
        }
        guard cursor.hasPrefix("tx:"), let bar = cursor.firstIndex(of: "|") else {
            return .failure(.malformed(exchange: exchange, detail: "a history cursor squarestock did not write"))
        }
        let after = String(cursor[cursor.index(cursor.startIndex, offsetBy: 3)..<bar])
        var wallets = cursor[cursor.index(after: bar)...].split(separator: ",").map(String.init)
        guard let wallet = wallets.first else { return .success(AccountMovement.Page(movements: [], next: nil)) }
        // Newest first, so a sync `since` a day stops at it instead of reading the wallet's whole past.
        let query = "limit=100&order=desc" + (after.isEmpty ? "" : "&starting_after=" + Endpoint.encode(after))
        return send(
            "GET", "/accounts/" + Endpoint.encode(wallet) + "/transactions", query: query, root: "/v2",
            transport: transport
        ).flatMap(CoinbaseWalletsDecoder.transactions).map { page in
            let kept = page.movements.filter { m in since.map { m.time >= $0 } ?? true }
            if let next = page.next, kept.count == page.movements.count {
                return AccountMovement.Page(movements: kept, next: "tx:" + next + "|" + wallets.joined(separator: ","))
            }
            wallets.removeFirst()
            return AccountMovement.Page(
                movements: kept, next: wallets.isEmpty ? nil : "tx:|" + wallets.joined(separator: ","))
        }
    }

    /// Calls a sync makes at once before pacing itself: Advanced Trade allows 30 private
    /// requests a second, the wallet API 10,000 an hour (about 2.8 a second).
    package var historyPacing: (burst: Int, interval: Double) { (25, 0.4) }
}
