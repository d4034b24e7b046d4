import SquarestockCore
import SquarestockNetworking
import SquarestockServices
import SquarestockWatch

/// Flags, environment and config file resolved into one value, once per command: the config
/// file is opened once, its problems are collected once, and every later step reads this value
/// instead of the environment. Flags beat the environment, which beats the config file.
public struct Settings: Sendable {
    /// The command-line flags every fetching command shares (`--source`, `--endpoint`, `--timeout`).
    public struct Flags: Sendable, Equatable {
        public var source: String?
        public var endpoint: String?
        public var timeout: Double?
        /// `--exchange` of `book`, `trades` and `markets`.
        public var exchange: String?
        /// `--theme light|dark|auto` of the commands that draw in colour.
        public var theme: String?
        /// `--portfolio NAME` of `portfolio` and `watch`.
        public var portfolio: String?

        public init(
            source: String? = nil, endpoint: String? = nil, timeout: Double? = nil, exchange: String? = nil,
            theme: String? = nil, portfolio: String? = nil
        ) {
            self.portfolio = portfolio
            self.source = source
            self.endpoint = endpoint
            self.timeout = timeout
            self.exchange = exchange
            self.theme = theme
        }

        /// The flags' own values checked alone (no environment, no config file), for a command
        /// that resolves no settings but still takes the flags.
        public func check() throws(SettingsError) {
            if let name = source, !ServiceCatalog.standard.isSource(name) { throw .unknownSource(name) }
            if let e = endpoint { try Settings.checkEndpoint(e) }
            if let seconds = timeout { try Settings.checkTimeout(seconds) }
            if let name = exchange, !ServiceCatalog.standard.isExchange(name) { throw .unknownExchange(name) }
            if let name = theme { try Settings.checkTheme(name) }
        }
    }

    /// `--source` > `SQUARESTOCK_SOURCE` > config `source` > `auto`.
    public var sourceName: String
    /// Where `sourceName` was set when no `--source` gave it (`SQUARESTOCK_SOURCE=stooq`, a
    /// line of the config file), for an error about it that must not blame the flag.
    public var sourceOrigin: String?
    /// `--endpoint` > `SQUARESTOCK_ENDPOINT` > config `endpoint`; http or https.
    public var endpoint: String?
    /// `--exchange` > `SQUARESTOCK_EXCHANGE` > config `exchange` > `kraken`: the exchange of
    /// `book`, `trades` and `markets`, and the one `--source auto` falls back to for crypto pairs.
    public var exchangeName: String
    /// `--timeout` > config `timeout` > 10 seconds.
    public var timeout: Double
    /// The services' own settings (keys, a user agent, a folder), resolved from the environment
    /// and the config file as each service's `ServiceSetting` says, by id.
    package var serviceSettings: [String: String]
    /// Config `currency` (`quote --currency` wins over it).
    public var currency: String?
    /// Config `watchlist`, parsed.
    package var watchlist: [WatchList.Item]
    /// The config's watchlist as symbols (a bare `squarestock` quotes them).
    public var watchlistSymbols: [String] { watchlist.map(\.text) }
    /// Config `stream = true`: `watch` streams where its source has a stream (as `--stream`).
    public var stream = false
    /// `--portfolio` > `SQUARESTOCK_PORTFOLIO` > config `portfolio` > `main`.
    public var portfolioName = Settings.defaultPortfolioName
    /// The portfolio used when none is named: made on first use by any command.
    public static let defaultPortfolioName = "main"
    /// Config `alerts = AAPL>200, MSFT<-2%` (the rules `check` evaluates) and `on_alert = CMD`.
    public var configAlerts: [String] = []
    public var onAlert: String?
    /// Config `record_fills`: `buy` and `sell` record their fills in the portfolio ledger.
    public var recordFills = false
    /// Config `paper = true`: `buy`, `sell`, `cancel` and the `account` views work on the paper
    /// account (as `--paper`); a real order is never touched in paper mode.
    public var paper = false
    /// Paper mode may have been meant but is not on: `paper` is neither true nor false (`paper =
    /// ture`), or the config file has a line not taken (`papr = true`, a key given twice, a file
    /// too large to read). Nothing that touches the real account's orders is done then.
    public var paperInDoubt = false
    /// Config `max_order_value` and `max_price_distance` (`--far` is the command's).
    public var orderLimits = OrderLimits()
    /// A limit in the config file that cannot be read: every order is refused with it until it is
    /// fixed (a limit the user set is never dropped silently).
    public var orderLimitProblems: [String] = []
    /// `SQUARESTOCK_NOW` when set (tests pin the clock with it), else the wall clock.
    public var now: Instant
    /// `SQUARESTOCK_NOW` is set: watch then lets this pinned clock advance in real time.
    public var nowIsPinned: Bool
    /// The cache folder, unless it exists and is unsafe (then `cacheWarning` says why).
    public var cacheDirectory: String?
    /// The user's own zone (`UserTimeZone`), for "your time" and the watch header.
    public var userZone: ExchangeTimeZone?
    /// The name `userZone` was looked up by, for a message when ICU does not know it.
    public var userZoneIdentifier: String
    /// Where the config file is looked for (nil without HOME).
    public var configPath: String?
    /// Problems with the config file, one warning each.
    public var configWarnings: [String]
    /// Why the cache folder is not used, when it is unsafe.
    public var cacheWarning: String?
    /// The process environment the settings were resolved from.
    public let environment: [String: String]
    /// The services the names above are looked up in (tests inject a catalog with one more).
    package var catalog: ServiceCatalog = .standard

