import SquarestockCore
import SquarestockNetworking

/// A `Stock` from a Yahoo chart answer (`YahooChartDecoder`): the meta block carries the quote
/// (price, day range, volume, previous close, exchange zone) and the bars the day's sparkline,
/// so quote and sparkline come from one consistent answer.
///
/// Times are UTC epoch seconds, placed with `exchangeTimezoneName`, never with `gmtoffset` (the
/// offset now, not at the bar).
package enum YahooChartQuote {
    package static func stock(symbol: String, response: HTTPResponse, context: SourceContext, sourceName: String)
        -> Result<Stock, QuoteError>
    {
        screen(response).flatMap { YahooChartDecoder.chart(response.body, status: response.status, symbol: symbol) }
            .flatMap { stock(symbol: symbol, chart: $0, context: context, sourceName: sourceName) }
    }

    /// The stocks of one spark answer (`/v7/finance/spark`, many symbols), the body read once: a
    /// symbol the answer leaves out is unknown to Yahoo; an error of the whole answer is every
    /// symbol's.
    /// `spelled`: each symbol as it was asked (`YahooTicker.wire`), the key of its chart; the
    /// symbols themselves when nil.
    package static func sparkStocks(
        symbols: [String], spelled: [String]? = nil, response: HTTPResponse, context: SourceContext, sourceName: String
    ) -> [Result<Stock, QuoteError>] {
        switch screen(response).flatMap({ YahooChartDecoder.sparkCharts(response.body, status: response.status) }) {
        case .failure(let e): return symbols.map { _ in .failure(e) }
        case .success(let charts):
            return zip(symbols, spelled ?? symbols).map { s, key in
                charts[key.uppercased()].map { stock(symbol: s, chart: $0, context: context, sourceName: sourceName) }
                    ?? .failure(.unknownSymbol(source: YahooChartDecoder.source))
            }
        }
    }

    /// A rate limit or a body that is not JSON, before any parsing.
    static func screen(_ response: HTTPResponse) -> Result<Void, QuoteError> {
        let source = YahooChartDecoder.source
        if response.status == 429 {
            return .failure(RateLimit.error(response, source: source))
        }
        let kind = BodyKind.classify(response.body)
        guard kind == .json else {
            return .failure(
                .notJSON(source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(response.body)))
        }
        return .success(())
    }

    static func stock(symbol: String, chart: YahooChart, context: SourceContext, sourceName: String) -> Result<
        Stock, QuoteError
    > {
        let source = YahooChartDecoder.source
        let meta = chart.meta
        guard let last = YahooFloatPrice.decimal(meta["regularMarketPrice"]) else {
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
        var previous = YahooFloatPrice.decimal(meta["previousClose"])
        if previous == nil && isIntraday && meta["range"]?.string == "1d" {
            previous = YahooFloatPrice.decimal(meta["chartPreviousClose"])
        }

        var points: [IntradayPoint] = []
        var firstOpen: ExactDecimal? = nil
        if isIntraday {
            points = chart.rows.map { IntradayPoint(time: $0.time, price: $0.close) }
            points.sort { $0.time < $1.time }
            firstOpen = chart.rows.first { $0.open != nil }?.open
        }
        var price = Price(
            last: last, open: firstOpen, high: YahooFloatPrice.decimal(meta["regularMarketDayHigh"]),
            low: YahooFloatPrice.decimal(meta["regularMarketDayLow"]),
            previousClose: previous, volume: meta["regularMarketVolume"]?.decimal, lastTrade: lastTrade)
        price.deriveChange()

        var session: ClosedRange<Instant>? = nil
        if let period = meta["tradingPeriods"]?[0]?[0]
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
        var stock = Stock(
            company: company, currency: currency, timeZone: zone, price: price, intraday: points,
            session: session, source: sourceName, intradayUnavailable: unavailable)
        stock.priceDecimals = YahooPriceHint.decimals(YahooPriceHint.decimals(meta["priceHint"]?.decimal), for: last)
        return .success(stock)
    }
}
