import SquarestockCore
import SquarestockNetworking

/// Recorded histories for `chart --source samples`, listed in the optional fourth column of
/// `samples/manifest.tsv` (the quote reader uses only the first three):
///
///     AAPL  yahoo-chart  yahoo-chart/AAPL.json  1d=yahoo-chart:yahoo-chart/AAPL.json ytd,1y,5y,max=stooq:d:stooq/aapl_us_d.csv
///
/// Each space-separated item is `RANGES=FORMAT:FILE`: the `--range` values the recording covers,
/// and how to read it: `yahoo-chart` (v8 chart or v7 spark JSON), `stooq:d|w|m|5`,
/// `yahoo-table:d|w|m` (table.csv), `yahoo-download:d` (v7 download) or `alphavantage:daily|5min`.
/// A range the samples do not cover is an error naming the ones they do; nothing is stretched.
extension SamplesSource: HistorySource {
    /// One recorded history of the manifest.
    package struct HistoryEntry: Sendable, Equatable {
        package var symbol: String
        package var ranges: [ChartRange]
        package var format: String
        package var file: String
    }

    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        guard let dir = context.setting(SamplesService.directory) else { return .failure(.response(missingFolder)) }
        let entries: [HistoryEntry]
        switch transport.perform(HTTPRequest(url: SamplesSource.fileURL(dir + "/manifest.tsv"))) {
        case .success(let r): entries = SamplesSource.parseHistoryManifest(r.body)
        case .failure(let e): return .failure(.response(.transport(source: name, e)))
        }
        let mine = entries.filter { $0.symbol == symbol }
        guard !mine.isEmpty else {
            var covered: [String] = []
            for e in entries where !covered.contains(e.symbol) { covered.append(e.symbol) }
            return .failure(
                .unavailable(
                    source: name, what: "recorded history for this symbol",
                    hint: "the samples cover " + covered.joined(separator: ", ")))
        }
        guard let entry = mine.first(where: { $0.ranges.contains(range) }) else {
            let ranges = ChartRange.allCases.filter { r in mine.contains { $0.ranges.contains(r) } }
            return .failure(
                .unavailable(
                    source: name, what: "recorded \(range.rawValue) history for this symbol",
                    hint: "its recordings cover --range " + ranges.map(\.rawValue).joined(separator: ", ")))
        }
        let note = StockNote.remark("recorded sample (\(entry.file)), not live data")
        return transport.perform(HTTPRequest(url: SamplesSource.fileURL(dir + "/" + entry.file)))
            .mapError { HistoryError.response(.transport(source: name, $0)) }
            .flatMap { decodeHistory(entry: entry, response: $0, range: range, context: context) }
            .map { fetched in
                var f = fetched
                f.notes.insert(note, at: 0)
                return f
            }
    }

    func decodeHistory(entry: HistoryEntry, response: HTTPResponse, range: ChartRange, context: SourceContext)
        -> Result<FetchedHistory, HistoryError>
    {
        let parts = entry.format.split(separator: ":").map(String.init)
        let kind = parts.first ?? ""
        let code = parts.count > 1 ? parts[1] : ""
        if kind == "yahoo-chart" {
            return YahooChartHistory.fetched(
                response, symbol: entry.symbol, registry: context.registry,
                requested: range.preferredInterval, sourceName: name)
        }
        return HistoryVenue.resolve(symbol: entry.symbol, registry: context.registry, source: name).flatMap { venue in
            let decoded: Result<HistorySeries, HistoryError>
            switch (kind, SamplesSource.interval(code)) {
            case ("stooq", let i?):
                decoded = StooqHistoryDecoder.decode(response, symbol: entry.symbol, zone: venue.zone, interval: i)
            case ("yahoo-table", let i?):
                decoded = YahooHistoryCSVDecoder.decode(
                    response, layout: .table, symbol: entry.symbol, zone: venue.zone, interval: i)
            case ("yahoo-download", let i?):
                decoded = YahooHistoryCSVDecoder.decode(
                    response, layout: .download, symbol: entry.symbol, zone: venue.zone, interval: i)
            case ("alphavantage", let i?):
                decoded = AlphaVantageTimeSeriesDecoder.decode(
                    response, symbol: entry.symbol, zone: venue.zone, interval: i)
            default:
                return .failure(
                    .response(
                        .notConfigured(source: name, detail: "unknown history format \(entry.format) in manifest.tsv")))
            }
            return decoded.map { venue.fetched($0, source: name) }
        }
    }

    /// `d`, `w`, `m`, `daily`, or minutes (`5`, `5min`).
    static func interval(_ code: String) -> HistoryInterval? {
        switch code {
        case "d", "daily": return .daily
        case "w", "weekly": return .weekly
        case "m", "monthly": return .monthly
        default:
            let digits = code.hasSuffix("min") ? String(code.dropLast(3)) : code
            return Int(digits).flatMap { $0 > 0 ? .minutes($0) : nil }
        }
    }

    /// The history items of every manifest line; lines without a fourth column have none.
    package static func parseHistoryManifest(_ body: [UInt8]) -> [HistoryEntry] {
        var out: [HistoryEntry] = []
        for line in manifestLines(body) {
            if line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: true)
            guard columns.count >= 4 else { continue }
            let symbol = String(columns[0]).uppercased()
            for item in columns[3].split(separator: " ") {
                guard let eq = item.firstIndex(of: "="), let colon = item.lastIndex(of: ":"), colon > eq else {
                    continue
                }
                let ranges = item[..<eq].split(separator: ",").compactMap { ChartRange(rawValue: String($0)) }
                let format = String(item[item.index(after: eq)..<colon])
                let file = String(item[item.index(after: colon)...])
                guard !ranges.isEmpty, !format.isEmpty, !file.isEmpty else { continue }
                out.append(HistoryEntry(symbol: symbol, ranges: ranges, format: format, file: file))
            }
        }
        return out
    }
}
