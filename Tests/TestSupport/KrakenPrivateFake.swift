import Crypto
import Foundation
import SquarestockCore

/// Kraken's private REST API on 127.0.0.1, strict where Kraken is: every call must carry a known
/// `API-Key` and an `API-Sign` that verifies (computed here independently of the product's
/// signer), and a nonce larger than the last one seen for that key (`EAPI:Invalid nonce`
/// otherwise). Balances and orders live in memory; AddOrder checks the pair, the minimum, the
/// funds and the market mode as Kraken does and answers in Kraken's shapes, so each rejection the
/// CLI explains can be produced. Public paths (AssetPairs, Ticker) go to `KrakenReplay`.
public final class KrakenPrivateFake: @unchecked Sendable {
    public struct Key: Sendable {
        public var secret: String
        /// Methods the key may call; nil for all.
        public var allowed: Set<String>?
        public init(secret: String, allowed: Set<String>? = nil) {
            self.secret = secret
            self.allowed = allowed
        }
    }

    struct Order {
        var pair: String
        var side: String
        var type: String
        var volume: ExactDecimal
        var price: ExactDecimal?
        var status: String
        var opened: Int
    }

    private let lock = NSLock()
    private var keys: [String: Key]
    private var lastNonce: [String: UInt64] = [:]
    /// Asset code → (balance, held by open orders).
    private var balances: [String: (ExactDecimal, ExactDecimal)]
    private var orders: [String: Order] = [:]
    private var nextOrder = 1
    /// Every nonce refused, for tests that must see none.
    public private(set) var nonceRejections = 0
    /// Requests that placed an order (not validations), in arrival order.
    public private(set) var placed: [String] = []
    /// Kraken's trading mode: `EService:Market in cancel_only mode` for AddOrder when set.
    public var cancelOnly = false
    /// Seconds AddOrder waits before answering (after recording the order): a lost answer.
    public var addOrderDelay: Double?
    /// Seconds QueryOrders waits before answering: an order's status read slowly after placing.
    public var queryDelay: Double?
    /// QueryOrders requests received.
    public private(set) var queryRequests = 0
    private let queried = DispatchSemaphore(value: 0)

    /// Waits for a QueryOrders request to arrive (the event; `seconds` bounds a failure only).
    public func waitForQuery(seconds: Double = 60) -> Bool {
        queried.wait(timeout: .now() + seconds) == .success
    }
    /// Seconds CancelOrder waits before answering (after cancelling): a cancellation in flight.
    public var cancelDelay: Double?
    /// Closed orders a ClosedOrders call answers (Kraken: 50).
    public var closedPageSize = 50
    /// CancelOrder and CancelAll answer `count: 0` and cancel nothing.
    public var cancelsNothing = false
    /// CancelOrder and CancelAll cancel, then answer this Kraken error instead of the count (an
    /// answer that does not say what happened).
    public var cancelError: String?
    /// CancelAll counts this many more orders than were open (ones placed since the list).
    public var cancelAllExtra = 0
    /// Orders cancelled by CancelOrder, in arrival order.
    public private(set) var cancelled: [String] = []
    /// Seconds BalanceEx waits before answering (a slow exchange: calls with one key queue up).
    public var balanceDelay: Double?
    /// The public Depth answer while set (a book that changed since the recorded one), in
    /// Kraken's shape; nil serves the recording.
    public var depthBody: String?
    /// Depth answers served one per request, in turn, before `depthBody` or the recording (a
    /// book read for the preview, then a changed one read again before sending).
    public var depthBodiesInTurn: [String] = []
    /// Depth answers by the `pair` asked (`XBTEUR`), before every other Depth answer, each after
    /// its delay in seconds (0: at once): one pair's book read slowly while another's is not.
    public var depthByPair: [String: (body: String, delay: Double)] = [:]
    /// More public tickers by pair name (`EURUSD`) beside `KrakenReplay.tickers`, as fixture paths.
    public var moreTickers: [String: String] = [:]
    /// The `pair` of every Depth request, in arrival order.
    public private(set) var depthRequests: [String] = []
    private let depthByPairAsked = DispatchSemaphore(value: 0)

