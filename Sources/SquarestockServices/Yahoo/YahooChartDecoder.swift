import SquarestockCore
import SquarestockNetworking

/// Reads Yahoo's v8 chart and v7 spark JSON into a `Stock`: the meta block carries the quote
/// (price, day range, volume, previous close, exchange zone) and the arrays carry the day's
/// bars, so quote and sparkline come from one consistent answer.
///
/// Null closes are gaps (Tokyo's lunch break), never zeros; a missing `timestamp` key means the
/// source had no bars. Times are UTC epoch seconds, placed with `exchangeTimezoneName`, never
/// with `gmtoffset` (the offset now, not at the bar).
package enum YahooChartDecoder {
    package static let source = "yahoo"

    package static func stock(symbol: String, response: HTTPResponse, context: SourceContext, sourceName: String)
        -> Result<Stock, QuoteError>
    {
        if response.status == 429 {
            return .failure(RateLimit.error(response, source: source))
        }
        let kind = BodyKind.classify(response.body)
        guard kind == .json else {
            return .failure(
                .unexpectedBody(
                    source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(response.body),
                    hint: nil))
        }
        let envelope: YahooChartEnvelope
        switch YahooChartEnvelope.open(response.body, status: response.status, symbol: symbol) {
        case .success(let e): envelope = e
        case .failure(let e): return .failure(e)
        }
        let result = envelope.result
        let meta = envelope.meta
        guard let last = meta["regularMarketPrice"]?.decimal else {
            if case .number(let text)? = meta["regularMarketPrice"] {
                return .failure(.priceNotReadable(source: source, sent: text))
            }
            return .failure(.noData(source: source))
        }

        let venue = YahooVenue(meta, codeKey: "exchangeName", symbol: symbol, registry: context.registry)
        let exchange = venue.exchange
        let zone = venue.zone
        let lastTrade = meta["regularMarketTime"]?.epochInstant
        let granularity = meta["dataGranularity"]?.string ?? ""
        let isIntraday = granularity.hasSuffix("m") || granularity.hasSuffix("h")
        var previous = meta["previousClose"]?.decimal
        if previous == nil && isIntraday && meta["range"]?.string == "1d" {
            previous = meta["chartPreviousClose"]?.decimal
        }

        var points: [IntradayPoint] = []
        var firstOpen: ExactDecimal? = nil
        if isIntraday, let stamps = result["timestamp"]?.array, let quote = result["indicators"]?["quote"]?[0] {
            let closes = quote["close"]?.array ?? []
            let opens = quote["open"]?.array ?? []
            for (k, stamp) in stamps.enumerated() where k < closes.count {
                guard let t = stamp.epochInstant, let c = closes[k].decimal else { continue }
                points.append(IntradayPoint(time: t, price: c))
                if firstOpen == nil, k < opens.count { firstOpen = opens[k].decimal }
            }
            points.sort { $0.time < $1.time }
        }
        var price = Price(
            last: last, open: firstOpen, high: meta["regularMarketDayHigh"]?.decimal,
            low: meta["regularMarketDayLow"]?.decimal,
            previousClose: previous, volume: meta["regularMarketVolume"]?.decimal, lastTrade: lastTrade)
        price.deriveChange()

        var session: ClosedRange<Instant>? = nil
        if let period = result["meta"]?["tradingPeriods"]?[0]?[0]
            ?? (isIntraday ? meta["currentTradingPeriod"]?["regular"] : nil),
            let s = period["start"]?.epochInstant, let e = period["end"]?.epochInstant, s <= e
        {
            session = s...e
        } else if let lastTrade, let zone {
            session = SessionWindow.regular(exchange: exchange, zone: zone, on: zone.localDateTime(at: lastTrade).date)
        }
        let company = Company(symbol: symbol, name: venue.name, exchange: exchange, exchangeCode: venue.exchangeCode)
        let currency = venue.currency
        var unavailable: String? = nil
        if points.isEmpty {
            unavailable =
                isIntraday
                ? "the source had no intraday bars for this day"
                : "the recorded chart has \(granularity.isEmpty ? "no" : granularity) bars, not intraday ones"
        }
        return .success(
            Stock(
                company: company, currency: currency, timeZone: zone, price: price, intraday: points,
                session: session, source: sourceName, intradayUnavailable: unavailable))
    }
}
