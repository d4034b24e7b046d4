import Foundation
import SquarestockCore

/// TradeOgre API v1's private calls on 127.0.0.1: HTTP Basic `key:secret` checked on each
/// (`{"success":false,"error":"Must be authorized"}` otherwise, with HTTP 200 as TradeOgre
/// answered), balances and limit orders in memory, TradeOgre's answers and error sentences.
/// Public paths go to `TradeOgreReplay`.
public final class TradeOgrePrivateFake: @unchecked Sendable {
    let authorization: String
    private let lock = NSLock()
    private var balances: [String: (ExactDecimal, ExactDecimal)]
    private var orders: [String: (market: String, type: String, price: ExactDecimal, quantity: ExactDecimal)] = [:]
    private var next = 1
    public private(set) var orderRequests = 0
    /// The `quantity` field of each order request, as sent.
    public private(set) var sentQuantities: [String] = []
    /// An HTTP status (500, 502) answered with an HTML page instead of an order's success once it
    /// is placed.
    public var orderAnswerStatus: Int?
    /// Answered (HTTP 200) instead of an order's success once it is placed: a proxy's page, an
    /// answer that cannot be read.
    public var orderAnswerBody: String?
    /// Seconds an order's answer waits once the order is placed (a slow exchange, for an
    /// interrupt while the order is in flight).
    public var orderDelay: Double?
    private let placed = DispatchSemaphore(value: 0)

    /// Waits for an order to be placed (the event; `seconds` bounds a failure only).
    public func waitForOrder(seconds: Double = 60) -> Bool {
        placed.wait(timeout: .now() + seconds) == .success
    }
    /// A cancel answers success and cancels nothing.
    public var cancelsNothing = false
    /// Orders the fake holds (placed and not cancelled).
    public var orderCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return orders.count
    }

    public init(key: String, secret: String, balances: [String: String]) {
        authorization = "Basic " + Data((key + ":" + secret).utf8).base64EncodedString()
        self.balances = balances.mapValues { (ExactDecimal($0)!, .zero) }
    }

    public func server() throws -> LoopbackHTTPServer {
        let routes = TradeOgreReplay.routes()
        return try LoopbackHTTPServer { request in
            let p = request.path
            if p.hasPrefix("/api/v1/account/") || p.hasPrefix("/api/v1/order/") { return self.handle(request) }
            return routes.respond(to: request)
        }
    }

    func handle(_ request: LoopbackRequest) -> LoopbackResponse {
        lock.lock()
        defer { lock.unlock() }
        guard request.header("Authorization") == authorization else { return fail("Must be authorized") }
        let form = KrakenPrivateFake.form(String(decoding: request.body, as: UTF8.self))
        let path = String(request.path.dropFirst("/api/v1".count))
        switch path {
        case "/account/balances":
            let items = balances.keys.sorted().map { "\"\($0)\":\"\(balances[$0]!.0)\"" }
            return ok("{\"success\":true,\"balances\":{" + items.joined(separator: ",") + "}}")
        case "/account/balance":
            guard let c = form["currency"], let (total, held) = balances[c] else { return fail("Currency not found") }
            return ok("{\"success\":true,\"balance\":\"\(total)\",\"available\":\"\((total - held)!)\"}")
        case "/account/orders":
            let items = orders.keys.sorted().map { id -> String in
                let o = orders[id]!
                return
                    "{\"uuid\":\"\(id)\",\"date\":1710696146,\"type\":\"\(o.type)\",\"price\":\"\(o.price)\",\"quantity\":\"\(o.quantity)\",\"market\":\"\(o.market)\"}"
            }
            return ok("[" + items.joined(separator: ",") + "]")
        case "/order/buy", "/order/sell":
            orderRequests += 1
            sentQuantities.append(form["quantity"] ?? "")
            guard form["market"] == "BTC-XMR", let q = form["quantity"].flatMap(ExactDecimal.init),
                let price = form["price"].flatMap(ExactDecimal.init)
            else { return fail("Market not found") }
            let type = path == "/order/buy" ? "buy" : "sell"
            let (spend, amount) = type == "buy" ? ("BTC", (q * price)!) : ("XMR", q)
            let (total, held) = balances[spend] ?? (.zero, .zero)
            if amount > (total - held)! { return fail("Insufficient funds") }
            balances[spend] = (total, (held + amount)!)
            let id = String(format: "aaaaaaaa-bbbb-cccc-dddd-%012d", next)
            next += 1
            orders[id] = ("BTC-XMR", type, price, q)
            placed.signal()
            if let body = orderAnswerBody { return .text(body, contentType: "text/html") }
            if let status = orderAnswerStatus {
                return .text("<html><title>\(status) Internal Server Error</title></html>", status: status)
            }
            let answer = ok("{\"success\":true,\"uuid\":\"\(id)\",\"bnewbalavail\":\"0\",\"snewbalavail\":\"0\"}")
            return orderDelay.map { answer.with(.delay(seconds: $0)) } ?? answer
        case "/order/cancel":
            let ids = form["uuid"] == "all" ? Array(orders.keys) : [form["uuid"] ?? ""]
            guard ids.allSatisfy({ orders[$0] != nil }) else { return fail("Order not found") }
            for id in ids where !cancelsNothing { orders[id] = nil }
            return ok("{\"success\":true}")
        default:
            if path.hasPrefix("/account/order/") {
                let id = String(path.dropFirst("/account/order/".count))
                guard let o = orders[id] else { return fail("Order not found") }
                return ok(
                    "{\"success\":\"true\",\"date\":\"1710696146\",\"type\":\"\(o.type)\",\"market\":\"\(o.market)\",\"price\":\"\(o.price)\",\"quantity\":\"\(o.quantity)\",\"fulfilled\":\"0.00000000\"}"
                )
            }
            return fail("Not found")
        }
    }

    func ok(_ s: String) -> LoopbackResponse { .text(s, contentType: "application/json") }
    func fail(_ message: String) -> LoopbackResponse { ok("{\"success\":false,\"error\":\"\(message)\"}") }
}
