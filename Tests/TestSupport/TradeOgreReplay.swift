import Foundation

/// A TradeOgre API v1 on 127.0.0.1 (the real host is offline) answering at its real paths with
/// the recorded documentation bodies, and `{"success":false,"error":"Market not found"}` for a
/// market it does not have, as TradeOgre did.
public enum TradeOgreReplay {
    public static func server() throws -> LoopbackHTTPServer { try LoopbackHTTPServer(routes: routes()) }

    public static func routes() -> RouteTable {
        let routes = RouteTable(
            notFound: LoopbackResponse(body: Array(#"{"success":false,"error":"Market not found"}"#.utf8)))
        func add(_ path: String, _ file: String) {
            routes.add(
                path: "/api/v1" + path,
                response: LoopbackResponse(
                    headers: [("Content-Type", "application/json")], body: Fixture.bytes("tradeogre/" + file)))
        }
        add("/markets", "markets.json")
        add("/ticker/BTC-XMR", "ticker_BTC-XMR.json")
        add("/orders/BTC-XMR", "SYNTHETIC_orders_BTC-XMR.json")
        add("/history/BTC-XMR", "history_BTC-XMR.json")
        return routes
    }
}
