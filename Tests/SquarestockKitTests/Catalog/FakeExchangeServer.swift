import TestSupport

@testable import SquarestockCore
@testable import SquarestockKit

/// The loopback FakeX: its REST API and its stream on one port, as `--endpoint` puts them
/// (`LoopbackWebSocketServer` answers plain HTTP beside the upgrade). It holds FakeX's whole
/// world: two live pairs and a delisted one, BTC-USD's ticker, book, tape and candles, an
/// account of 2 BTC and 150.25 USD for the one key it accepts, and a stream that sends two
/// quotes with a stale one between them.
enum FakeExchangeServer {
    static let key = "fakex-test-key"
    static let secret = "fakex-test-secret"
    /// The clock the test pins (`SQUARESTOCK_NOW`), and the same instant in epoch seconds.
    static let now = "2026-06-19T16:45:00Z"
    static let nowEpoch = 1_781_887_500

    static func start() throws -> LoopbackWebSocketServer {
        let routes = RouteTable()
        func add(_ path: String, _ query: [String], _ body: String) {
            routes.add(path: path, queryContains: query, response: json(body))
        }
        add(
            "/v1/pairs", [],
            """
            {"pairs":[{"name":"BTCUSD","base":"BTC","quote":"USD","status":"online"},
            {"name":"ETHUSD","base":"ETH","quote":"USD","status":"online"},
            {"name":"LUNAUSD","base":"LUNA","quote":"USD","status":"delisted"}]}
            """)
        add("/v1/ticker", ["pair=BTCUSD"], #"{"last":"50000.5","bid":"50000.0","ask":"50001.0","open":"49000.5"}"#)
        add("/v1/ticker", ["pair=ETHUSD"], #"{"last":"2500.25","bid":"2500.00","ask":"2500.50"}"#)
        add(
            "/v1/book", ["pair=BTCUSD"],
            #"{"bids":[["50000.0","1.5"],["49999.5","2.25"],["49990.0","4"]],"asks":[["50001.0","0.75"],["50002.5","3"],["50010.0","5"]]}"#
        )
        add(
            "/v1/trades", ["pair=BTCUSD"],
            """
            {"trades":[{"time":\(nowEpoch - 5),"price":"50000.5","size":"0.1","side":"buy"},
            {"time":\(nowEpoch - 30),"price":"49999.0","size":"0.25","side":"sell"},
            {"time":\(nowEpoch - 60),"price":"49998.0","size":"1","side":"buy"}]}
            """)
        add(
            "/v1/candles", ["pair=BTCUSD", "seconds=300"],
            """
            {"seconds":300,"candles":[[\(nowEpoch - 900),"49900","49950","49890","49940","3"],
            [\(nowEpoch - 600),"49940","49990","49930","49980","2"],
            [\(nowEpoch - 300),"49980","50010","49970","50000.5","4"]]}
            """)
        return try LoopbackWebSocketServer(
            http: { request in
                guard request.path == "/v1/balances" else { return routes.respond(to: request) }
                guard request.header("X-FakeX-Key") == key else {
                    return json(#"{"error":"unknown key"}"#, status: 401)
                }
                return json(
                    #"{"balances":[{"asset":"BTC","total":"2","available":"1.5"},{"asset":"USD","total":"150.25","available":"150.25"}]}"#
                )
            },
            session: stream)
    }

    /// After the subscription: a quote, a stale one (an older `seq`, which the feed drops), the
    /// next quote; then it waits for the client to leave.
    static func stream(_ peer: WebSocketPeer) {
        guard peer.receiveText(timeout: 120) != nil else { return }
        peer.send(text: quote(seq: 5, price: "50100.25"))
        peer.send(text: quote(seq: 4, price: "1.00"))
        peer.send(text: quote(seq: 6, price: "50100.75"))
        _ = peer.receiveText(timeout: 120)
    }

    static func quote(seq: Int, price: String) -> String {
        #"{"type":"quote","seq":\#(seq),"symbol":"BTC-USD","price":"\#(price)","bid":"50100.00","ask":"50101.00","time":\#(nowEpoch)}"#
    }

    static func json(_ body: String, status: Int = 200) -> LoopbackResponse {
        .text(body, status: status, contentType: "application/json")
    }
}
