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
            rows: SearchMerger.merge(
                offline: offline, online: onlineMatches, limit: limit, query: text,
                filtered: exchange?.isEmpty == false || type != .any),
            warnings: warnings,
            problems: problems, offlineMatched: !offline.isEmpty)
    }

    /// Every service's online search that can be asked now, in one batch.
    func searchOnline(_ text: String, limit: Int) -> (matches: [OnlineSymbolMatch], problems: [String]) {
        let context = settings.sourceContext
        let asked = settings.catalog.entries.compactMap { entry in
            entry.search.flatMap { search in search.request(text, limit, context).map { (entry.name, search, $0) } }
        }
        var matches: [OnlineSymbolMatch] = []
        var problems: [String] = []
        for ((service, search, _), r) in zip(asked, transport.perform(asked.map(\.2))) {
            let decoded = r.mapError { QuoteError.transport(source: service, $0) }.flatMap {
                search.matches($0, context)
            }
            switch decoded {
            case .success(let m): matches += m
            case .failure(let e): problems.append(service + " search: " + e.detail)
            }
        }
        return (matches, problems)
    }
}
