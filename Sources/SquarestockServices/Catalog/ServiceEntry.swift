/// One service as the rest of squarestock sees it: its name (what `--source` and `--exchange`
/// take, and what outputs show), other spellings accepted, the name a person reads, and what it
/// offers. Each service folder declares its own entry in one file (`<Name>Service.swift`); the
/// catalog (`ServiceCatalog`) holds them, and nothing outside the folder names the service.
package struct ServiceEntry: Sendable {
    package var name: String
    /// Other accepted spellings (`alpha-vantage`), never listed.
    package var aliases: [String]
    /// "Alpha Vantage", "Kraken": in sentences and table titles.
    package var displayName: String
    /// Its quotes and history for `--source`, made for one command's context; the catalog is
    /// passed so a chain (`auto`) finds the services it asks without naming them.
    package var quotes: (@Sendable (SourceContext, ServiceCatalog) -> QuoteSource)?
    /// Its exchange market data (pairs, book, trades, candles); an exchange also serves quotes
    /// and history through `ExchangeSource` unless `quotes` says otherwise.
    package var exchange: (@Sendable () -> ExchangeAdapter)?
    /// Quotes come only from its stream: a watch streams it and never polls.
    package var streamsOnly: Bool
    /// It serves recordings, offline (`--replay-speed` replays them; doctor never counts it as
    /// a working live source).
    package var isOffline: Bool
    /// Its live feed (`watch --stream`, `book --live`).
    package var stream: StreamCapability?
    /// Its private API (`account`, orders).
    package var account: AccountCapability?
    /// Its online symbol search.
    package var search: SearchCapability?
    /// What `doctor` checks of it.
    package var doctor: DoctorCapability?
    /// What it reads from the user's setup (keys, a user agent, a folder).
    package var settings: [ServiceSetting]

    package init(
        name: String, aliases: [String] = [], displayName: String,
        quotes: (@Sendable (SourceContext, ServiceCatalog) -> QuoteSource)? = nil,
        exchange: (@Sendable () -> ExchangeAdapter)? = nil, streamsOnly: Bool = false, isOffline: Bool = false,
        stream: StreamCapability? = nil, search: SearchCapability? = nil, doctor: DoctorCapability? = nil,
        settings: [ServiceSetting] = [], account: AccountCapability? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.displayName = displayName
        self.quotes = quotes
        self.exchange = exchange
        self.streamsOnly = streamsOnly
        self.isOffline = isOffline
        self.stream = stream
        self.account = account
        self.search = search
        self.doctor = doctor
        self.settings = settings
    }

    /// Whether `name` (any case) is this service's name or one of its aliases.
    package func answers(to spelling: String) -> Bool {
        let lower = spelling.lowercased()
        return lower == name || aliases.contains(lower)
    }
}
