/// The sources `--source` accepts, by name.
package enum SourceCatalog {
    package static let names =
        ["auto", "yahoo", "alphavantage", "stooq", "yahoo-csv", "samples", "tradernet"] + ExchangeCatalog.names
    package static let defaultName = "auto"

    package static func source(named name: String, context: SourceContext) -> QuoteSource? {
        switch name.lowercased() {
        case "auto": return FallbackSource.standard(context: context)
        case "yahoo": return YahooSource()
        case "alphavantage", "alpha-vantage": return AlphaVantageSource()
        case "stooq": return StooqSource()
        case "yahoo-csv", "yahoocsv": return YahooCSVSource()
        case "samples", "sample": return SamplesSource()
        case "tradernet": return TradernetSource()
        default: return ExchangeCatalog.adapter(named: name).map(ExchangeSource.init(adapter:))
        }
    }

    /// Sources whose quotes come only from their stream: a watch streams them and never polls.
    package static func streamsOnly(_ name: String) -> Bool { name.lowercased() == "tradernet" }

    package static func isKnown(_ name: String) -> Bool {
        names.contains(name.lowercased()) || ["yahoocsv", "sample", "alpha-vantage"].contains(name.lowercased())
    }
}
