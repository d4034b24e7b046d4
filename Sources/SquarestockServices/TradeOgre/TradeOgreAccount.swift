import Foundation
import SquarestockCore
import SquarestockNetworking

/// TradeOgre API v1's private calls with HTTP Basic credentials (key:secret): balances (totals,
/// then each currency's available amount), open orders, one order, limit buy and sell, cancel
/// (`uuid=all` for all). It has no market orders, no validation, no closed-order history; those
/// are said to be unsupported. No live host since July 2025: `--endpoint` only.
package struct TradeOgreAccount: ExchangeAccount {
    package let exchange = "tradeogre"
    let authorization: String
    let baseURL: String?
    let pairs: @Sendable (String) -> TradingPair?

    package init(
        credentials: ExchangeCredentials, endpoint: String?, pairs: @escaping @Sendable (String) -> TradingPair?
    ) {
        let token = Data((credentials.key + ":" + credentials.secret).utf8).base64EncodedString()
        // The whole token too: the key's and the secret's own base64 cores leave a few
        // characters at their edges, which a server echoing the header showed.
        SecretRedactor.shared.register(token)
        authorization = "Basic " + token
        baseURL = endpoint.map { Endpoint.rebase("http://localhost/api/v1", onto: $0) }
        self.pairs = pairs
    }

    func send(
        _ method: String, _ path: String, form: [(String, String)] = [], isOrder: Bool = false,
        transport: any HTTPTransport
    ) -> Result<JSONValue, AccountError> {
        send([(method, path, form)], isOrder: isOrder, transport: transport)[0]
    }

    /// Several calls in one concurrent batch, each answer in the order asked.
    func send(
        _ calls: [(method: String, path: String, form: [(String, String)])], isOrder: Bool = false,
        transport: any HTTPTransport
    ) -> [Result<JSONValue, AccountError>] {
        guard let baseURL else {
            let noHost = AccountError.rejected(
                exchange: exchange,
                message:
                    "it has no live host (offline since July 2025); give --endpoint URL of a server speaking its API")
            return calls.map { _ in .failure(noHost) }
        }
        let requests = calls.map { call -> HTTPRequest in
            let body = call.form.map { Endpoint.encode($0.0) + "=" + Endpoint.encode($0.1) }.joined(separator: "&")
            var headers = ["Authorization: " + authorization, "User-Agent: " + ExchangeRequest.userAgent]
            if call.method == "POST" { headers.append("Content-Type: application/x-www-form-urlencoded") }
            return HTTPRequest(
                url: baseURL + call.path, headers: headers, method: call.method,
                body: call.method == "POST" ? Array(body.utf8) : nil)
        }
        return transport.perform(requests).map { answer in
            switch answer {
            case .failure(let e): return .failure(.lostAnswer(e, isOrder: isOrder, exchange: exchange))
            case .success(let r):
                // A server error after an order left does not say the order was not placed.
                if isOrder && r.status >= 500 {
                    return .failure(
                        .statusUnknown(exchange: exchange, detail: "HTTP \(r.status) after the request was sent"))
                }
                if isOrder, let unread = AccountError.unreadableRefusal(r, exchange: exchange) {
                    return .failure(unread)
                }
                return TradeOgreAccountDecoder.answer(r)
            }
        }
    }

    /// The totals, then every held currency's available amount in one batch.
    package func balances(transport: any HTTPTransport) -> Result<[AssetBalance], AccountError> {
        send("GET", "/account/balances", transport: transport).flatMap(TradeOgreAccountDecoder.totals).flatMap {
            all in
            let totals = all.filter { !$0.1.isZero }
            let answers = send(totals.map { ("POST", "/account/balance", [("currency", $0.0)]) }, transport: transport)
            var out: [AssetBalance] = []
            for ((currency, total), answer) in zip(totals, answers) {
                switch answer.flatMap(TradeOgreAccountDecoder.available) {
                case .failure(let e): return .failure(e)
                case .success(let a):
                    out.append(AssetBalance(asset: currency, total: total, available: a, held: (total - a) ?? .zero))
                }
            }
            return .success(out)
        }
    }

    package func openOrders(transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        send("POST", "/account/orders", transport: transport).flatMap {
            TradeOgreAccountDecoder.orders($0, pairs: pairs)
        }
    }

    package func closedOrders(limit: Int, transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        .failure(.notSupported(exchange: exchange, what: "a history of closed orders"))
    }

    package func order(id: String, transport: any HTTPTransport) -> Result<AccountOrder, AccountError> {
        send("GET", "/account/order/" + Endpoint.encode(id), transport: transport)
            .mapError { $0.naming(orderID: id) }
            .flatMap { body in
                TradeOgreAccountDecoder.order(id: id, body, pairs: pairs).map { .success($0) }
                    ?? .failure(.malformed(exchange: exchange, detail: "the order lacks its market, type or quantity"))
            }
    }

    package func place(
        _ request: OrderRequest, listing: PairListing, validateOnly: Bool, transport: any HTTPTransport
    ) -> Result<PlacedOrder, AccountError> {
        guard !validateOnly else {
            return .failure(.notSupported(exchange: exchange, what: "validating an order (--dry-run)"))
        }
        guard let price = request.limitPrice else {
            return .failure(.notSupported(exchange: exchange, what: "market orders; give --limit PRICE"))
        }
        return send(
            "POST", request.side == .buy ? "/order/buy" : "/order/sell",
            form: [
                ("market", listing.nativeName), ("quantity", request.amount.description), ("price", price.description),
            ],
            isOrder: true, transport: transport
        ).flatMap { body in
            guard let id = body["uuid"]?.string else {
                return .failure(.malformed(exchange: exchange, detail: "the order answer has no uuid"))
            }
            return .success(PlacedOrder(ids: [TerminalText.sanitize(id)], description: nil, validatedOnly: false))
        }
    }

    package func cancel(id: String, transport: any HTTPTransport) -> Result<Int, AccountError> {
        send("POST", "/order/cancel", form: [("uuid", id)], isOrder: true, transport: transport)
            .mapError { $0.naming(orderID: id) }
            .map { _ in 1 }
    }

    /// `uuid=all`, then the open orders read again: the count is those no longer open (it was
    /// the count listed before, whatever the exchange did).
    package func cancelAll(transport: any HTTPTransport) -> Result<Int, AccountError> {
        openOrders(transport: transport).flatMap { open in
            send("POST", "/order/cancel", form: [("uuid", "all")], isOrder: true, transport: transport).flatMap { _ in
                guard case .success(let left) = openOrders(transport: transport) else {
                    return .failure(
                        .statusUnknown(
                            exchange: exchange, detail: "the open orders could not be read after the cancellation"))
                }
                let still = Set(left.map(\.id))
                return .success(open.filter { !still.contains($0.id) }.count)
            }
        }
    }
}
