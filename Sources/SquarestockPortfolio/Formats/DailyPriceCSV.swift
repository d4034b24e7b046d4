import SquarestockCore

/// Closes the user gives in a file, for assets no service quotes (a private fund, a house, a
/// bond) or days a service lacks: `symbol,date,close[,currency]` with a header naming the
/// columns in any order. Every row is checked before any is kept (one bad row refuses the file
/// with its line); the closes are as traded (no split adjustment).
public enum DailyPriceCSV {
    public static let columns = ["symbol", "date", "close", "currency"]

    public static func read(
        path: String, today: CivilDate, now: Instant, defaultCurrency: (String) throws(PortfolioError) -> String
    ) throws(PortfolioError) -> [DailyClose] {
        var header: [String: Int]?
        var out: [DailyClose] = []
        try ChunkedCSVReader.forEachRecord(path: path, recordLimit: 1 << 16, failure: JournalCSV.failure) {
            reader, fields throws(PortfolioError) in
            let cells = fields.map { JournalCSV.trimmed(reader.string($0)) }
            if cells.allSatisfy(\.isEmpty) { return }
            let line = reader.lineNumber
            guard let columns = header else {
                var names: [String: Int] = [:]
                for (i, c) in cells.enumerated() { names[c.lowercased()] = i }
                guard names["symbol"] != nil, names["date"] != nil, names["close"] != nil else {
                    throw .importLine(
                        line: line, detail: "the header must name the columns symbol,date,close[,currency]")
                }
                header = names
                return
            }
            func cell(_ name: String) -> String? {
                columns[name].flatMap { $0 < cells.count && !cells[$0].isEmpty ? cells[$0] : nil }
            }
            let symbol = try EntryFactory.symbol(cell("symbol") ?? "")
            guard let date = cell("date").flatMap(DateTimeParsing.isoDate) else {
                throw .importLine(line: line, detail: "the date must be YYYY-MM-DD")
            }
            guard !(today < date) else { throw .importLine(line: line, detail: "\(date) is in the future") }
            guard let close = cell("close").flatMap(ExactDecimal.init), close.sign > 0 else {
                throw .importLine(line: line, detail: "the close must be a number above 0")
            }
            let currency: String
            if let given = cell("currency") {
                currency = given.uppercased()
            } else {
                do throws(PortfolioError) { currency = try defaultCurrency(symbol).uppercased() } catch {
                    if case .invalidEntry(let why) = error { throw .importLine(line: line, detail: why) }
                    throw error
                }
            }
            guard CurrencyExponent.of(currency) != nil else {
                throw .importLine(line: line, detail: "unknown currency '\(currency)'")
            }
            out.append(
                DailyClose(
                    symbol: symbol, date: date, close: close.normalized, currency: currency, source: "import",
                    fetched: now, splitAdjusted: false))
        }
        guard header != nil else {
            throw .importLine(line: 1, detail: "the header must name the columns symbol,date,close[,currency]")
        }
        return out
    }
}
