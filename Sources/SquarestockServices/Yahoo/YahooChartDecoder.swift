import SquarestockCore
import SquarestockNetworking

/// Reads Yahoo's v8 chart and v7 spark JSON into a `Stock`: the meta block carries the quote
/// (price, day range, volume, previous close, exchange zone) and the arrays carry the day's
/// bars, so quote and sparkline come from one consistent answer.
///
/// Null closes are gaps (Tokyo's lunch break), never zeros; a missing `timestamp` key means the
/// source had no bars. Times are UTC epoch seconds, placed with `exchangeTimezoneName`, never
/// with `gmtoffset` (the offset now, not at the bar).
public enum YahooChartDecoder {
    public static let source = "yahoo"

    public static func stock(symbol: String, response: HTTPResponse, context: SourceContext, sourceName: String)
        -> Result<Stock, QuoteError>
    {
        if response.status == 429 {
            return .failure(
                .rateLimited(
                    source: source, detail: "HTTP 429: \"\(BodyKind.excerpt(response.body))\"", retryAfter: nil))
        }
        let kind = BodyKind.classify(response.body)
        guard kind == .json else {
            return .failure(
                .unexpectedBody(
                    source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(response.body),
                    hint: nil))
        }
        let root: JSONValue
        do { root = try JSONReader.parse(response.body) } catch {
            return .failure(.malformed(source: source, line: 1, column: error.offset + 1, detail: error.message))
        }
        // Either {"chart":{"result":[R]}} or {"spark":{"result":[{"symbol":..,"response":[R]}]}}.
        var result: JSONValue?
        if let chart = root["chart"] {
            if let err = chart["error"], !err.isNull { return .failure(envelopeError(err, status: response.status)) }
            result = chart["result"]?[0]
        } else if let spark = root["spark"] {
            if let err = spark["error"], !err.isNull { return .failure(envelopeError(err, status: response.status)) }
            let entry = spark["result"]?.array?.first { $0["symbol"]?.string?.uppercased() == symbol.uppercased() }
            result = entry?["response"]?[0]
        }
        guard let result, let meta = result["meta"] else { return .failure(.unknownSymbol(source: source)) }
        guard let last = meta["regularMarketPrice"]?.decimal else {
            if case .number(let text)? = meta["regularMarketPrice"] {
                return .failure(.priceNotReadable(source: source, sent: text))
            }
            return .failure(.noData(source: source))
        }

        let exchangeCode = meta["exchangeName"]?.string
        let registry = context.registry
        let exchange =
            exchangeCode.flatMap { registry.exchange(sourceCode: $0) }
            ?? meta["fullExchangeName"]?.string.flatMap { registry.exchange(sourceCode: $0) }
            ?? registry.exchange(forSymbol: symbol)
        let zoneName = meta["exchangeTimezoneName"]?.string ?? exchange?.timeZone
        let zone = zoneName.flatMap { try? ExchangeTimeZone(identifier: $0) }
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
        let name = (meta["longName"]?.string ?? meta["shortName"]?.string).flatMap { $0.isEmpty ? nil : $0 }
        let company = Company(
            symbol: symbol, name: name, exchange: exchange,
            exchangeCode: meta["fullExchangeName"]?.string ?? exchangeCode)
        let currency = meta["currency"]?.string.map(Currency.named) ?? exchange?.currency
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

    static func envelopeError(_ err: JSONValue, status: Int) -> QuoteError {
        let code = err["code"]?.string ?? ""
        let description = err["description"]?.string ?? code
        if code == "Not Found" { return .unknownSymbol(source: source) }
        return .httpStatus(source: source, status: status, excerpt: description)
    }
}
