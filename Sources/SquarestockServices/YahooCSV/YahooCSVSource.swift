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
        var reader = YahooCSVStockReader(context: context, sourceName: name)
        for (b, batch) in batches.enumerated() {
            // Each requested symbol's stock comes from the first line that echoes it; the lines
            // are read into stocks as they come (`readStocks`), none kept as a row.
            var wanted = Set(batch)
            var found: [String: Result<Stock, QuoteError>] = [:]
            let failure: QuoteError?
            switch responses[b] {
            case .failure(let error): failure = .transport(source: name, error)
            case .success(let response):
                failure = reader.readStocks(
                    response, codes: codes, wanted: { wanted.contains($0) },
                    stock: { symbol, stock in
                        wanted.remove(symbol)
                        found[symbol] = .success(stock)
                    },
                    failed: { symbol, error in
                        wanted.remove(symbol)
                        found[symbol] = .failure(error)
                    })
            }
            for symbol in batch {
                let outcome =
                    failure.map { .failure($0) } ?? found[symbol] ?? .failure(.missingFromResponse(source: name))
                results.append(StockResult(symbol: symbol, outcome: outcome))
            }
        }
        return results
    }

    /// The stock of one line, read on its own (`YahooCSVStockReader` reads the lines of an answer).
    package static func stock(symbol: String, row: YahooCSVRow, context: SourceContext, sourceName: String) -> Result<
        Stock, QuoteError
    > {
        var reader = YahooCSVStockReader(context: context, sourceName: sourceName)
        return reader.stock(symbol: symbol, row: row)
    }
}