    /// Waits for a Depth request answered from `depthByPair` to arrive (the event; `seconds`
    /// bounds a failure only).
    public func waitForDepthByPair(seconds: Double = 60) -> Bool {
        depthByPairAsked.wait(timeout: .now() + seconds) == .success
    }
    /// BalanceEx answers `EGeneral:Internal error` while set (a balance that cannot be read first).
    public var balanceFails = false
    /// Every private call received, signed or not (a paper order or a refused one makes none).
    public private(set) var privateRequests = 0
    /// Sent instead of AddOrder's answer after the order is placed (a proxy's HTML page), with
    /// `addOrderStatus`.
    public var addOrderBody: String?
    public var addOrderStatus = 502
    /// A validation (`validate`) answered with a txid, as a mirror that dropped `validate` would.
    public var validationNamesAnOrder = false
    /// AddOrder refused with an error that echoes the request's `API-Sign` header back.
    public var addOrderEchoesSignature = false
    /// Kraken's error sent instead of AddOrder's answer once the order is placed (what a busy or
    /// failing Kraken, or a proxy, may answer after acting: `EGeneral:Internal error`).
    public var addOrderError: String?
    /// Every AddOrder request received, validations included.
    public private(set) var addOrderRequests = 0
    /// Every private call answers `EAPI:Rate limit exceeded` while set.
    public var throttled = false
    /// The price market orders fill at.
    public var marketPrice = ExactDecimal(significand: 30_000, scale: 0)

    /// The account's ledger rows, oldest first: `Ledgers` answers them newest first, 50 a page
    /// from `ofs`, those from `start` on, with their `count`, as Kraken does.
    public var ledger: [LedgerRow] = []
    /// `Ledgers` answers `EGeneral:Internal error` for pages at or after this offset while set
    /// (a sync interrupted part way).
    public var ledgerFailsFromOffset: Int?
    /// Every `Ledgers` call received.
    public private(set) var ledgerCalls = 0

    /// One row of the account's ledger, in Kraken's shape.
    public struct LedgerRow: Sendable {
        public var id: String
        public var refid: String
        /// Unix seconds with four decimals, as Kraken writes them.
        public var time: String
        public var type: String
        public var subtype: String
        public var asset: String
        public var amount: String
        public var fee: String
        public init(
            id: String, refid: String, time: String, type: String, subtype: String = "", asset: String, amount: String,
            fee: String = "0.0000"
        ) {
            self.id = id
            self.refid = refid
            self.time = time
            self.type = type
            self.subtype = subtype
            self.asset = asset
            self.amount = amount
            self.fee = fee
        }

        var json: String {
            "{\"refid\":\"\(refid)\",\"time\":\(time),\"type\":\"\(type)\",\"subtype\":\"\(subtype)\","
                + "\"aclass\":\"currency\",\"asset\":\"\(asset)\",\"amount\":\"\(amount)\",\"fee\":\"\(fee)\","
                + "\"balance\":\"0.0000\"}"
        }
    }

    private func ledgers(_ form: [String: String]) -> LoopbackResponse {
        ledgerCalls += 1
        let offset = Int(form["ofs"] ?? "0") ?? 0
        if let fails = ledgerFailsFromOffset, offset >= fails { return error("EGeneral:Internal error") }
        let start = form["start"].flatMap(Double.init) ?? -.infinity
        let rows = ledger.reversed().filter { (Double($0.time) ?? 0) >= start }
        let page = rows.dropFirst(offset).prefix(50)
        return ok(
            "{\"ledger\":{" + page.map { "\"\($0.id)\":" + $0.json }.joined(separator: ",")
                + "},\"count\":\(rows.count)}")
    }

    /// Makes Kraken remember a nonce for `key` far ahead of any clock: every nonce is refused.
    public func poisonNonces(of key: String) { lock.withLock { lastNonce[key] = .max } }

