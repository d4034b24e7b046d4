import SquarestockCore
import SquarestockMarket
import SquarestockNetworking

/// `--source kraken` (and `coinbase`, `tradeogre`): an exchange adapter seen as a quote and
/// history source, so `quote`, `chart` and `watch` treat crypto pairs like any symbol.
package struct ExchangeSource: QuoteSource, HistorySource {
    package let adapter: ExchangeAdapter
    package var name: String { adapter.name }

    package init(adapter: ExchangeAdapter) { self.adapter = adapter }

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        let request = ExchangeRequest(context: context, transport: transport)
        let directory: PairDirectory
        switch ExchangeMarkets.directory(adapter, request) {
        case .failure(let e): return symbols.map { StockResult(symbol: $0, outcome: .failure(e)) }
        case .success(let d): directory = d
        }
        var outcomes = [Result<Stock, QuoteError>?](repeating: nil, count: symbols.count)
        var asked: [(index: Int, listing: PairListing)] = []
        for (i, s) in symbols.enumerated() {
            switch directory.resolve(s) {
            case .success(let l): asked.append((i, l))
            case .failure(let e): outcomes[i] = .failure(e)
            }
        }
        if !asked.isEmpty {
            let answer = adapter.tickers(asked.map(\.listing), request)
            for (k, a) in asked.enumerated() {
                outcomes[a.index] = answer.results[k]
                    .mapError { listedButUnanswered($0, listing: a.listing, directory: directory) }
                    .flatMap { t in ExchangePriceCheck.problem(t, source: name).map { .failure($0) } ?? .success(t) }
                    .map {
                        var s = stock(symbol: symbols[a.index], ticker: $0, status: answer.status, context: context)
                        s.priceDecimals = a.listing.effectivePriceDecimals
                        return s
                    }
            }
        }
        return symbols.enumerated().map { i, s in
            StockResult(symbol: s, outcome: outcomes[i] ?? .failure(.missingFromResponse(source: name)))
        }
    }

    /// A pair in the exchange's own pair list whose ticker came back "unknown pair" (Coinbase's
    /// 404, Kraken's `EQuery:Unknown asset pair`) is listed, so "not listed" would be false: the
    /// error says what happened and suggests the closest other pair.
    func listedButUnanswered(_ e: QuoteError, listing: PairListing, directory: PairDirectory) -> QuoteError {
        guard case .unlistedPair = e else { return e }
        let other = directory.suggestion(for: listing.pair).flatMap { $0 == listing.pair ? nil : $0.symbol }
        return .exchangeError(
            source: name, message: "\(listing.pair.symbol) is in its pair list, but its ticker was not found",
            hint: (other.map { "try \($0); " } ?? "")
                + "the pair may be being delisted: `squarestock markets --exchange \(name)` lists its pairs")
    }

    /// The ticker as a `Stock`: the change measured from the ticker's reference price (and the
    /// note says which), the venue "Crypto (24/7)" in UTC, open unless the exchange says otherwise.
    func stock(symbol: String, ticker t: ExchangeTicker, status: ExchangeSystemStatus?, context: SourceContext) -> Stock
    {
        var price = Price(
            last: t.last, open: t.reference, high: t.high, low: t.low, volume: t.volume, lastTrade: t.lastTradeTime)
        price.bid = t.bid
        price.ask = t.ask
        price.vwap = t.vwap
        if let last = t.last, let ref = t.reference {
            price.change = last - ref
            if !ref.isZero, let c = price.change {
                price.changePercent = (c * ExactDecimal(100)).flatMap { $0.divided(by: ref, scale: 4) }?.normalized
            }
        }
        let venue = context.registry.exchange(id: "CRYPTO")
        var stock = Stock(
            company: Company(
                symbol: symbol.uppercased(), name: "\(t.pair.base)/\(t.pair.quote) on \(adapter.displayName)",
                exchange: venue, exchangeCode: adapter.displayName),
            currency: Currency.named(t.pair.quote),
            timeZone: venue.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) },
            price: price, source: name,
            intradayUnavailable:
                "exchange quotes carry no intraday points; `squarestock chart \(symbol.uppercased()) --source \(name)` draws them"
        )
        if t.reference != nil { stock.notes.append(.remark("change \(t.changeBasis.phrase)")) }
        if t.lastTradeTime == nil {
            stock.notes.append(
                .remark(
                    "\(adapter.displayName)'s ticker carries no trade time; prices as fetched at \(context.now.utc) UTC"
                ))
        }
        if let status {
            stock.reportedStatus = status.isTrading ? .open : .closed
            if status != .online { stock.notes.append(.exchangeStatus(status)) }
        } else {
            stock.reportedStatus = .open
        }
        return stock
    }

    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport)
        -> Result<FetchedHistory, HistoryError>
    {
        let request = ExchangeRequest(context: context, transport: transport)
        let listing = ExchangeMarkets.directory(adapter, request).flatMap { $0.resolve(symbol) }
        let interval = ExchangeSource.interval(for: range)
        let since = Instant(secondsSinceEpoch: context.now.secondsSinceEpoch - ExchangeSource.lookback(range))
        return
            listing
            .flatMap { adapter.candles($0, interval: interval, since: since, request) }
            .flatMap { series in
                ExchangePriceCheck.problem(series, source: name).map { .failure($0) } ?? .success(series)
            }
            .mapError { HistoryError.response($0) }
            .map { series in fetched(symbol: symbol, series: series, context: context) }
    }

    /// Bucket sizes per range: enough points to fill a chart, few enough for one request
    /// (Kraken keeps 720 rows, Coinbase serves 300 per request).
    static func interval(for range: ChartRange) -> HistoryInterval {
        switch range {
        case .day1: return .minutes(5)
        case .day5: return .minutes(60)
        case .month1: return .minutes(240)
        case .month3, .month6, .ytd, .year1: return .daily
        case .year5, .max: return .weekly
        }
    }

    /// How far back a range reaches, in seconds, with a day to spare for the previous close.
    static func lookback(_ range: ChartRange) -> Int64 {
        let day: Int64 = 86_400
        switch range {
        case .day1: return 2 * day
        case .day5: return 6 * day
        case .month1: return 32 * day
        case .month3: return 93 * day
        case .month6: return 185 * day
        case .ytd, .year1: return 367 * day
        case .year5: return 5 * 366 * day
        case .max: return 20 * 366 * day
        }
    }

    /// Candles as a history series in UTC (a 24/7 market's sessions are UTC days). A bucket
    /// still filling is kept (it is the latest price) and said so.
    func fetched(symbol: String, series: CandleSeries, context: SourceContext) -> FetchedHistory {
        // ICU always knows UTC.
        let zone = try! ExchangeTimeZone(identifier: "UTC")
        let bars = series.candles.map { c in
            Bar(
                time: c.time, session: c.time.utc.date, open: c.open, high: c.high, low: c.low, close: c.close,
                volume: c.volume)
        }
        let interval: HistoryInterval =
            series.seconds >= 7 * 86_400
            ? .weekly : series.seconds >= 86_400 ? .daily : .minutes(Int(series.seconds / 60))
        var notes: [StockNote] = []
        if let last = series.candles.last, !last.isComplete { notes.append(.remark("the last bar is still forming")) }
        let history = HistorySeries(
            symbol: symbol.uppercased(), zone: zone, interval: interval, bars: bars,
            currency: Currency.named(series.pair.quote))
        // The market never closes, so the last bar of a UTC day ends at its midnight: that is the
        // day's close, the reference of the next day's change (a 1d chart measured its change from
        // its own first bar and drew no previous-close line). Daily bars find theirs already.
        var sessions: [CivilDate] = []
        for b in bars where sessions.last != b.session { sessions.append(b.session) }
        let closes = interval.isIntraday ? FetchedHistory.closes(before: sessions, daily: history.bars) : [:]
        return FetchedHistory(
            series: history, previousCloses: closes,
            exchange: context.registry.exchange(id: "CRYPTO"),
            name: "\(series.pair.base)/\(series.pair.quote) on \(adapter.displayName)", source: name, notes: notes)
    }
}
