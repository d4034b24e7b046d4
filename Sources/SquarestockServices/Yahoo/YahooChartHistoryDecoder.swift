import SquarestockCore
import SquarestockMarket
import SquarestockNetworking

/// Reads Yahoo's v8 chart JSON (`/v8/finance/chart/SYM?range=...&interval=...`), and the v7 spark
/// answer that wraps the same object, into a normalised series.
///
/// `timestamp` holds UTC epoch seconds and `indicators.quote[0]` the O/H/L/C/V arrays, keyed by
/// name in any order and possibly shorter than `timestamp`. A `null` close is a bar Yahoo has no
/// price for (Tokyo's lunch break) and is skipped, never read as zero; no `timestamp` key means no
/// bars. Sessions are dated in `exchangeTimezoneName` (never with `gmtoffset`, the offset now);
/// daily and longer bars, stamped at the session open (or local midnight), keep that session date
/// and start at its local midnight like every other decoder's. Today's live bar can repeat the
/// day's daily bar; the later one wins. `chartPreviousClose` (the close before the first bar)
/// and, on intraday answers, `previousClose` (the close before the last session) are kept as
/// the series' previous closes.
package enum YahooChartHistoryDecoder {
    package static let source = "yahoo"

    /// - Parameters:
    ///   - requested: the interval asked for, used when the body does not say (`dataGranularity`).
    ///   - sourceName: the name the result carries (`samples` for recordings).
    package static func decode(
        _ response: HTTPResponse, symbol: String, registry: ExchangeRegistry,
        requested: HistoryInterval, sourceName: String = source
    ) -> Result<FetchedHistory, HistoryError> {
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
                    .unexpectedBody(
                        source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(body),
                        hint: "Yahoo's chart answers JSON; check the --endpoint")))
        }
        let envelope: YahooChartEnvelope
        switch YahooChartEnvelope.open(body, status: response.status, symbol: symbol) {
        case .success(let e): envelope = e
        case .failure(let e): return .failure(.response(e))
        }
        let result = envelope.result
        let meta = envelope.meta
        let venue = YahooVenue(meta, codeKey: "exchangeName", symbol: symbol, registry: registry)
        let exchange = venue.exchange
        var notes: [String] = []
        var zone = venue.zone
        if zone == nil {
            zone = utc
            notes.append("the exchange's time zone is not known; sessions are UTC dates")
        }
        guard let zone else {
            return .failure(.response(.notConfigured(source: source, detail: "ICU knows no UTC zone")))
        }
        let interval = meta["dataGranularity"]?.string.flatMap(interval(granularity:)) ?? requested
        let bars = self.bars(result, zone: zone, interval: interval)
        let series = HistorySeries(
            symbol: symbol, zone: zone, interval: interval, bars: bars,
            currency: venue.currency)

        var previousCloses: [CivilDate: ExactDecimal] = [:]
        if let first = bars.first?.session, let c = meta["chartPreviousClose"]?.decimal { previousCloses[first] = c }
        if interval.isIntraday, let last = bars.last?.session, let c = meta["previousClose"]?.decimal {
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

    /// Bars with a close, oldest first, one per instant (the later one wins).
    static func bars(_ result: JSONValue, zone: ExchangeTimeZone, interval: HistoryInterval) -> [Bar] {
        guard let stamps = result["timestamp"]?.array, let quote = result["indicators"]?["quote"]?[0] else { return [] }
        let opens = quote["open"]?.array ?? []
        let highs = quote["high"]?.array ?? []
        let lows = quote["low"]?.array ?? []
        let closes = quote["close"]?.array ?? []
        let volumes = quote["volume"]?.array ?? []
        func value(_ a: [JSONValue], _ k: Int) -> ExactDecimal? { k < a.count ? a[k].decimal : nil }
        var bars: [Bar] = []
        bars.reserveCapacity(stamps.count)
        for (k, stamp) in stamps.enumerated() {
            guard let t = stamp.epochInstant, let close = value(closes, k) else { continue }
            let session = zone.localDateTime(at: t).date
            let time = interval.isIntraday ? t : zone.instant(for: CivilDateTime(date: session))
            bars.append(
                Bar(
                    time: time, session: session, open: value(opens, k), high: value(highs, k), low: value(lows, k),
                    close: close, volume: value(volumes, k)))
        }
        return HistoryCSVReader.oldestFirst(bars)
    }
}
