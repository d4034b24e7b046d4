import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// `squarestock doctor`: the local setup, then every source asked for one symbol.
    public func doctor() -> DoctorReport {
        let context = settings.sourceContext
        let env = settings.environment
        var setup: [String] = []
        setup.append(Doctor.describePath("config file", settings.configPath))
        let cacheFolder = PrivateFileStore.cacheDirectory(environment: env)
        setup.append(
            Doctor.describePath("cache folder", cacheFolder)
                + (cacheFolder.flatMap(PrivateFileStore.folderProblem).map { " not used: \($0)" } ?? ""))
        let session = YahooSessionStore(cacheDirectory: context.cacheDirectory).load(
            origin: YahooSession.origin(endpoint: context.endpoint))
        setup.append(
            "yahoo session: "
                + (session.map { s in
                    "cached, made " + AgeFormatter.ago(from: Instant(secondsSinceEpoch: s.created), now: context.now)
                        + (s.isUsable(now: context.now) ? "" : " (expired; a new one will be made)")
                } ?? "none cached"))
        setup.append(
            "stooq API key: "
                + (context.stooqAPIKey == nil ? "not configured (STOOQ_API_KEY or stooq_api_key)" : "configured"))
        setup.append(
            "alphavantage API key: "
                + (context.alphaVantageAPIKey == nil
                    ? "not configured (ALPHAVANTAGE_API_KEY or alphavantage_api_key)" : "configured"))
        setup.append("samples: " + (context.samplesDirectory ?? "not found (set SQUARESTOCK_SAMPLES)"))
        setup.append("endpoint: " + (context.endpoint.map(Endpoint.redact) ?? "the services' own hosts"))

        // TradeOgre has no live host: it is checked only against an --endpoint.
        let exchanges: [QuoteSource] = settings.catalog.exchangeNames.compactMap { name in
            guard let adapter = settings.catalog.adapter(named: name), adapter.baseURL != nil || context.endpoint != nil
            else { return nil }
            return ExchangeSource(adapter: adapter)
        }
        let live: [QuoteSource] = [YahooSource(), AlphaVantageSource(), StooqSource(), YahooCSVSource()] + exchanges
        let reports = Doctor(sources: live + [SamplesSource()]).check(context: context, transport: transport)
        let working = reports.filter { $0.ok && $0.name != "samples" }.map(\.name)
        return DoctorReport(setup: setup, sources: reports, working: working)
    }
}
