import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockServices

/// Issue 29's promise, kept: a service is its own files and one catalog entry. FakeX (the
/// `FakeExchange*` files beside this one) is added to an injected catalog, and the facade's
/// calls behind `markets`, `book`, `trades`, `quote`, `chart`, `account balances` and `watch
/// --stream` reach it through libcurl and a loopback server, with nothing in `SquarestockKit`
/// naming it, while the standard catalog (what the tool ships) never hears of it.
struct FourthExchangeTests {
    static let catalog = ServiceCatalog.standard.adding(FakeExchangeService.entry)
    static let credentials = ["FAKEX_API_KEY": FakeExchangeServer.key, "FAKEX_API_SECRET": FakeExchangeServer.secret]

    /// `--source fakex --exchange fakex --endpoint` the loopback server, with `environment`'s
    /// keys and no HOME (so no config file, credentials file or cache), on the real transport.
    static func app(_ server: LoopbackWebSocketServer, environment: [String: String] = credentials) throws
        -> SquarestockApp
    {
        let settings = try Settings.resolve(
            .init(source: "fakex", endpoint: "http://127.0.0.1:\(server.port)", exchange: "fakex"),
            environment: environment.merging(["SQUARESTOCK_NOW": FakeExchangeServer.now]) { $1 },
            loadConfig: { _ in ConfigFile() }, catalog: catalog)
        return SquarestockApp(settings: settings)
    }