    /// The shortest limit libcurl can keep: one millisecond. libcurl counts whole milliseconds
    /// and reads 0 as "no limit", so a shorter limit would silently become none.
    public static let minimumTimeout = 0.001

    /// The warnings of `configWarnings` then `cacheWarning`, in the order the commands print them.
    public var warnings: [String] { configWarnings + (cacheWarning.map { [$0] } ?? []) }

    /// Resolves `flags` against `environment` and the config file, which `loadConfig` reads
    /// once; `localtimeTarget` is where the `/etc/localtime` link points (`UserTimeZone`). Registers the configured secrets with `SecretRedactor.shared`, so no message can
    /// show them from here on.
    public static func resolve(
        _ flags: Flags, environment env: [String: String], localtimeTarget: String? = nil,
        wallClock: () -> Instant = { Instant.now() },
        loadConfig: (String?) -> ConfigFile = { ConfigFile.load(path: $0) }
    ) throws(SettingsError) -> Settings {
        try resolve(
            flags, environment: env, localtimeTarget: localtimeTarget, wallClock: wallClock, loadConfig: loadConfig,
            catalog: .standard)
    }

    /// `resolve` against `catalog` (a test's catalog with a service of its own).
    package static func resolve(
        _ flags: Flags, environment env: [String: String], localtimeTarget: String? = nil,
        wallClock: () -> Instant = { Instant.now() },
        loadConfig: (String?) -> ConfigFile = { ConfigFile.load(path: $0) }, catalog: ServiceCatalog
    ) throws(SettingsError) -> Settings {
        let configPath = ConfigFile.path(environment: env)
        let config = loadConfig(configPath)
        // `--theme` > `SQUARESTOCK_THEME` > config `theme`, handed to the terminal's capabilities
        // through the one environment every command reads them from.
        var env = env
        // Where a value the command line did not give came from, for an error about it.
        func origin(_ flag: Any?, _ variable: String?, _ key: String) -> String? {
            if flag != nil { return nil }
            if let variable, let v = env[variable].nonEmpty {
                return "\(variable)=\(TerminalText.visible(String(v.prefix(40))))"
            }
            guard let v = config[key] else { return nil }
            return "\(key) = \(TerminalText.visible(String(v.prefix(40)))) in the config file \(configPath ?? "")"
        }
        func refuse(_ problem: SettingsError, _ origin: String?) throws(SettingsError) -> Never {
            throw origin.map { .setBy(problem, origin: $0) } ?? problem
        }
        if let theme = flags.theme ?? env["SQUARESTOCK_THEME"].nonEmpty ?? config["theme"] {
            do { try checkTheme(theme) } catch { try refuse(error, origin(flags.theme, "SQUARESTOCK_THEME", "theme")) }
            env["SQUARESTOCK_THEME"] = theme.lowercased()
        }
        let name = flags.source ?? env["SQUARESTOCK_SOURCE"].nonEmpty ?? config["source"] ?? catalog.defaultSource
        let sourceOrigin = origin(flags.source, "SQUARESTOCK_SOURCE", "source")
        guard catalog.isSource(name) else { try refuse(.unknownSource(name), sourceOrigin) }
        let endpoint = flags.endpoint ?? env["SQUARESTOCK_ENDPOINT"].nonEmpty ?? config["endpoint"]
        if let e = endpoint {
            do { try checkEndpoint(e) } catch {
                try refuse(error, origin(flags.endpoint, "SQUARESTOCK_ENDPOINT", "endpoint"))
            }
        }
        let exchange =
            flags.exchange ?? env["SQUARESTOCK_EXCHANGE"].nonEmpty ?? config["exchange"] ?? catalog.defaultExchange
        guard catalog.isExchange(exchange) else {
            try refuse(.unknownExchange(exchange), origin(flags.exchange, "SQUARESTOCK_EXCHANGE", "exchange"))
        }
        var configProblems = config.problems
        // A config value that cannot be read is said and its default used, as a key that is not
        // known is (`stream = ture` was silently false, `currency = euro` asked for USDEURO=X);
        // the order settings are stricter below.
        func shown(_ text: String) -> String { TerminalText.sanitize(String(text.prefix(40))) }
        var configTimeout = config["timeout"].flatMap(Double.init)
        if let text = config["timeout"] {
            let instead = flags.timeout == nil ? "using 10" : "--timeout is used"
            if configTimeout == nil {
                configProblems.append("timeout = \(shown(text)) is not a number of seconds; \(instead)")
            } else if let t = configTimeout, (try? checkTimeout(t)) == nil {
                configProblems.append("timeout = \(shown(text)) is not between 0.001 and 600 seconds; \(instead)")
                configTimeout = nil
            }
        }
        let seconds = flags.timeout ?? configTimeout ?? 10
        do { try checkTimeout(seconds) } catch {
            try refuse(error, origin(flags.timeout, nil, "timeout"))
        }
        func configFlag(_ key: String) -> Bool {
            guard let text = config[key] else { return false }
            if let value = flag(text) { return value }
            configProblems.append("\(key) = \(shown(text)) is not true or false; using false")
            return false
        }
        let stream = configFlag("stream")
        let recordFills = configFlag("record_fills")
        var currency = config["currency"]
        if let c = currency, c.count != 3 || !c.allSatisfy({ $0.isASCII && $0.isLetter }) {
            configProblems.append(
                "currency = \(shown(c)) is not a three-letter ISO code such as EUR or USD; not converting")
            currency = nil
        }

        var cacheDirectory = PrivateFileStore.cacheDirectory(environment: env)
        var cacheWarning: String?
        if let dir = cacheDirectory, let problem = PrivateFileStore.folderProblem(dir) {
            cacheWarning = "warning: not using the cache: \(problem)"
            cacheDirectory = nil
        }
        let settings = Settings(
            sourceName: name, endpoint: endpoint, exchangeName: exchange.lowercased(), timeout: seconds,
            serviceSettings: catalog.resolveSettings(environment: env, config: { config[$0] }),
            currency: currency,
            watchlist: config["watchlist"].map(WatchList.parseConfig) ?? [],
            stream: stream,
            now: ClockOverride.now(environment: env, wallClock: wallClock),
            nowIsPinned: env["SQUARESTOCK_NOW"].nonEmpty != nil,
            cacheDirectory: cacheDirectory,
            userZone: UserTimeZone.current(environment: env, localtimeTarget: localtimeTarget),
            userZoneIdentifier: UserTimeZone.identifier(environment: env, localtimeTarget: localtimeTarget),
            configPath: configPath,
            configWarnings: configProblems.map { "warning: config: " + $0 },
            cacheWarning: cacheWarning, environment: env)
        SecretRedactor.shared.register(context: settings.sourceContext)
        for secret in catalog.settings where secret.isSecret {
            SecretRedactor.shared.register(settings.serviceSettings[secret.id])
        }
        var resolved = settings
        resolved.catalog = catalog
        resolved.sourceOrigin = sourceOrigin
        let portfolioName =
            flags.portfolio ?? env["SQUARESTOCK_PORTFOLIO"].nonEmpty ?? config["portfolio"]
            ?? Settings.defaultPortfolioName
        // The name heads every portfolio view: one with a control, escape or invisible character
        // would reach the terminal (a title set, a line rewritten), so it is refused where it is named.
        guard TerminalText.visible(portfolioName) == portfolioName else {
            try refuse(
                .invalidPortfolioName(portfolioName), origin(flags.portfolio, "SQUARESTOCK_PORTFOLIO", "portfolio"))
        }
        resolved.portfolioName = portfolioName
        resolved.configAlerts = (config["alerts"] ?? "").split(separator: ",").map {
            String($0).trimmingSpaces
        }.filter { !$0.isEmpty }
        resolved.onAlert = config["on_alert"].nonEmpty
        resolved.recordFills = recordFills
        // The order settings: one that cannot be read refuses every order until it is fixed
        // (a mistyped `paper = ture` must never quietly send a real order).
        func order<T>(_ key: String, _ parse: (String) -> T?, expected: String) -> T? {
            guard let text = config[key] else { return nil }
            if let value = parse(text) { return value }
            resolved.orderLimitProblems.append(
                "\(key) = \(TerminalText.sanitize(String(text.prefix(40)))) in the config file is not \(expected); "
                    + "fix it there")
            return nil
        }
        if config.dropsSettings {
            resolved.orderLimitProblems.append(
                "the config file \(configPath ?? "") has a setting that was not taken or was given twice (the warning "
                    + "above): a misspelt or doubled paper or order limit would not guard the order; fix it there")
        }
        resolved.paper = order("paper", Self.flag, expected: "true or false") ?? false
        resolved.paperInDoubt =
            !resolved.paper && (config.dropsSettings || (config["paper"].map { Self.flag($0) == nil } ?? false))
        resolved.orderLimits.maxOrderValue = order(
            "max_order_value", OrderLimits.parseValue, expected: "an amount and a currency like 1000 USD")
        if let percent = order("max_price_distance", OrderLimits.parseDistance, expected: "a percentage like 5%") {
            resolved.orderLimits.maxPriceDistance = percent
        }
        return resolved
    }

