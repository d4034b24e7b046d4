import Crypto
import Foundation
import SquarestockCore

/// Coinbase Advanced Trade's private API on 127.0.0.1. Every request must carry a JWT that
/// Coinbase would take: ES256 over the documented header (`alg`, `kid`, `nonce`, `typ`) and
/// claims (`iss` "cdp", `sub` = `kid` = the key name, `nbf` <= now < `exp`, at most 120 s, `uri`
/// = method, host and path of this very request), verified with the key's public half; anything
/// else is HTTP 401 `Unauthorized`. Accounts (paged one per page, to exercise the cursor) and
/// orders live in memory. Public paths go to `CoinbaseReplay`.
public final class CoinbasePrivateFake: @unchecked Sendable {
    struct Order {
        var product: String
        var side: String
        var size: ExactDecimal
        var price: ExactDecimal?
        var status: String
        var created: String
    }

    let keyName: String
    let publicKey: P256.Signing.PublicKey
    private let lock = NSLock()
    /// Currency → (available, hold).
    private var accounts: [String: (ExactDecimal, ExactDecimal)]
    private var orders: [String: Order] = [:]
    private var next = 1
    /// Why the last refused JWT was refused, for test messages.
    public private(set) var lastRefusal: String?
    public private(set) var orderRequests = 0
    /// `ORDER_ENTRY_DISABLED` for every order when set.
    public var entryDisabled = false
    /// Held as the "trade" permission: without it, order calls are HTTP 403.
    public var canTrade = true
    /// An HTTP status (500, 503) answered instead of an order's success once it is placed.
    public var orderAnswerStatus: Int?
    /// A page that is not Coinbase's JSON (a proxy's HTML, with its status) answered instead of
    /// an order's success once it is placed.
    public var orderAnswerPage: (status: Int, body: String)?
    /// Answers a placed order in another shape: `"top"` (the older one, `order_id` at the top
    /// next to `failure_reason: UNKNOWN_FAILURE_REASON`) or `"bare"` (`success` and nothing else).
    public var orderAnswerShape: String?
    /// Every page of accounts says there is a next one, at the same cursor.
    public var stuckCursor = false
    /// Orders the fake holds, whatever their status.
    public var orderCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return orders.count
    }

    /// The account's fills, oldest first, in Coinbase's shape; served `fillsPerPage` at a time.
    public var fills: [[String: Any]] = []
    public var fillsPerPage = 100
    /// The wallet API's (`/v2`) wallets by id, each with its transactions, oldest first, in
    /// Coinbase's shape; served `walletPageSize` wallets and `transactionsPerPage` transactions
    /// at a time, paged by `starting_after` as Coinbase pages them.
    public var wallets: [(id: String, transactions: [[String: Any]])] = []
    public var walletPageSize = 100
    public var transactionsPerPage = 100
    /// The wallet API paths asked, in order, for tests of what a sync reads.
    public private(set) var walletRequests: [String] = []

    public init(keyName: String, publicKey: P256.Signing.PublicKey, accounts: [String: String]) {
        self.keyName = keyName
        self.publicKey = publicKey
        self.accounts = accounts.mapValues { (ExactDecimal($0)!, .zero) }
    }

    public func server() throws -> LoopbackHTTPServer {
        let routes = CoinbaseReplay.routes()
        let holder = ServerAddress()
        let server = try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/api/v3/brokerage/") || request.path.hasPrefix("/v2/") {
                return self.handle(request, host: holder.host)
            }
            return routes.respond(to: request)
        }
        holder.host = String(server.baseURL.dropFirst("http://".count))
        return server
    }

    final class ServerAddress: @unchecked Sendable { var host = "" }

    func handle(_ request: LoopbackRequest, host: String) -> LoopbackResponse {
        lock.lock()
        defer { lock.unlock() }
        if let why = refusal(request, host: host) {
            lastRefusal = why
            return .text("Unauthorized", status: 401)
        }
        if request.path.hasPrefix("/v2/") { return wallet(request) }
        let path = String(request.path.dropFirst("/api/v3/brokerage".count))
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
        switch (request.method, path) {
        case ("GET", "/accounts"): return accountsPage(cursor: request.queryItem("cursor"))
        case ("GET", "/transaction_summary"):
            return json([
                "total_volume": 0, "total_fees": 0,
                "fee_tier": ["pricing_tier": "Advanced 1", "taker_fee_rate": "0.012", "maker_fee_rate": "0.006"],
            ])
        case ("GET", "/orders/historical/fills"):
            // Pages of `fillsPerPage`, the cursor the next fill's index, as Coinbase pages them.
            let from = request.queryItem("cursor").flatMap { Int($0) } ?? 0
            let page = Array(fills.dropFirst(from).prefix(fillsPerPage))
            let next = from + page.count < fills.count ? String(from + page.count) : ""
            return json(["fills": page, "cursor": next])
        case ("GET", "/orders/historical/batch"):
            let open = request.query?.contains("order_status=OPEN") ?? false
            return json([
                "orders": orders.keys.sorted().compactMap { id in
                    orders[id].flatMap { (open == ($0.status == "OPEN")) ? orderJSON(id, $0) : nil }
                }, "has_next": false,
            ])
        case ("GET", _) where path.hasPrefix("/orders/historical/"):
            let id = String(path.dropFirst("/orders/historical/".count))
            guard let o = orders[id] else {
                return json(["error": "NOT_FOUND", "message": "order not found"], status: 404)
            }
            return json(["order": orderJSON(id, o)])
        case ("POST", "/orders"), ("POST", "/orders/preview"):
            guard canTrade else {
                return json(["error": "PERMISSION_DENIED", "message": "Missing required scopes"], status: 403)
            }
            return placeOrder(body, preview: path == "/orders/preview")
        case ("POST", "/orders/batch_cancel"):
            guard canTrade else {
                return json(["error": "PERMISSION_DENIED", "message": "Missing required scopes"], status: 403)
            }
            let ids = body["order_ids"] as? [String] ?? []
            return json([
                "results": ids.map { id -> [String: Any] in
                    guard let o = orders[id], o.status == "OPEN" else {
                        return ["success": false, "failure_reason": "UNKNOWN_CANCEL_ORDER", "order_id": id]
                    }
                    release(o)
                    orders[id]?.status = "CANCELLED"
                    return ["success": true, "failure_reason": "UNKNOWN_CANCEL_FAILURE_REASON", "order_id": id]
                }
            ])
        default:
            return json(["error": "NOT_FOUND", "message": "no such endpoint"], status: 404)
        }
    }

    /// `GET /v2/accounts` and `GET /v2/accounts/ID/transactions`, paged by `starting_after` (the
    /// last id of the page before), with `pagination.next_uri` as Coinbase writes it.
    func wallet(_ request: LoopbackRequest) -> LoopbackResponse {
        walletRequests.append(request.path)
        func page(_ ids: [String], size: Int, uri: String) -> (range: Range<Int>, pagination: [String: Any]) {
            let after = request.queryItem("starting_after")
            let from = after.flatMap { a in ids.firstIndex(of: a).map { $0 + 1 } } ?? 0
            let to = min(ids.count, from + size)
            let next: Any = to < ids.count ? "\(uri)?limit=\(size)&starting_after=\(ids[to - 1])" : NSNull()
            return (from..<to, ["limit": size, "order": "asc", "next_uri": next, "previous_uri": NSNull()])
        }
        let parts = request.path.split(separator: "/").map(String.init)
        if parts == ["v2", "accounts"] {
            let (range, pagination) = page(wallets.map(\.id), size: walletPageSize, uri: "/v2/accounts")
            return json([
                "pagination": pagination,
                "data": wallets[range].map { ["id": $0.id, "type": "wallet", "currency": ["code": "X"]] },
            ])
        }
        guard parts.count == 4, parts[3] == "transactions", let w = wallets.first(where: { $0.id == parts[2] }) else {
            return json(["errors": [["id": "not_found", "message": "Not found"]]], status: 404)
        }
        // `order=desc` (Coinbase's default) serves the newest first.
        let listed = request.queryItem("order") == "asc" ? w.transactions : w.transactions.reversed()
        let ids = listed.map { $0["id"] as? String ?? "" }
        let (range, pagination) = page(ids, size: transactionsPerPage, uri: request.path)
        return json(["pagination": pagination, "data": Array(listed[range])])
    }

    /// Nil when the JWT is one Coinbase would take for this request.
    func refusal(_ request: LoopbackRequest, host: String) -> String? {
        guard let auth = request.header("Authorization"), auth.hasPrefix("Bearer ") else { return "no bearer token" }
        let parts = auth.dropFirst(7).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Self.base64URL(parts[0]), let claimsData = Self.base64URL(parts[1]),
            let signature = Self.base64URL(parts[2]),
            let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
            let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
        else { return "not a JWT" }
        guard header["alg"] as? String == "ES256", header["typ"] as? String == "JWT",
            header["kid"] as? String == keyName, (header["nonce"] as? String).map({ !$0.isEmpty }) == true
        else { return "bad header \(header)" }
        let now = Int(Date().timeIntervalSince1970)
        guard claims["iss"] as? String == "cdp", claims["sub"] as? String == keyName,
            let nbf = claims["nbf"] as? Int, let exp = claims["exp"] as? Int, nbf <= now + 5, now < exp,
            exp - nbf <= 120
        else { return "bad claims \(claims)" }
        let uri = request.method + " " + host + request.path
        guard claims["uri"] as? String == uri else { return "uri \(claims["uri"] ?? "none") is not \(uri)" }
        guard let sig = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            publicKey.isValidSignature(sig, for: Data((parts[0] + "." + parts[1]).utf8))
        else { return "bad signature" }
        return nil
    }

    func accountsPage(cursor: String?) -> LoopbackResponse {
        let names = accounts.keys.sorted()
        let index = cursor.flatMap(Int.init) ?? 0
        guard index < names.count else { return json(["accounts": [], "has_next": false, "cursor": ""]) }
        let c = names[index]
        let (available, hold) = accounts[c]!
        let account: [String: Any] = [
            "uuid": "acct-\(c.lowercased())", "name": "\(c) Wallet", "currency": c,
            "available_balance": ["value": available.description, "currency": c],
            "hold": ["value": hold.description, "currency": c], "active": true, "type": "ACCOUNT_TYPE_CRYPTO",
        ]
        let more = index + 1 < names.count
        if stuckCursor { return json(["accounts": [account], "has_next": true, "cursor": "same", "size": 1]) }
        return json(["accounts": [account], "has_next": more, "cursor": more ? String(index + 1) : "", "size": 1])
    }

    func placeOrder(_ body: [String: Any], preview: Bool) -> LoopbackResponse {
        orderRequests += 1
        guard let product = body["product_id"] as? String, product == "BTC-USD", let side = body["side"] as? String,
            let config = body["order_configuration"] as? [String: Any]
        else { return json(["error": "INVALID_ARGUMENT", "message": "bad order"], status: 400) }
        let limit = config["limit_limit_gtc"] as? [String: Any]
        let market = config["market_market_ioc"] as? [String: Any]
        guard let size = ((limit ?? market)?["base_size"] as? String).flatMap(ExactDecimal.init) else {
            return json(["error": "INVALID_ARGUMENT", "message": "no base_size"], status: 400)
        }
        let price = (limit?["limit_price"] as? String).flatMap(ExactDecimal.init) ?? ExactDecimal(60_000)
        let cost = (size * price)!
        let (spend, amount) = side == "BUY" ? ("USD", cost) : ("BTC", size)
        let failure: String? =
            entryDisabled
            ? "ORDER_ENTRY_DISABLED" : (amount > (accounts[spend]?.0 ?? .zero) ? "INSUFFICIENT_FUND" : nil)
        if preview {
            return json([
                "order_total": cost.description, "commission_total": "0.60",
                "errs": failure.map { ["PREVIEW_" + $0] } ?? [], "warning": [],
            ])
        }
        if let failure {
            return json([
                "success": false,
                "error_response": ["error": failure, "message": failure, "new_order_failure_reason": failure],
            ])
        }
        let id = String(format: "11111111-2222-3333-4444-%012d", next)
        next += 1
        orders[id] = Order(
            product: product, side: side, size: size, price: limit == nil ? nil : price, status: "OPEN",
            created: "2026-09-25T12:00:0\(min(next, 9)).123456Z")
        let (available, hold) = accounts[spend] ?? (.zero, .zero)
        accounts[spend] = ((available - amount)!, (hold + amount)!)
        if let status = orderAnswerStatus {
            return json(["error": "INTERNAL", "message": "internal error"], status: status)
        }
        if let page = orderAnswerPage { return .text(page.body, status: page.status, contentType: "text/html") }
        switch orderAnswerShape {
        case "top"?: return json(["success": true, "failure_reason": "UNKNOWN_FAILURE_REASON", "order_id": id])
        case "bare"?: return json(["success": true])
        case "empty"?: return json([:])
        default:
            return json(["success": true, "success_response": ["order_id": id, "product_id": product, "side": side]])
        }
    }

    func release(_ o: Order) {
        let (spend, amount) = o.side == "BUY" ? ("USD", (o.size * (o.price ?? .zero))!) : ("BTC", o.size)
        if let (available, hold) = accounts[spend] { accounts[spend] = ((available + amount)!, (hold - amount)!) }
    }

    func orderJSON(_ id: String, _ o: Order) -> [String: Any] {
        var config: [String: Any] = ["market_market_ioc": ["base_size": o.size.description]]
        if let p = o.price {
            config = [
                "limit_limit_gtc": ["base_size": o.size.description, "limit_price": p.description, "post_only": false]
            ]
        }
        return [
            "order_id": id, "product_id": o.product, "side": o.side, "status": o.status, "order_configuration": config,
            "filled_size": "0", "average_filled_price": "0", "created_time": o.created,
        ]
    }

    func json(_ object: [String: Any], status: Int = 200) -> LoopbackResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return LoopbackResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(data))
    }

    static func base64URL(_ s: String) -> Data? {
        var b = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b.count % 4 != 0 { b += "=" }
        return Data(base64Encoded: b)
    }
}