    @Test func onlyTheInjectedCatalogKnowsFakeX() throws {
        #expect(!Settings.exchangeNames.contains("fakex") && !Settings.sourceNames.contains("fakex"))
        #expect(ServiceCatalog.standard.entry(named: "FakeX") == nil)
        #expect(Self.catalog.exchangeNames == Settings.exchangeNames + ["fakex"])
        #expect(Self.catalog.sourceNames == Settings.sourceNames + ["fakex"])
        #expect(throws: SettingsError.unknownExchange("fakex")) {
            try Settings.resolve(.init(exchange: "fakex"), environment: [:], loadConfig: { _ in ConfigFile() })
        }
        let server = try FakeExchangeServer.start()
        let app = try Self.app(server)
        #expect(app.settings.exchangeName == "fakex" && app.settings.catalog.exchangeNames.contains("fakex"))
        #expect(app.exchangeDisplayName == "FakeX")
        #expect(app.sourceStreams && !app.sourceStreamsOnly && !app.exchangeStreamsBooks())
    }

    @Test func marketsBookAndTradesComeFromFakeX() throws {
        let app = try Self.app(try FakeExchangeServer.start())
        let markets = app.markets(quote: "usd", search: nil, includeDelisted: false)
        #expect(markets.exchange == "fakex" && markets.exchangeDisplayName == "FakeX")
        #expect(markets.value?.map(\.pair.symbol) == ["BTC-USD", "ETH-USD"], "\(markets.errorMessage ?? "")")
        let all = app.markets(quote: nil, search: "luna", includeDelisted: true).value
        #expect(all?.map { "\($0.nativeName) \($0.status)" } == ["LUNAUSD delisted"])

        let book = app.book("btc-usd", depth: 2)
        #expect(book.symbol == "BTC-USD" && book.status == .ok, "\(book.errorMessage ?? "")")
        // FakeX sent three levels a side; the facade keeps the two asked for.
        #expect(book.value?.bids.map { "\($0.size)@\($0.price)" } == ["1.5@50000.0", "2.25@49999.5"])
        #expect(book.value?.asks.map { "\($0.size)@\($0.price)" } == ["0.75@50001.0", "3@50002.5"])
        #expect(book.value?.spread?.description == "1.0")

        let trades = app.trades("BTC-USD", limit: 2)
        #expect(
            trades.value?.map { "\($0.side?.rawValue ?? "-") \($0.size)@\($0.price)" } == [
                "buy 0.1@50000.5", "sell 0.25@49999.0",
            ], "\(trades.errorMessage ?? "")")
        #expect(trades.value?.first?.time.secondsSinceEpoch == Int64(FakeExchangeServer.nowEpoch - 5))

        let unlisted = app.book("DOGE-USD", depth: 2)
        #expect(unlisted.status == .someFailed && unlisted.value == nil)
    }

    /// An exchange is a quote and history source too (`ExchangeSource`): its tickers and candles.
    @Test func quotesAndChartsComeFromFakeXAsASource() throws {
        let app = try Self.app(try FakeExchangeServer.start())
        let report = app.quote(["BTC-USD", "eth-usd"], currency: nil)
        let btc = try #require(report.results.first?.stock)
        #expect(btc.source == "fakex" && btc.company.name == "BTC/USD on FakeX")
        #expect(btc.price.last?.description == "50000.5" && btc.price.change?.description == "1000.0")
        #expect(report.results.last?.stock?.price.last?.description == "2500.25")

        let chart = try app.chart("BTC-USD", range: .day1).get()
        #expect(chart.data.source == "fakex")
        #expect(chart.data.series.bars.map { $0.close?.description } == ["49940", "49980", "50000.5"])
    }

    /// The key comes from FakeX's own variables in the environment given to `Settings.resolve`,
    /// reaches the server in FakeX's header (the server refuses any other), and the balances
    /// come back priced at FakeX's own last price.
    @Test func accountBalancesUseFakeXsKeyAndPrices() throws {
        let server = try FakeExchangeServer.start()
        let balances = try Self.app(server).balances(currency: "usd").get()
        #expect(
            balances.map { "\($0.asset) \($0.total) \($0.available) \($0.held) \($0.value?.description ?? "-")" } == [
                "BTC 2 1.5 0.5 100001.0", "USD 150.25 150.25 0.00 150.25",
            ])

        // Keys are registered with the process-wide redactor: a word ("other") would be
        // redacted from every other test's messages, so the wrong key is one no text holds.
        let wrongKey = try Self.app(
            server,
            environment: ["FAKEX_API_KEY": "fakex-wrong-key-4Zq9", "FAKEX_API_SECRET": "fakex-wrong-secret-8Wt2"])
        #expect(wrongKey.balances(currency: "USD") == .failure(.invalidKey(exchange: "fakex", detail: "HTTP 401")))
        let noKey = try Self.app(server, environment: [:])
        #expect(
            noKey.balances(currency: "USD")
                == .failure(.noCredentials(exchange: "fakex", variables: ["FAKEX_API_KEY", "FAKEX_API_SECRET"])))
    }

    /// `watch --stream`: the session subscribes in FakeX's words and its quotes arrive; the stale
    /// frame between them is dropped by the feed's own state. The run ends at the second quote.
    @Test func watchStreamCarriesFakeXsQuotes() throws {
        let server = try FakeExchangeServer.start()
        let handle = try Self.app(server).streamSession(symbols: ["btc-usd"])
        #expect(handle.source == "fakex")
        var quotes: [String] = []
        var states: [StreamState] = []
        // Not a wait: a stream that never delivers fails here instead of hanging the suite.
        let giveUp = ContinuousClock.now + .seconds(120)
        handle.run(
            shouldStop: { ContinuousClock.now > giveUp }, onState: { states.append($0) },
            onEvent: { event in
                if case .quote(let q) = event {
                    quotes.append("\(q.symbol) \(q.price) \(q.bid?.description ?? "-")/\(q.ask?.description ?? "-")")
                }
                return quotes.count < 2
            })
        #expect(quotes == ["BTC-USD 50100.25 50100.00/50101.00", "BTC-USD 50100.75 50100.00/50101.00"])
        #expect(server.received == [#"{"op":"subscribe","symbols":["BTC-USD"]}"#])
        #expect(states.contains(.live) && server.connections == 1)
    }
}
