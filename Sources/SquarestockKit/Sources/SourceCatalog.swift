/// The sources `--source` accepts, by name.
public enum SourceCatalog {
    public static let names = ["stooq", "yahoo-csv", "samples"]
    public static let defaultName = "stooq"

    public static func source(named name: String) -> QuoteSource? {
        switch name.lowercased() {
        case "stooq": return StooqSource()
        case "yahoo-csv", "yahoocsv": return YahooCSVSource()
        case "samples", "sample": return SamplesSource()
        default: return nil
        }
    }
}
