import SquarestockServices

/// What the command line's help and checks need to know of the services, read from the
/// standard catalog, so no command spells a service's name: a new service shows up in them by
/// its catalog line alone.
extension Settings {
    static var standard: ServiceCatalog { .standard }

    /// The names `--source` accepts, for help texts.
    public static var sourceNames: [String] { standard.sourceNames }
    /// The source used when none is named.
    public static var defaultSourceName: String { standard.defaultSource }
    /// The names `--exchange` accepts.
    public static var exchangeNames: [String] { standard.exchangeNames }
    /// The exchange used when none is named.
    public static var defaultExchangeName: String { standard.defaultExchange }
    /// The source that works with no network (the recordings), for "works offline" hints.
    public static var offlineSourceName: String { standard.entries.first { $0.isOffline }?.name ?? "" }

    /// "KRAKEN_API_KEY/KRAKEN_API_SECRET", ...: each exchange's key variables, in catalog order.
    public static var accountKeyVariables: [String] {
        standard.entries.compactMap { $0.account.map { $0.keyVariable + "/" + $0.secretVariable } }
    }

    /// The first exchange whose book `book --live` keeps, for its help.
    public static var liveBookExchangeExample: String {
        standard.streamOffers.first { $0.exchange != nil && $0.stream?.book != nil }?.name ?? ""
    }

    /// "yahoo, coinbase, kraken or tradernet, which only streams": the sources `--stream` takes.
    public static var streamSourcesText: String {
        let offers = standard.streamOffers
        let names = offers.map(\.name)
        guard let last = offers.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last.name
            + (last.streamsOnly ? ", which only streams" : "")
    }

    /// "Yahoo and Alpha Vantage": the services `search --online` asks.
    public static var onlineSearchNames: String {
        standard.entries.filter { $0.search != nil }.map(\.displayName).joined(separator: " and ")
    }

    /// "Yahoo (and Alpha Vantage when a key is set)".
    public static var onlineSearchHelp: String {
        let searching = standard.entries.filter { $0.search != nil }
        let keyless = searching.filter { $0.search?.needsKey == false }.map(\.displayName).joined(separator: " and ")
        let keyed = searching.filter { $0.search?.needsKey == true }.map(\.displayName)
        return keyed.isEmpty ? keyless : keyless + " (and " + keyed.joined(separator: " and ") + " when a key is set)"
    }

    /// `--exchange NAME` when NAME streams only books (no market data to resolve settings with):
    /// the name, else nil.
    public static func streamOnlyExchange(_ name: String?) -> String? {
        guard let name, let entry = standard.entry(named: name), entry.streamsOnly, entry.stream?.book != nil else {
            return nil
        }
        return entry.name
    }

    /// How people write a service's name (`Tradernet`).
    public static func displayName(of name: String) -> String { standard.entry(named: name)?.displayName ?? name }

    /// The source asks others in turn (`auto`): outputs say which answered.
    public var sourceIsChain: Bool { quoteSource.isChain }

    /// The source serves recordings, offline.
    public var sourceIsOffline: Bool { catalog.entry(named: sourceName)?.isOffline ?? false }
}
