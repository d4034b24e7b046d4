import SquarestockCore
import SquarestockMarket
import SquarestockNetworking

/// A history from a Yahoo chart answer (`YahooChartDecoder`): the bars as a normalised series.
///
/// Sessions are dated in `exchangeTimezoneName` (never with `gmtoffset`, the offset now); daily
/// and longer bars, stamped at the session open (or local midnight), keep that session date and
/// start at its local midnight like every other decoder's. Today's live bar can repeat the day's
/// daily bar; the later one wins. `chartPreviousClose` (the close before the first bar) and, on
/// intraday answers, `previousClose` (the close before the last session) are kept as the
/// series' previous closes.
package enum YahooChartHistory {
    /// - Parameters:
    ///   - requested: the interval asked for, used when the body does not say (`dataGranularity`).
    ///   - sourceName: the name the result carries (`samples` for recordings).
    package static func fetched(
        _ response: HTTPResponse, symbol: String, registry: ExchangeRegistry,
        requested: HistoryInterval, sourceName: String = YahooChartDecoder.source
    ) -> Result<FetchedHistory, HistoryError> {
        let source = YahooChartDecoder.source
        let body = response.body
        if response.status == 429 {
            return .failure(.response(RateLimit.error(response, source: source)))
        }
        let kind = BodyKind.classify(body)
        guard kind == .json else {
            if response.status >= 400 {
                return .failure(
                    .response(.httpStatus(source: source, status: response.status, excerpt: BodyKind.excerpt(body))))
            }
            return .failure(
                .response(
                    .notJSON(source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(body))))
        }
        let chart: YahooChart
        switch YahooChartDecoder.chart(body, status: response.status, symbol: symbol) {
        case .success(let c): chart = c
        case .failure(let e): return .failure(.response(e))
        }
        let meta = chart.meta
        let venue = YahooVenue(meta, codeKey: "exchangeName", symbol: symbol, registry: registry)
        let exchange = venue.exchange
        var notes: [StockNote] = []
        var zone = venue.zone
        if zone == nil {
            zone = utc
            notes.append(.remark("the exchange's time zone is not known; sessions are UTC dates"))
        }
        guard let zone else {
            return .failure(.response(.notConfigured(source: source, detail: "ICU knows no UTC zone")))
        }
        let interval = meta["dataGranularity"]?.string.flatMap(interval(granularity:)) ?? requested
        let bars = self.bars(chart.rows, zone: zone, interval: interval)
        let series = HistorySeries(
            symbol: symbol, zone: zone, interval: interval, bars: bars,
            currency: venue.currency)

        var previousCloses: [CivilDate: ExactDecimal] = [:]
        if let first = bars.first?.session, let c = YahooFloatPrice.decimal(meta["chartPreviousClose"]) {
            previousCloses[first] = c
        }
        if interval.isIntraday, let last = bars.last?.session, let c = YahooFloatPrice.decimal(meta["previousClose"]) {
            previousCloses[last] = c
        }
        return .success(
            FetchedHistory(
                series: series, previousCloses: previousCloses, exchange: exchange, name: venue.name,
                source: sourceName, notes: notes))
    }

    static let utc = try? ExchangeTimeZone(identifier: "UTC")

    /// `5m` -> 5 minutes, `1h` -> 60, `1d`, `5d` and `1wk` -> weekly, `1mo` and `3mo` -> monthly.
    static func interval(granularity g: String) -> HistoryInterval? {
        switch g {
        case "1d": return .daily
        case "5d", "1wk": return .weekly
        case "1mo", "3mo": return .monthly
        default:
            if g.hasSuffix("m"), let n = Int(g.dropLast()), n > 0 { return .minutes(n) }
            if g.hasSuffix("h"), let n = Int(g.dropLast()), n > 0 { return .minutes(n * 60) }
            return nil
        }
    }

    /// The rows as bars, oldest first, one per instant (the later one wins).
    static func bars(_ rows: [YahooChartRow], zone: ExchangeTimeZone, interval: HistoryInterval) -> HistoryBars {
        var bars = HistoryBars()
        bars.reserveCapacity(rows.count)
        for row in rows {
            let session = zone.localDateTime(at: row.time).date
            let time = interval.isIntraday ? row.time : zone.instant(for: CivilDateTime(date: session))
            bars.append(
                Bar(
                    time: time, session: session, open: row.open, high: row.high, low: row.low, close: row.close,
                    volume: row.volume))
        }
        bars.putOldestFirst()
        return bars
    }
}
