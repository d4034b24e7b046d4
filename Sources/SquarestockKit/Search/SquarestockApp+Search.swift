import SquarestockCore
import SquarestockNetworking
import SquarestockSearch
import SquarestockServices

extension SquarestockApp {
    /// `squarestock search`: the offline directory, plus Yahoo (and Alpha Vantage when a key is
    /// set) when `online` is given: the app whose settings the services are asked with. Offline
    /// search needs no settings, so it is static and reads only the environment.
    public static func search(
        _ text: String, limit: Int, exchange: String?, type: TypeFilter, environment: [String: String],
        online: SquarestockApp?
    ) -> SearchReport {
        var offline: [SearchMatch] = []
        var problems: [String] = []
        var warnings: [String] = []
        switch SymbolDirectoryStore(environment: environment).load() {
        case .success(let loaded):
            warnings = loaded.warnings
            offline = loaded.index.search(text, limit: limit, exchange: exchange, type: type)
        case .failure(let e):
            problems.append("offline directory: " + e.description)
        }
        var onlineMatches: [OnlineSymbolMatch] = []
        if let online {
            let (matches, failures) = online.searchOnline(text, limit: limit)
            onlineMatches = matches
            problems += failures
        }
        return SearchReport(
            rows: SearchMerger.merge(offline: offline, online: onlineMatches, limit: limit), warnings: warnings,
            problems: problems, offlineMatched: !offline.isEmpty)
    }

    /// Yahoo's search, and Alpha Vantage's with a key, in one batch.
    func searchOnline(_ text: String, limit: Int) -> (matches: [OnlineSymbolMatch], problems: [String]) {
        let context = settings.sourceContext
        var requests = [
            HTTPRequest(
                url: YahooSearchDecoder.url(query: text, limit: limit, context: context),
                headers: ["User-Agent: " + context.yahooUserAgent])
        ]
        if let key = context.alphaVantageAPIKey {
            requests.append(
                HTTPRequest(
                    url: context.url(
                        "https://www.alphavantage.co/query?function=SYMBOL_SEARCH&keywords="
                            + Endpoint.encode(text) + "&datatype=csv&apikey=" + Endpoint.encode(key))))
        }
        var matches: [OnlineSymbolMatch] = []
        var problems: [String] = []
        for (i, r) in transport.perform(requests).enumerated() {
            let service = i == 0 ? "yahoo" : "alphavantage"
            let decoded = r.mapError { QuoteError.transport(source: service, $0) }.flatMap { response in
                i == 0
                    ? YahooSearchDecoder.matches(response)
                    : AlphaVantageDecoder.search(
                        response, apiKey: context.alphaVantageAPIKey, registry: context.registry)
            }
            switch decoded {
            case .success(let m): matches += m
            case .failure(let e): problems.append(service + " search: " + e.detail)
            }
        }
        return (matches, problems)
    }
}
