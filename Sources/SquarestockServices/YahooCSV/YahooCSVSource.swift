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
            let decoded = responses[b].mapError { QuoteError.transport(source: name, $0) }.flatMap {
                YahooCSVDecoder.rows($0, codes: codes)
            }
            for symbol in batch {
                let outcome: Result<Stock, QuoteError>
                switch decoded {
                case .failure(let error): outcome = .failure(error)
                case .success(let rows):
                    if let row = rows.first(where: { $0.symbol == symbol }) {
                        outcome = reader.stock(symbol: symbol, row: row)
                    } else {
                        outcome = .failure(.missingFromResponse(source: name))
                    }
                }
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
