import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockServices

/// `Settings.resolve`: one read of the config file, flags over environment over config, and
/// the usage texts the commands have always printed.
struct SettingsTests {
    static let env = ["HOME": "/nonexistent-home"]

    /// A config loader that counts its calls.
    final class CountingLoader: @unchecked Sendable {
        var calls: [String?] = []
        let config: ConfigFile
        init(_ text: String) { config = ConfigFile.parse(text) }
        func load(_ path: String?) -> ConfigFile {
            calls.append(path)
            return config
        }
    }

    @Test func theConfigFileIsReadOnceFromItsPath() throws {
        let loader = CountingLoader("source = samples\nwatchlist = AAPL, MSFT\ncurrency = EUR\n")
        let s = try Settings.resolve(.init(), environment: Self.env, loadConfig: loader.load)
        #expect(loader.calls == ["/nonexistent-home/.config/squarestock/config"])
        #expect(s.sourceName == "samples")
        #expect(s.currency == "EUR")
        #expect(s.watchlist.map(\.text) == ["AAPL", "MSFT"])
        #expect(s.timeout == 10)
    }

    /// A key set twice with two values is reported, and refuses orders: which one was meant is a
    /// guess (100 USD then 100000 USD let a 303 USD order through). Twice the same is harmless.
    @Test func aKeySetTwiceWithTwoValuesIsReported() throws {
        let twice = ConfigFile.parse("max_order_value = 100 USD\nsource = samples\nmax_order_value = 100000 USD\n")
        #expect(
            twice.problems == ["line 3: max_order_value is set again (line 1 set it too); keep one, this one is taken"])
        #expect(twice.dropsSettings && twice["max_order_value"] == "100000 USD")
        let s = try Settings.resolve(.init(), environment: Self.env, loadConfig: { _ in twice })
        #expect(s.orderLimitProblems.count == 1, "\(s.orderLimitProblems)")
        let same = ConfigFile.parse("source = samples\nsource = samples\n")
        #expect(same.problems.isEmpty && !same.dropsSettings)
    }

    @Test func flagsBeatTheEnvironmentWhichBeatsTheConfig() throws {
        let loader = CountingLoader("source = stooq\nendpoint = http://config\ntimeout = 3\nstooq_api_key = c\n")
        var env = Self.env
        env["SQUARESTOCK_SOURCE"] = "yahoo"
        env["SQUARESTOCK_ENDPOINT"] = "http://env"
        env["STOOQ_API_KEY"] = "e"
        let fromEnv = try Settings.resolve(.init(), environment: env, loadConfig: loader.load)
        #expect(fromEnv.sourceName == "yahoo" && fromEnv.endpoint == "http://env" && fromEnv.timeout == 3)
        #expect(fromEnv.serviceSettings[StooqService.apiKey] == "e")
        let fromFlags = try Settings.resolve(
            .init(source: "samples", endpoint: "https://flag", timeout: 7), environment: env, loadConfig: loader.load)
        #expect(fromFlags.sourceName == "samples" && fromFlags.endpoint == "https://flag" && fromFlags.timeout == 7)
    }

    @Test func theExchangeComesFromTheFlagTheEnvironmentOrTheConfig() throws {
        let loader = CountingLoader("exchange = coinbase\n")
        #expect(try Settings.resolve(.init(), environment: Self.env).exchangeName == "kraken")
        #expect(
            try Settings.resolve(.init(), environment: Self.env, loadConfig: loader.load).exchangeName == "coinbase")
        var env = Self.env
        env["SQUARESTOCK_EXCHANGE"] = "TradeOgre"
        let fromEnv = try Settings.resolve(.init(), environment: env, loadConfig: loader.load)
        #expect(fromEnv.exchangeName == "tradeogre")
        #expect(fromEnv.sourceContext.exchange == "tradeogre")
        let fromFlag = try Settings.resolve(.init(exchange: "kraken"), environment: env, loadConfig: loader.load)
        #expect(fromFlag.exchangeName == "kraken")
        #expect(throws: SettingsError.unknownExchange("binance")) {
            try Settings.resolve(.init(exchange: "binance"), environment: Self.env)
        }
        #expect(
            SettingsError.unknownExchange("binance").description
                == "unknown exchange 'binance'; choose one of kraken, coinbase, tradeogre")
    }

    @Test func theClockIsPinnedBySquarestockNow() throws {
        let loader = CountingLoader("")
        var env = Self.env
        let wall = Instant(secondsSinceEpoch: 1_000)
        let unpinned = try Settings.resolve(.init(), environment: env, wallClock: { wall }, loadConfig: loader.load)
        #expect(unpinned.now == wall && !unpinned.nowIsPinned)
        env["SQUARESTOCK_NOW"] = "2025-10-29T16:40:00Z"
        let pinned = try Settings.resolve(.init(), environment: env, wallClock: { wall }, loadConfig: loader.load)
        #expect(pinned.now.iso8601UTC == "2025-10-29T16:40:00Z" && pinned.nowIsPinned)
    }

    @Test func wrongValuesKeepTheirUsageTexts() {
        let loader = CountingLoader("timeout = 0\n")
        #expect(throws: SettingsError.unknownSource("nasdaq")) {
            try Settings.resolve(.init(source: "nasdaq"), environment: Self.env, loadConfig: loader.load)
        }
        #expect(
            SettingsError.unknownSource("nasdaq").description
                == "unknown source 'nasdaq'; choose one of auto, yahoo, alphavantage, stooq, yahoo-csv, samples, tradernet, kraken, coinbase, tradeogre"
        )
        #expect(
            SettingsError.endpointNotHTTP("ftp://x").description
                == "--endpoint must start with http:// or https:// (got 'ftp://x')")
        // From the config file: said, and the default used, as a timeout that is no number is.
        let configured = try? Settings.resolve(.init(), environment: Self.env, loadConfig: loader.load)
        #expect(configured?.timeout == 10)
        #expect(
            configured?.configWarnings == [
                "warning: config: timeout = 0 is not between 0.001 and 600 seconds; using 10"
            ])
        #expect(throws: SettingsError.timeoutOutOfRange) {
            try Settings.resolve(.init(timeout: 0), environment: Self.env, loadConfig: loader.load)
        }
        #expect(throws: SettingsError.endpointNotHTTP("ftp://x")) { try Settings.Flags(endpoint: "ftp://x").check() }
    }

    /// A config value that cannot be read is said, and its default used: `stream = ture` was
    /// silently false, `currency = euro` asked for USDEURO=X.
    @Test func unreadableConfigValuesAreSaid() throws {
        let loader = CountingLoader("stream = ture\nrecord_fills = maybe\ncurrency = euro\n")
        let s = try Settings.resolve(.init(), environment: Self.env, loadConfig: loader.load)
        #expect(!s.stream && !s.recordFills && s.currency == nil)
        #expect(
            s.configWarnings == [
                "warning: config: stream = ture is not true or false; using false",
                "warning: config: record_fills = maybe is not true or false; using false",
                "warning: config: currency = euro is not a three-letter ISO code such as EUR or USD; not converting",
            ])
        let good = try Settings.resolve(
            .init(), environment: Self.env, loadConfig: CountingLoader("stream = yes\ncurrency = eur\n").load)
        #expect(good.stream && good.currency == "eur" && good.configWarnings.isEmpty)
    }

    @Test func configProblemsComeBeforeTheCacheWarning() throws {
        let loader = CountingLoader("not a setting\n")
        var s = try Settings.resolve(.init(), environment: Self.env, loadConfig: loader.load)
        s.cacheWarning = "warning: not using the cache: x"
        #expect(s.warnings == ["warning: config: line 1: expected key = value", "warning: not using the cache: x"])
    }
}
