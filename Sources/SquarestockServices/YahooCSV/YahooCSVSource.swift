import SquarestockCore
import SquarestockNetworking

/// Yahoo's legacy quotes.csv (`/d/quotes.csv?s=...&f=...&e=.csv`). The service closed in 2017,
/// but mirrors and archives still speak it, and the shipped samples are in this format.
///
/// Dates (`M/d/yyyy`) and times (`h:mma`) are read as the exchange's wall clock, which is what
/// the 2016-era answers used; older answers used US/Eastern for every exchange.
package struct YahooCSVSource: QuoteSource {
    package let name = YahooCSVService.name
    package static let batchSize = 50
    package let fieldCodes: String

    package init(fieldCodes: String = YahooFieldCode.standard) {
        self.fieldCodes = fieldCodes
    }

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        let codes = YahooFieldCode.split(fieldCodes) ?? []
        let batches = stride(from: 0, to: symbols.count, by: YahooCSVSource.batchSize).map {
            Array(symbols[$0..<min($0 + YahooCSVSource.batchSize, symbols.count)])
        }
        let requests = batches.map { batch in
            HTTPRequest(
                url: context.url(
                    "https://download.finance.yahoo.com/d/quotes.csv?s="
                        + batch.map(Endpoint.encode).joined(separator: "+")
                        + "&f=" + fieldCodes + "&e=.csv"))
        }
        let responses = transport.perform(requests)
        var results: [StockResult] = []
        for (b, batch) in batches.enumerated() {
            let decoded = responses[b].mapError { QuoteError.transport(source: name, $0) }.flatMap {
                YahooCSVDecoder.rows($0, codes: codes)
            }
            for symbol in batch {
                results.append(
                    StockResult(
                        symbol: symbol,
                        outcome: decoded.flatMap { rows in
                            guard let row = rows.first(where: { $0.symbol == symbol }) else {
                                return .failure(.missingFromResponse(source: name))
                            }
                            return YahooCSVSource.stock(symbol: symbol, row: row, context: context, sourceName: name)
                        }))
            }
        }
        return results
    }

    package static func stock(symbol: String, row: YahooCSVRow, context: SourceContext, sourceName: String) -> Result<
        Stock, QuoteError
    > {
        guard let last = row.number("l1") else {
            if let text = row.text("l1") { return .failure(.priceNotReadable(source: "yahoo-csv", sent: text)) }
            return .failure(.noData(source: "yahoo-csv"))
        }
        let code = row.text("x")
        let exchange =
            code.flatMap { context.registry.exchange(sourceCode: $0) } ?? context.registry.exchange(forSymbol: symbol)
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        var lastTrade: Instant? = nil
        if let d = row.text("d1").flatMap({ DateTimeParsing.usDate($0) }), let zone {
            let t = row.text("t1").flatMap { DateTimeParsing.twelveHourTime($0) } ?? TimeOfDay(hour: 0, minute: 0)
            lastTrade = zone.instant(for: CivilDateTime(date: d, time: t))
        }
        var price = Price(
            last: last, change: row.number("c1"), changePercent: row.number("p2"), open: row.number("o"),
            high: row.number("h"), low: row.number("g"), previousClose: row.number("p"),
            volume: row.number("v"), lastTrade: lastTrade)
        price.deriveChange()
        let currency = row.text("c4").map(Currency.named) ?? exchange?.currency
        let tradeDate = lastTrade.flatMap { t in zone?.localDateTime(at: t).date }
        let company = Company(
            symbol: symbol, name: row.text("n"), exchange: exchange,
            exchangeCode: code)
        return .success(
            Stock(
                company: company, currency: currency, timeZone: zone, price: price, intraday: [],
                session: tradeDate.flatMap { SessionWindow.regular(exchange: exchange, zone: zone, on: $0) },
                source: sourceName, intradayUnavailable: "yahoo-csv has no intraday data"))
    }
}
