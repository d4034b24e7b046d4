import Foundation

/// A Coinbase Exchange public API on 127.0.0.1 answering at Coinbase's real paths with recorded
/// bodies, and as Coinbase does without a User-Agent (HTTP 400) or for a product it does not
/// have (HTTP 404 `NotFound`).
public enum CoinbaseReplay {
    static let folder = "coinbase/rest-exchange/"

    public static func routes() -> RouteTable {
        let routes = RouteTable(notFound: error(404, "RECONSTRUCTED__NotFound.json"))
        func add(_ path: String, _ file: String, query: [String] = []) {
            routes.add(path: path, queryContains: query, response: json(Fixture.bytes(folder + file)))
        }
        add("/products", "cryptofeed__products_2021-04-17.json")
        add("/products/BTC-USD/ticker", "inline__cryptocogs__ticker_BTC-USD_2026-06-19.json")
        add("/products/BTC-USD/stats", "inline__cryptocogs__stats_BTC-USD_2026-06-19.json")
        add("/products/BTC-USD/book", "inline__cryptocogs__book_level1_BTC-USD_2026-06-19.json", query: ["level=2"])
        add("/products/BTC-USD/trades", "inline__cryptocogs__trades_limit2_BTC-USD_2026-06-19.json")
        add(
            "/products/BTC-USD/candles", "inline__cryptocogs__candles_g60_BTC-USD_first2rows_2026-06-19_TRIMMED.json",
            query: ["granularity=60"])
        routes.add(
            path: "/products/BTC-USD/candles", response: error(400, "RECONSTRUCTED__Unsupported_granularity.json"))
        return routes
    }

    public static func server(routes: RouteTable = routes()) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            request.header("User-Agent") == nil
                ? error(400, "inline__User-Agent_header_is_required.json") : routes.respond(to: request)
        }
    }

    static func error(_ status: Int, _ file: String) -> LoopbackResponse {
        LoopbackResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
            body: Fixture.bytes(folder + "error-bodies/" + file))
    }

    static func json(_ body: [UInt8]) -> LoopbackResponse {
        LoopbackResponse(headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }
}
