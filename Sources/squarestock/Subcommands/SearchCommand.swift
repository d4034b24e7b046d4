import ArgumentParser
import Foundation
import SquarestockKit

/// `squarestock search QUERY`: companies by fuzzy name or ticker, offline first.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Find symbols by company name or ticker, typos included (offline; --online adds Yahoo and Alpha Vantage)."
    )

    @Argument(help: "What to look for: a ticker, a name, initials, with typos.")
    var query: [String] = []

    @Option(name: .long, help: "At most this many results (default 10).")
    var limit = 10

    @Option(name: .long, help: "Only this exchange (nasdaq, nyse, arca, amex, cboe, iex, ...).")
    var exchange: String?

    @Option(name: .long, help: "stock, etf or any (default any).")
    var type = "any"

    @Option(name: .long, help: "table (default on a terminal), json, csv (default when piped).")
    var format: QuoteCommand.Format?

    @Flag(
        name: .long,
        help: "Also ask Yahoo (and Alpha Vantage when a key is set) to find listings outside the US directory.")
    var online = false

    @OptionGroup var sourceOptions: SourceOptions

    mutating func validate() throws {
        if online { try sourceOptions.resolveSettings() } else { try sourceOptions.checkFlags() }
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("give something to search for, e.g. `squarestock search apple`")
        }
        guard (1...200).contains(limit) else { throw ValidationError("--limit must be between 1 and 200") }
        guard TypeFilter(argument: type) != nil else { throw ValidationError("--type must be stock, etf or any") }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let text = query.joined(separator: " ")
        let store = SymbolDirectoryStore(environment: env)
        var offline: [SearchMatch] = []
        var problems: [String] = []
        // Said, but not a failure: the offline search still answered (from the shipped copy).
        var warnings: [String] = []
        switch store.load() {
        case .success(let loaded):
            warnings = loaded.warnings
            offline = loaded.index.search(
                text, limit: limit, exchange: exchange, type: TypeFilter(argument: type) ?? .any)
        case .failure(let e):
            problems.append("offline directory: " + e.description)
        }
        var onlineMatches: [OnlineSymbolMatch] = []
        if online {
            let settings = try sourceOptions.settings()
            settings.printCacheWarning()
            let (context, options) = (settings.sourceContext, settings.transportOptions)
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
            let responses = CurlTransport(options: options).perform(requests)
            for (i, r) in responses.enumerated() {
                let decoded = r.mapError { QuoteError.transport(source: i == 0 ? "yahoo" : "alphavantage", $0) }.flatMap
                { response in
                    i == 0
                        ? YahooSearchDecoder.matches(response)
                        : AlphaVantageDecoder.search(
                            response, apiKey: context.alphaVantageAPIKey, registry: context.registry)
                }
                switch decoded {
                case .success(let m): onlineMatches += m
                case .failure(let e): problems.append((i == 0 ? "yahoo" : "alphavantage") + " search: " + e.detail)
                }
            }
        }
        let rows = SearchMerger.merge(offline: offline, online: onlineMatches, limit: limit)
        let caps = TerminalCapabilities.detect(environment: env, fd: 1)
        switch format ?? (caps.isTTY ? .table : .csv) {
        case .table:
            Terminal.writeOut(SearchResultWriter.table(rows, width: caps.columns, palette: Palette.forTerminal(caps)))
        case .json: Terminal.writeOut(SearchResultWriter.json(rows))
        case .csv: Terminal.writeOut(SearchResultWriter.csv(rows))
        }
        for p in warnings + problems { Terminal.writeError("squarestock: " + p + "\n") }
        if rows.isEmpty {
            Terminal.writeError(
                "squarestock: nothing matches \"\(TerminalText.sanitize(text))\""
                    + (online ? "" : "; try --online for listings outside the US") + "\n")
            throw ExitCode(offline.isEmpty && !problems.isEmpty ? 3 : 1)
        }
    }
}
