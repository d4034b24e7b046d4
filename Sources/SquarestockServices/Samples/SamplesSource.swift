import SquarestockCore
import SquarestockNetworking

/// The offline source: real recorded responses shipped in `samples/`, fetched through libcurl
/// as `file://` URLs and read by the same decoders as the live sources. It is what makes the
/// first command a new user runs work without a network.
///
/// `samples/manifest.tsv` lists, per symbol, the format and the file (tab separated):
/// `AAPL  yahoo-chart  yahoo-chart/AAPL.json`, or `INTC  yahoo-csv:<f codes>  yahoo-csv/x.csv`.
package struct SamplesSource: QuoteSource {
    package let name = SamplesService.name

    package init() {}

    package struct Entry: Sendable, Equatable {
        package var symbol: String
        package var format: String
        package var file: String
    }

    /// Quotes and charts alike read the samples folder; what to do when it is not found.
    var missingFolder: QuoteError {
        .notConfigured(
            source: name,
            detail:
                "the samples folder was not found; set SQUARESTOCK_SAMPLES to the samples/ folder of a squarestock checkout"
        )
    }

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        guard let dir = context.setting(SamplesService.directory) else {
            return symbols.map { StockResult(symbol: $0, outcome: .failure(missingFolder)) }
        }
        let manifestResult = transport.perform(HTTPRequest(url: SamplesSource.fileURL(dir + "/manifest.tsv")))
        let entries: [Entry]
        switch manifestResult {
        case .success(let r): entries = SamplesSource.parseManifest(r.body)
        case .failure(let e):
            return symbols.map { StockResult(symbol: $0, outcome: .failure(.transport(source: name, e))) }
        }
        let known = entries.map(\.symbol)
        var files: [String] = []
        for s in symbols {
            if let e = entries.first(where: { $0.symbol == s }), !files.contains(e.file) { files.append(e.file) }
        }
        let responses = transport.perform(files.map { HTTPRequest(url: SamplesSource.fileURL(dir + "/" + $0)) })
        return symbols.map { symbol in
            guard let entry = entries.first(where: { $0.symbol == symbol }) else {
                return StockResult(
                    symbol: symbol,
                    outcome: .failure(
                        .unsupportedSymbol(
                            source: name,
                            reason: "no recorded data for it; the samples cover " + known.joined(separator: ", "))))
            }
            let k = files.firstIndex(of: entry.file) ?? 0  // every entry's file was requested above
            let outcome: Result<Stock, QuoteError> = responses[k].mapError { QuoteError.transport(source: name, $0) }
                .flatMap { response in
                    decode(entry: entry, response: response, context: context)
                }
            return StockResult(
                symbol: symbol,
                outcome: outcome.map { stock in
                    var s = stock
                    s.recordedAt = s.price.lastTrade
                    let day = s.price.lastTrade.map { " of " + $0.utc.date.description } ?? ""
                    s.notes.insert(
                        .remark("recorded sample\(day), not live data: status and times as of then (\(entry.file))"),
                        at: 0)
                    return s
                })
        }
    }

    func decode(entry: Entry, response: HTTPResponse, context: SourceContext) -> Result<Stock, QuoteError> {
        let sourceName = name
        if entry.format == "yahoo-chart" {
            return YahooChartQuote.stock(
                symbol: entry.symbol, response: response, context: context, sourceName: sourceName)
        }
        if entry.format.hasPrefix("yahoo-csv") {
            let codes =
                entry.format.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
                ?? YahooFieldCode.standard
            // The first line that echoes the symbol, read as `YahooCSVSource.quotes` reads an answer.
            var reader = YahooCSVStockReader(context: context, sourceName: sourceName)
            var found: Result<Stock, QuoteError>?
            let failure = reader.readStocks(
                response, codes: YahooFieldCode.split(codes) ?? [], wanted: { found == nil && $0 == entry.symbol },
                stock: { _, stock in found = .success(stock) }, failed: { _, error in found = .failure(error) })
            if let failure { return .failure(failure) }
            return found ?? .failure(.missingFromResponse(source: sourceName))
        }
        if entry.format == "stooq-quote" {
            return StooqDecoder.quotes(response).flatMap { rows in
                guard let row = rows.first else { return .failure(.missingFromResponse(source: sourceName)) }
                return StooqSource.stock(
                    symbol: entry.symbol, row: row, intraday: nil, daily: nil, context: context, sourceName: sourceName)
            }
        }
        return .failure(
            .notConfigured(source: sourceName, detail: "unknown sample format \(entry.format) in manifest.tsv"))
    }

    package static func parseManifest(_ body: [UInt8]) -> [Entry] {
        manifestLines(body).compactMap { line in
            if line.hasPrefix("#") { return nil }
            let parts = line.split(separator: "\t", omittingEmptySubsequences: true)
            guard parts.count >= 3 else { return nil }
            return Entry(symbol: String(parts[0]).uppercased(), format: String(parts[1]), file: String(parts[2]))
        }
    }

    /// The non-empty lines of a manifest, cut at `\n`, `\r` or `\r\n` as bytes: a line end is
    /// never part of a longer character, so only the lines themselves become strings.
    static func manifestLines(_ body: [UInt8]) -> [String] {
        body.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 10 || $0 == 13 }).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    static func fileURL(_ path: String) -> String {
        "file://"
            + path.split(separator: "/", omittingEmptySubsequences: false).map { Endpoint.encode(String($0)) }.joined(
                separator: "/")
    }
}
