extension ServiceCatalog {
    /// Every service squarestock ships, one line each, in the order `--source` lists them. The
    /// only place that names them all: a new service is its folder plus a line here.
    package static let standard = ServiceCatalog(
        entries: [
            FallbackService.entry, YahooService.entry, AlphaVantageService.entry, StooqService.entry,
            YahooCSVService.entry, SamplesService.entry, TradernetService.entry, KrakenService.entry,
            CoinbaseService.entry, TradeOgreService.entry,
        ],
        defaultSource: FallbackService.name, defaultExchange: KrakenService.name)
}
