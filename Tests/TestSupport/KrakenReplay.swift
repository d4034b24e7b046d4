import Foundation

/// A Kraken public API on 127.0.0.1 that answers at Kraken's real paths with recorded bodies,
/// and behaves as Kraken does where a test needs it: a Ticker batch naming one unknown pair fails
/// as a whole with `EQuery:Unknown asset pair` (Kraken's documented behaviour), so the batch
/// retry is exercised against the server, not a fake.
public enum KrakenReplay {
    /// Recorded Ticker bodies by the altname asked for.
    static let tickers = [
        "XBTUSD": "kraken/rest-ticker/inline__Ticker_pair-XBTUSD_key-XXBTZUSD_2026-09-25.json",
        "XBTUSDT": "kraken/rest-ticker/ccxt__Ticker_XBTUSDT_2024-03-13_PRETTY.json",
    ]

    public static func routes() -> RouteTable {
        let routes = RouteTable()
        routes.add(
            path: "/0/public/AssetPairs",
            response: json(Fixture.bytes("kraken/rest-assetpairs/cryptofeed__AssetPairs_all_2021-04-17.json")))
        routes.add(
            path: "/0/public/SystemStatus",
            response: json(Fixture.bytes("kraken/rest-status/krakennet__docs-example_SystemStatus_PRETTY.json")))
        routes.add(
            path: "/0/public/Depth", queryContains: ["pair=XBTUSD"],
            response: json(
                Fixture.bytes("kraken/rest-depth/krakennet__docs-example_Depth_XXBTZUSD_2023-07-06_PRETTY.json")))
        routes.add(
            path: "/0/public/Trades", queryContains: ["pair=XBTUSD"],
            response: json(
                Fixture.bytes("kraken/rest-trades/krakennet__docs-example_Trades_XXBTZUSD_2023-07-06_PRETTY.json")))
        routes.add(
            path: "/0/public/OHLC", queryContains: ["pair=XBTUSD", "interval=60"],
            response: json(Fixture.bytes("kraken/rest-ohlc/inline__OHLC_XXBTZUSD_interval60_24bars_2023-12-05.json")))
        for path in ["/0/public/Depth", "/0/public/Trades", "/0/public/OHLC"] {
            routes.add(
                path: path, response: json(Fixture.bytes("kraken/error-bodies/inline__EGeneral_Invalid_arguments.json"))
            )
        }
        return routes
    }

    /// The server: Ticker answered from the recorded bodies of the pairs asked for, everything
    /// else from `routes`.
    /// `more`: further Ticker bodies by altname (a pair most tests must find unknown, such as
    /// EURUSD, which the order limits convert through).
    public static func server(routes: RouteTable = routes(), more: [String: String] = [:]) throws
        -> LoopbackHTTPServer
    {
        let known = tickers.merging(more) { a, _ in a }
        return try LoopbackHTTPServer { request in
            request.path == "/0/public/Ticker"
                ? ticker(request.queryItem("pair") ?? "", known: known) : routes.respond(to: request)
        }
    }

    /// One body holding the recorded `result` member of every pair asked for, or Kraken's error
    /// when any of them is unknown.
    static func ticker(_ pairs: String, known tickers: [String: String]) -> LoopbackResponse {
        var members: [String] = []
        for name in pairs.split(separator: ",").map(String.init) {
            guard let file = tickers[name] else {
                return json(Fixture.bytes("kraken/error-bodies/inline__EQuery_Unknown_asset_pair.json"))
            }
            let text = Fixture.text(file).trimmingCharacters(in: .whitespacesAndNewlines)
            // `{"error":[],"result":{ MEMBER }}` → MEMBER
            guard let open = text.range(of: "\"result\":{"), text.hasSuffix("}}") else { continue }
            members.append(String(text[open.upperBound..<text.index(text.endIndex, offsetBy: -2)]))
        }
        return json(Array(("{\"error\":[],\"result\":{" + members.joined(separator: ",") + "}}").utf8))
    }

    static func json(_ body: [UInt8]) -> LoopbackResponse {
        LoopbackResponse(headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }
}