    /// `true`/`yes`/`on`/`1` or `false`/`no`/`off`/`0`, any case; nil for anything else.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: return nil
        }
    }

    /// Everything a source needs besides the symbols: clock, endpoint, keys, folders.
    package var sourceContext: SourceContext {
        SourceContext(
            now: now, endpoint: endpoint, cacheDirectory: cacheDirectory, exchange: exchangeName,
            settings: serviceSettings)
    }

    /// The ledger file: `$XDG_DATA_HOME/squarestock/portfolio.sqlite`.
    public var portfolioPath: String? {
        PrivateFileStore.dataDirectory(environment: environment).map { $0 + "/portfolio.sqlite" }
    }

    /// The limits every request runs under.
    package var transportOptions: TransportOptions { TransportOptions(timeout: timeout) }

    /// The themes `--theme` and config `theme` accept.
    public static let themeNames = ["auto", "dark", "light"]  // service-names: a theme, not the source

    static func checkTheme(_ name: String) throws(SettingsError) {
        guard themeNames.contains(name.lowercased()) else { throw .unknownTheme(name) }
    }

    static func checkEndpoint(_ endpoint: String) throws(SettingsError) {
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { throw .endpointNotHTTP(endpoint) }
    }

    static func checkTimeout(_ seconds: Double) throws(SettingsError) {
        guard seconds >= minimumTimeout, seconds <= 600 else { throw .timeoutOutOfRange }
    }
}

extension Optional where Wrapped == String {
    /// nil for an unset or empty variable.
    var nonEmpty: String? { self.flatMap { $0.isEmpty ? nil : $0 } }
}

extension Settings {
    /// The source `sourceName` names (checked while resolving, so the catalog has it).
    package var quoteSource: any QuoteSource {
        let context = sourceContext
        return catalog.quoteSource(named: sourceName, context: context)
            ?? catalog.quoteSource(named: catalog.defaultSource, context: context)!
    }
}
