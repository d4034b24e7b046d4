import SquarestockCore

/// `--format csv`: a header and one row per requested symbol, for spreadsheets and scripts.
/// The intraday series is left out (it does not fit a row); use JSON for it. A text cell a
/// spreadsheet would evaluate is marked (`SpreadsheetCell`), as in the ledger's files.
package enum QuoteCSVWriter {
    package static let columns = [
        "symbol", "name", "exchange", "currency", "timeZone", "price", "change", "changePercent", "open", "high", "low",
        "previousClose", "volume", "lastTrade", "lastTradeLocal", "marketStatus", "source", "error",
    ]

    package static func render(_ results: [StockResult], now: Instant) -> String {
        var lines = [columns.joined(separator: ",")]
        for r in results {
            var row: [String]
            switch r.outcome {
            case .failure:
                row = [r.symbol] + Array(repeating: "", count: 14) + ["unknown", "", r.errorMessage ?? ""]
            case .success(let s):
                let f = QuoteFacts(stock: s, now: now)
                let p = s.price
                row = [
                    r.symbol, s.company.name ?? "", s.company.exchangeName ?? "", s.currency?.code ?? "",
                    s.timeZone?.identifier ?? "",
                    d(p.last), d(p.change), d(p.changePercent), d(p.open), d(p.high), d(p.low), d(p.previousClose),
                    d(p.volume),
                    f.lastTradeUTC ?? "", f.lastTradeLocal ?? "", f.status.status.rawValue, s.source, "",
                ]
            }
            // Names and errors come from the network: a cell a spreadsheet would evaluate
            // (`=HYPERLINK(...)`) is marked as text (`SpreadsheetCell`).
            lines.append(row.map(SpreadsheetCell.csv).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func d(_ v: ExactDecimal?) -> String { v?.description ?? "" }
}