    public init(keys: [String: Key], balances: [String: String]) {
        self.keys = keys
        self.balances = balances.mapValues { (ExactDecimal($0)!, .zero) }
    }

    /// A server: private calls here, public ones from the recordings.
    public func server() throws -> LoopbackHTTPServer {
        let routes = KrakenReplay.routes()
        return try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/0/private/") { return self.handle(request) }
            if request.path == "/0/public/Depth",
                let (body, delay) = self.lock.withLock({ () -> (String, Double)? in
                    let pair = request.queryItem("pair") ?? ""
                    self.depthRequests.append(pair)
                    return self.depthByPair[pair]
                })
            {
                self.depthByPairAsked.signal()
                let answer = KrakenReplay.json(Array(body.utf8))
                return delay > 0 ? answer.with(.delay(seconds: delay)) : answer
            }
            if request.path == "/0/public/Depth",
                let body = self.lock.withLock({
                    self.depthBodiesInTurn.isEmpty ? self.depthBody : self.depthBodiesInTurn.removeFirst()
                })
            {
                return KrakenReplay.json(Array(body.utf8))
            }
            let tickers = KrakenReplay.tickers.merging(self.lock.withLock { self.moreTickers }) { a, _ in a }
            return request.path == "/0/public/Ticker"
                ? KrakenReplay.ticker(request.queryItem("pair") ?? "", known: tickers)
                : routes.respond(to: request)
        }
    }

    public var openOrderCount: Int { lock.withLock { orders.values.filter { $0.status == "open" }.count } }

    func handle(_ request: LoopbackRequest) -> LoopbackResponse {
        lock.withLock {
            privateRequests += 1
            let method = String(request.path.dropFirst("/0/private/".count))
            guard request.method == "POST" else { return error("EGeneral:Invalid arguments") }
            guard let keyName = request.header("API-Key"), let key = keys[keyName] else {
                return error("EAPI:Invalid key")
            }
            let body = String(decoding: request.body, as: UTF8.self)
            let form = Self.form(body)
            guard let nonceText = form["nonce"], let nonce = UInt64(nonceText),
                let sign = request.header("API-Sign"),
                sign == Self.signature(path: request.path, nonce: nonceText, body: body, secret: key.secret)
            else { return error("EAPI:Invalid signature") }
            guard nonce > lastNonce[keyName, default: 0] else {
                nonceRejections += 1
                return error("EAPI:Invalid nonce")
            }
            lastNonce[keyName] = nonce
            if let allowed = key.allowed, !allowed.contains(method) { return error("EGeneral:Permission denied") }
            if throttled { return error("EAPI:Rate limit exceeded") }
            switch method {
            case "Ledgers": return ledgers(form)
            case "BalanceEx" where balanceFails: return error("EGeneral:Internal error")
            case "BalanceEx": return balanceDelay.map { balanceEx().with(.delay(seconds: $0)) } ?? balanceEx()
            case "OpenOrders": return ok("{\"open\":{" + ordersJSON { $0.status == "open" } + "}}")
            case "ClosedOrders":
                // Pages of `closedPageSize` from `ofs`, newest first, with the count of all, as Kraken pages them.
                let closed = orders.filter { $0.value.status != "open" }.map(\.key).sorted(by: >)
                let page = Array(closed.dropFirst(Int(form["ofs"] ?? "") ?? 0).prefix(closedPageSize))
                return ok("{\"closed\":{" + ordersJSON(ids: page) + "},\"count\":\(closed.count)}")
            case "QueryOrders":
                let ids = (form["txid"] ?? "").split(separator: ",").map(String.init)
                queryRequests += 1
                queried.signal()
                guard ids.allSatisfy({ orders[$0] != nil }) else { return error("EOrder:Unknown order") }
                let answer = ok("{" + ordersJSON(ids: ids) + "}")
                return queryDelay.map { answer.with(.delay(seconds: $0)) } ?? answer
            case "TradeVolume":
                return ok(
                    "{\"currency\":\"ZUSD\",\"volume\":\"0.0000\",\"fees\":{\"XXBTZUSD\":{\"fee\":\"0.2600\",\"minfee\":\"0.1000\",\"maxfee\":\"0.2600\",\"nextfee\":\"0.2400\",\"nextvolume\":\"50000.0000\",\"tiervolume\":\"0.0000\"}}}"
                )
            case "AddOrder":
                addOrderRequests += 1
                let before = placed.count
                var answer = addOrder(form)
                if let body = addOrderBody { answer = .text(body, status: addOrderStatus, contentType: "text/html") }
                if addOrderEchoesSignature {
                    answer = error("EGeneral:Invalid arguments: sign \(request.header("API-Sign") ?? "")")
                }
                if let text = addOrderError, placed.count > before { answer = error(text) }
                return addOrderDelay.map { answer.with(.delay(seconds: $0)) } ?? answer
            case "CancelOrder":
                guard let id = form["txid"], let o = orders[id], o.status == "open" else {
                    return error("EOrder:Unknown order")
                }
                if cancelsNothing { return ok("{\"count\":0}") }
                release(o)
                orders[id]?.status = "canceled"
                cancelled.append(id)
                let answer = cancelError.map(error) ?? ok("{\"count\":1}")
                return cancelDelay.map { answer.with(.delay(seconds: $0)) } ?? answer
            case "CancelAll":
                if cancelsNothing { return ok("{\"count\":0}") }
                let open = orders.filter { $0.value.status == "open" }
                for (id, o) in open {
                    release(o)
                    orders[id]?.status = "canceled"
                }
                if let cancelError { return error(cancelError) }
                return ok("{\"count\":\(open.count + cancelAllExtra)}")
            default: return error("EGeneral:Unknown method")
            }
        }
    }

    private func addOrder(_ form: [String: String]) -> LoopbackResponse {
        guard let pair = form["pair"], pair == "XBTUSD", let side = form["type"], let type = form["ordertype"],
            let volume = form["volume"].flatMap(ExactDecimal.init)
        else { return error("EGeneral:Invalid arguments") }
        if cancelOnly { return error("EService:Market in cancel_only mode") }
        let price = form["price"].flatMap(ExactDecimal.init)
        if type == "limit" && price == nil { return error("EGeneral:Invalid arguments:price") }
        // XBTUSD's ordermin in the recorded AssetPairs.
        if volume < ExactDecimal("0.0002")! { return error("EOrder:Order minimum not met") }
        let fill = price ?? marketPrice
        let cost = (volume * fill)!
        let (spend, amount) = side == "buy" ? ("ZUSD", cost) : ("XXBT", volume)
        let (balance, held) = balances[spend] ?? (.zero, .zero)
        if amount > (balance - held)! { return error("EOrder:Insufficient funds") }
        let text = "\(side) \(volume) XBTUSD @ " + (price.map { "limit \($0)" } ?? "market")
        if form["validate"] != nil {
            let id = validationNamesAnOrder ? ",\"txid\":[\"OVALID-FAKE-000001\"]" : ""
            return ok("{\"descr\":{\"order\":\"\(text)\"}" + id + "}")
        }
        let id = String(format: "O%05d-FAKE-%06d", nextOrder, nextOrder * 7)
        nextOrder += 1
        placed.append(id)
        let order = Order(
            pair: pair, side: side, type: type, volume: volume, price: price,
            status: type == "market" ? "closed" : "open",
            opened: 1_790_000_000 + nextOrder)
        orders[id] = order
        if order.status == "open" {
            balances[spend] = (balance, (held + amount)!)
        } else {
            fillMarket(order, cost: cost)
        }
        return ok("{\"descr\":{\"order\":\"\(text)\"},\"txid\":[\"\(id)\"]}")
    }

    private func fillMarket(_ o: Order, cost: ExactDecimal) {
        // The fill's two legs in the account's ledger, as Kraken books a trade.
        let time = String(format: "%.4f", Date().timeIntervalSince1970)
        let trade = "TFILL-\(ledger.count)"
        let sign = o.side == "buy" ? ("-", "") : ("", "-")
        ledger.append(
            LedgerRow(
                id: "L\(trade)-USD", refid: trade, time: time, type: "trade", asset: "ZUSD",
                amount: sign.0 + cost.description))
        ledger.append(
            LedgerRow(
                id: "L\(trade)-XBT", refid: trade, time: time, type: "trade", asset: "XXBT",
                amount: sign.1 + o.volume.description))
        let usd = balances["ZUSD"]?.0 ?? .zero
        let btc = balances["XXBT"]?.0 ?? .zero
        let heldUSD = balances["ZUSD"]?.1 ?? .zero
        let heldBTC = balances["XXBT"]?.1 ?? .zero
        if o.side == "buy" {
            balances["ZUSD"] = ((usd - cost)!, heldUSD)
            balances["XXBT"] = ((btc + o.volume)!, heldBTC)
        } else {
            balances["ZUSD"] = ((usd + cost)!, heldUSD)
            balances["XXBT"] = ((btc - o.volume)!, heldBTC)
        }
    }

    private func release(_ o: Order) {
        let (spend, amount) = o.side == "buy" ? ("ZUSD", (o.volume * (o.price ?? .zero))!) : ("XXBT", o.volume)
        if let (balance, held) = balances[spend] { balances[spend] = (balance, (held - amount)!) }
    }

    private func balanceEx() -> LoopbackResponse {
        let items = balances.keys.sorted().map { code in
            let (b, h) = balances[code]!
            return "\"\(code)\":{\"balance\":\"\(b)\",\"hold_trade\":\"\(h)\"}"
        }
        return ok("{" + items.joined(separator: ",") + "}")
    }

    private func ordersJSON(ids: [String]? = nil, where keep: (Order) -> Bool = { _ in true }) -> String {
        (ids ?? orders.keys.sorted()).compactMap { id -> String? in
            guard let o = orders[id], keep(o) else { return nil }
            return "\"\(id)\":{\"refid\":null,\"userref\":0,\"status\":\"\(o.status)\",\"opentm\":\(o.opened).1234,"
                + "\"starttm\":0,\"expiretm\":0,\"descr\":{\"pair\":\"\(o.pair)\",\"type\":\"\(o.side)\","
                + "\"ordertype\":\"\(o.type)\",\"price\":\"\(o.price?.description ?? "0")\",\"price2\":\"0\","
                + "\"leverage\":\"none\",\"order\":\"\(o.side) \(o.volume) \(o.pair)\",\"close\":\"\"},"
                + "\"vol\":\"\(o.volume)\",\"vol_exec\":\"\(o.status == "closed" ? o.volume.description : "0.00000000")\","
                + "\"cost\":\"0\",\"fee\":\"0\",\"price\":\"\(o.status == "closed" ? marketPrice.description : "0")\","
                + "\"misc\":\"\",\"oflags\":\"fciq\"}"
        }.joined(separator: ",")
    }

    private func ok(_ result: String) -> LoopbackResponse {
        .text("{\"error\":[],\"result\":" + result + "}", contentType: "application/json")
    }
    private func error(_ text: String) -> LoopbackResponse {
        .text("{\"error\":[\"\(text)\"]}", contentType: "application/json")
    }

    static func form(_ body: String) -> [String: String] {
        var out: [String: String] = [:]
        for item in body.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            out[LoopbackRequest.percentDecoded(parts[0])] =
                parts.count > 1 ? LoopbackRequest.percentDecoded(parts[1]) : ""
        }
        return out
    }

    /// Kraken's documented recipe, written here apart from the product's.
    public static func signature(path: String, nonce: String, body: String, secret: String) -> String? {
        guard let key = Data(base64Encoded: secret) else { return nil }
        let digest = SHA256.hash(data: Data((nonce + body).utf8))
        let mac = HMAC<SHA512>.authenticationCode(for: Data(path.utf8) + Data(digest), using: SymmetricKey(data: key))
        return Data(mac).base64EncodedString()
    }
}

extension NSLock {
    fileprivate func withLock<R>(_ body: () -> R) -> R {
        lock()
        defer { unlock() }
        return body()
    }
}
