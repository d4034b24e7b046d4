import Foundation
import SquarestockCore
import SquarestockNetworking

/// Stooq (stooq.com): quotes in batches from `/q/l/`, then the day's 5-minute bars from
/// `/q/d/l/?i=5` and recent daily bars from `/q/d/l/?i=d` for the previous close, of the
/// symbols the quotes priced only. Two concurrent rounds: a symbol Stooq answers `N/D` costs
/// its share of a batch and nothing more (before, each cost two history requests that could
/// only fail, 98 wasted round trips for 49 unknown symbols in 50).
package struct StooqSource: QuoteSource {
    package let name = StooqService.name
    /// Stooq drops rows silently from large batches.
    package static let batchSize = 10

    package init() {}

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        var outcomes = [Result<Stock, QuoteError>?](repeating: nil, count: symbols.count)
        var tickers: [(index: Int, ticker: String)] = []
        for (i, s) in symbols.enumerated() {
            switch StooqSymbol.ticker(for: s, registry: context.registry) {
            case .success(let t): tickers.append((i, t))
            case .failure(let e): outcomes[i] = .failure(e)
            }
        }
        let batches = stride(from: 0, to: tickers.count, by: StooqSource.batchSize).map {
            Array(tickers[$0..<min($0 + StooqSource.batchSize, tickers.count)])
        }
        // First the quotes; then history only for the symbols they priced. A symbol Stooq
        // answered `N/D` (or left out) gets no history request: it could only say the same.
        let responses = transport.perform(
            batches.map { HTTPRequest(url: quoteURL($0.map(\.ticker), context: context)) })
        var priced: [(index: Int, ticker: String, row: StooqQuoteRow)] = []
        for (b, batch) in batches.enumerated() {
            let decoded = responses[b].mapError { QuoteError.transport(source: name, $0) }.flatMap(StooqDecoder.quotes)
            switch decoded {
            case .failure(let e):
                for t in batch { outcomes[t.index] = .failure(e) }
            case .success(let rows):
                var byTicker: [String: StooqQuoteRow] = [:]
                for r in rows where byTicker[r.symbol] == nil { byTicker[r.symbol] = r }
                for t in batch {
                    guard let row = byTicker[t.ticker.uppercased()] else {
                        outcomes[t.index] = .failure(.missingFromResponse(source: name))
                        continue
                    }
                    guard row.hasData, row.unreadableClose == nil else {
                        outcomes[t.index] = StooqSource.stock(
                            symbol: symbols[t.index], row: row, intraday: nil, daily: nil, context: context,
                            sourceName: name)
                        continue
                    }
                    priced.append((t.index, t.ticker, row))
                }
            }
        }
        let history = quoteHistory(
            priced.map { (symbols[$0.index], $0.ticker) }, context: context, transport: transport)
        for (k, p) in priced.enumerated() {
            outcomes[p.index] = StooqSource.stock(
                symbol: symbols[p.index], row: p.row, intraday: history[k].intraday, daily: history[k].daily,
                context: context, sourceName: name)
        }
        return symbols.enumerated().map { i, s in
            StockResult(symbol: s, outcome: outcomes[i] ?? .failure(.missingFromResponse(source: name)))
        }
    }

    /// The day's 5-minute bars (the sparkline) and three weeks of daily bars (the previous close)
    /// of each priced symbol, all in one concurrent round, decoded in the symbol's exchange zone
    /// (Warsaw's when the exchange is not known). nil when no zone is known: bars could not be
    /// dated, so they are not asked for.
    func quoteHistory(_ asked: [(symbol: String, ticker: String)], context: SourceContext, transport: HTTPTransport)
        -> [(intraday: Result<HistorySeries, HistoryError>?, daily: Result<HistorySeries, HistoryError>?)]
    {
        // The same dates a 1d chart asks for, so one command's chart and quote share the answer.
        let from = context.now.utc.date.adding(days: -ChartRange.intradayDailyDays)
        let to = ChartRange.fetchEnd(now: context.now)
        let zones = asked.map { StooqSource.exchangeZone($0.symbol, context) ?? StooqSource.warsaw }
        var requests: [HTTPRequest] = []
        var first: [Int?] = []
        for (k, a) in asked.enumerated() {
            guard zones[k] != nil else {
                first.append(nil)
                continue
            }
            first.append(requests.count)
            requests.append(historyRequest(a.ticker, interval: "5", from: nil, to: nil, context: context))
            requests.append(historyRequest(a.ticker, interval: "d", from: from, to: to, context: context))
        }
        let responses = requests.isEmpty ? [] : transport.perform(requests)
        return asked.enumerated().map { k, a in
            guard let zone = zones[k], let base = first[k] else { return (nil, nil) }
            func decoded(_ i: Int) -> Result<HTTPResponse, HistoryError> {
                responses[i].mapError { HistoryError.response(.transport(source: name, $0)) }
            }
            return (
                decoded(base).flatMap { StooqHistoryDecoder.decodeIntraday($0, symbol: a.symbol, zone: zone) },
                decoded(base + 1).flatMap {
                    StooqHistoryDecoder.decode($0, symbol: a.symbol, zone: zone, interval: .daily)
                }
            )
        }
    }

    func quoteURL(_ tickers: [String], context: SourceContext) -> String {
        var url =
            "https://stooq.com/q/l/?s=" + tickers.map(Endpoint.encode).joined(separator: "+") + "&f=sd2t2ohlcvn&h&e=csv"
        if let key = context.setting(StooqService.apiKey) { url += "&apikey=" + Endpoint.encode(key) }
        return context.url(url)
    }

    /// The bars of `ticker`, kept by a watch's cache for as long as they stay true: daily bars
    /// (the previous close) 4 hours, the day's 5-minute bars 4 minutes (a new bar every 5);
    /// weekly bars are asked once, never re-served.
    func historyRequest(_ ticker: String, interval: String, from: CivilDate?, to: CivilDate?, context: SourceContext)
        -> HTTPRequest
    {
        let reuse: Double? = interval == "d" ? 4 * 3600 : (interval == "5" ? 240 : nil)
        return HTTPRequest(
            url: historyURL(ticker, interval: interval, from: from, to: to, context: context), reuseFor: reuse)
    }

    func historyURL(_ ticker: String, interval: String, from: CivilDate?, to: CivilDate?, context: SourceContext)
        -> String
    {
        var url = "https://stooq.com/q/d/l/?s=" + Endpoint.encode(ticker) + "&i=" + interval
        if let from, let to {
            url +=
                "&d1=" + from.description.replacingOccurrences(of: "-", with: "") + "&d2="
                + to.description.replacingOccurrences(of: "-", with: "")
        }
        if let key = context.setting(StooqService.apiKey) { url += "&apikey=" + Endpoint.encode(key) }
        return context.url(url)
    }

    static let warsaw = try? ExchangeTimeZone(identifier: "Europe/Warsaw")

    static func exchangeZone(_ symbol: String, _ context: SourceContext) -> ExchangeTimeZone? {
        context.registry.exchange(forSymbol: symbol).flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
    }

    /// Builds a stock from a quote row and whatever history arrived (decoded by
    /// `StooqHistoryDecoder` in the symbol's exchange zone, as charts are). History failures only
    /// cost the sparkline or the previous close, never the quote.
    package static func stock(
        symbol: String, row: StooqQuoteRow, intraday: Result<HistorySeries, HistoryError>?,
        daily: Result<HistorySeries, HistoryError>?, context: SourceContext, sourceName: String
    ) -> Result<Stock, QuoteError> {
        if let text = row.unreadableClose { return .failure(.priceNotReadable(source: "stooq", sent: text)) }
        // A filled line whose Close alone is `N/D` is a symbol Stooq knows without a last price:
        // not one to check the spelling of.
        if row.close == nil, row.date != nil { return .failure(.unreadablePrice(source: "stooq", text: "N/D")) }
        guard row.hasData else { return .failure(.noData(source: "stooq")) }
        let exchange = context.registry.exchange(forSymbol: symbol)
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        var lastTrade: Instant? = nil
        var tradeDate: CivilDate? = nil
        var notes: [StockNote] = []
        if let d = row.date, let warsaw {
            if let time = row.time {
                lastTrade = warsaw.instant(for: CivilDateTime(date: d, time: time))
                tradeDate = lastTrade.flatMap { t in zone?.localDateTime(at: t).date }
            } else {
                // A row with its date and no time (`N/D`): that is the trading day itself. A
                // made-up midnight in Warsaw is the evening before in New York, which dated the
                // quote a day early and took the wrong previous close.
                tradeDate = zone == nil ? nil : d
                notes.append(.remark("Stooq gives only the trading day (\(d)) for this quote, not the time"))
            }
        }
        var price = Price(
            last: row.close, open: row.open, high: row.high, low: row.low, volume: row.volume, lastTrade: lastTrade)
        if case .success(let series)? = daily, let tradeDate {
            price.previousClose = series.bars.last(where: { $0.session < tradeDate && $0.close != nil })?.close
        } else if case .failure(let e)? = daily, e != .response(.noData(source: "stooq")) {
            notes.append(.remark("previous close unavailable: " + e.detail))
        }
        price.deriveChange()
        var points: [IntradayPoint] = []
        var unavailable: String? = nil
        switch intraday {
        case .success(let series)?:
            if let tradeDate {
                // Sessions are the exchange's dates of Stooq's Warsaw clocks; bars come oldest first.
                for b in series.bars where b.session == tradeDate {
                    if let c = b.close { points.append(IntradayPoint(time: b.time, price: c)) }
                }
            }
            if points.isEmpty { unavailable = "Stooq sent no intraday bars for the last trading day" }
        case .failure(let e)?:
            // `No data` from the history endpoint after a quote: no bars, not an unknown symbol.
            unavailable =
                e == .response(.noData(source: "stooq"))
                ? "Stooq sent no intraday bars for this symbol" : "intraday request failed: " + e.detail
        case nil:
            unavailable = "no intraday data"
        }
        let company = Company(
            symbol: symbol, name: row.name.flatMap { $0 == row.symbol ? nil : $0 }, exchange: exchange,
            exchangeCode: nil)
        var stock = Stock(
            company: company, currency: exchange?.currency, timeZone: zone, price: price, intraday: points,
            session: tradeDate.flatMap { SessionWindow.regular(exchange: exchange, zone: zone, on: $0) },
            source: sourceName, notes: notes, intradayUnavailable: unavailable)
        stock.priceDecimals = SentDecimals.of(symbol, prices: [price.last, price.open, price.high, price.low])
        return .success(stock)
    }
}
