import SquarestockCore
import SquarestockNetworking

@testable import SquarestockServices

/// The quotes.csv reading as it was before the line scanner and the stock reader (main at
/// e738265), kept as the tests' oracle: every field a `String`, every value looked up by its code,
/// the venue, zone and session looked up per line. What the product reads must equal what this
/// reads, line by line.
enum LegacyYahooCSV {
    struct Row {
        var symbol: String
        var codes: [String]
        var fields: [String]
        /// A line with the wrong number of fields, read as its symbol's failure (`perLine`).
        var error: QuoteError? = nil

        func value(_ code: String) -> String? {
            for i in codes.indices where codes[i] == code { return fields[i] }
            return nil
        }

        func text(_ code: String) -> String? {
            guard let v = value(code) else { return nil }
            return v.withBytes { FieldParsing.isMissing($0) } ? nil : v
        }

        func number(_ code: String) -> ExactDecimal? {
            guard let v = value(code) else { return nil }
            if case .number(let d) = v.withBytes({ FieldParsing.humanNumber($0) }) { return d }
            return nil
        }
    }

    static let source = "yahoo-csv"

    /// The answer's rows; `perLine` (the symbols asked for): a line with the wrong number of
    /// fields whose symbol is its first field and was asked for is that symbol's failure (a row with `error`), not the answer's (the stock
    /// reader's rule since the probe of 2026-11-28; the rows of `YahooCSVDecoder.rows` keep the old).
    static func rows(_ response: HTTPResponse, codes: [String], perLine: ((String) -> Bool)? = nil) -> Result<
        [Row], QuoteError
    > {
        guard let symbolColumn = codes.firstIndex(of: "s") else {
            return .failure(.notConfigured(source: source, detail: "the f= codes must include s (symbol)"))
        }
        if response.status == 429 || response.status >= 400 || BodyKind.classify(response.body) != .text {
            let screened = ResponseScreen.csv(
                response, source: source, headerStarts: [],
                htmlHint: "the quotes.csv service or mirror is blocking or gone; try --source stooq")
            return .failure(
                screened
                    ?? .unexpectedBody(source: source, status: response.status, kind: .text, excerpt: "", hint: nil))
        }
        let first = ResponseScreen.firstLine(response.body)
        if !first.hasPrefix("\"") && !first.contains(",") {
            return .failure(
                .unexpectedBody(
                    source: source, status: response.status, kind: .text,
                    excerpt: BodyKind.excerpt(response.body),
                    hint: "the quotes.csv service is gone or the mirror changed; try --source stooq"))
        }
        return response.body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var rows: [Row] = []
            while reader.nextRecord(into: &fields) {
                var failure: QuoteError? = nil
                if reader.lastRecordHadUnterminatedQuote || fields.count < codes.count {
                    failure = .truncated(
                        source: source, detail: "line \(reader.lineNumber) has \(fields.count) of \(codes.count) fields"
                    )
                } else if fields.count > codes.count {
                    failure = .malformed(
                        source: source, line: reader.lineNumber, column: codes.count + 1,
                        detail:
                            "\(fields.count) fields where the f= codes ask for \(codes.count) (a number with a thousands separator?)"
                    )
                }
                if let failure {
                    guard let wanted = perLine, symbolColumn == 0, !reader.lastRecordHadUnterminatedQuote,
                        fields.count > 1, wanted(reader.string(fields[0]).trimmingSpaces.uppercased())
                    else {
                        return .failure(failure)
                    }
                    let symbol = reader.string(fields[0]).trimmingSpaces
                    rows.append(Row(symbol: symbol.uppercased(), codes: codes, fields: [], error: failure))
                    continue
                }
                var values: [String] = []
                for k in codes.indices {
                    let text = reader.string(fields[k])
                    if let a = text.utf8.first, let z = text.utf8.last, !ASCIIBytes.isSpace(a), !ASCIIBytes.isSpace(z) {
                        values.append(text)
                    } else {
                        values.append(text.trimmingSpaces)
                    }
                }
                let symbol = values[symbolColumn]
                let upper =
                    symbol.utf8.allSatisfy({ $0 < 0x80 && !($0 >= 97 && $0 <= 122) }) ? symbol : symbol.uppercased()
                rows.append(Row(symbol: upper, codes: codes, fields: values))
            }
            return .success(rows)
        }
    }

    static func stock(symbol: String, row: Row, context: SourceContext, sourceName: String) -> Result<
        Stock, QuoteError
    > {
        if let error = row.error { return .failure(error) }
        // Since the probe of 2026-11-29: the legacy answer for an unknown ticker (a last of 0.00,
        // no other value) is no data; a date without a readable time is that day's session with
        // no last trade, and a note; a negative volume is missing.
        let others = ["c1", "p2", "o", "h", "g", "p", "v"].allSatisfy { row.number($0) == nil }
        let unknownTicker =
            others && row.text("d1").flatMap({ DateTimeParsing.usDate($0) }) == nil
            && row.text("t1").flatMap({ DateTimeParsing.twelveHourTime($0) }) == nil
        guard let last = row.number("l1"), !(last.sign == 0 && unknownTicker) else {
            if row.number("l1") == nil, let text = row.text("l1") {
                return .failure(.priceNotReadable(source: "yahoo-csv", sent: text))
            }
            return .failure(.noData(source: "yahoo-csv"))
        }
        let code = row.text("x")
        let exchange =
            code.flatMap { context.registry.exchange(sourceCode: $0) } ?? context.registry.exchange(forSymbol: symbol)
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        var lastTrade: Instant? = nil
        var dayOnly: CivilDate? = nil
        if let d = row.text("d1").flatMap({ DateTimeParsing.usDate($0) }), let zone {
            if let t = row.text("t1").flatMap({ DateTimeParsing.twelveHourTime($0) }) {
                lastTrade = zone.instant(for: CivilDateTime(date: d, time: t))
            } else {
                dayOnly = d
            }
        }
        var price = Price(
            last: last, change: row.number("c1"), changePercent: row.number("p2"), open: row.number("o"),
            high: row.number("h"), low: row.number("g"), previousClose: row.number("p"),
            volume: row.number("v").flatMap { $0.sign < 0 ? nil : $0 }, lastTrade: lastTrade)
        price.deriveChange()
        let currency = row.text("c4").map(Currency.named) ?? exchange?.currency
        let tradeDate = lastTrade.flatMap { t in zone?.localDateTime(at: t).date } ?? dayOnly
        let company = Company(symbol: symbol, name: row.text("n"), exchange: exchange, exchangeCode: code)
        return .success(
            Stock(
                company: company, currency: currency, timeZone: zone, price: price, intraday: [],
                session: tradeDate.flatMap { SessionWindow.regular(exchange: exchange, zone: zone, on: $0) },
                source: sourceName,
                notes: dayOnly.map { ["yahoo-csv gives only the trading day (\($0)) for this quote, not the time"] }?
                    .map(StockNote.remark) ?? [],
                intradayUnavailable: "yahoo-csv has no intraday data"))
    }

    /// Everything a stock or its error holds, as text, for comparing two readings.
    static func describe(_ result: Result<Stock, QuoteError>) -> String {
        switch result {
        case .failure(let e): return "error \(e)"
        case .success(let s):
            return [
                "\(s.company)", "\(String(describing: s.currency))", "\(String(describing: s.timeZone?.identifier))",
                "\(s.price)", "\(String(describing: s.session))", s.source, "\(s.notes)",
                "\(String(describing: s.intradayUnavailable))", "\(s.intraday)",
                "\(String(describing: s.reportedStatus))", "\(String(describing: s.extendedHours))",
                "\(String(describing: s.recordedAt))", "\(String(describing: s.priceDecimals))",
            ].joined(separator: " | ")
        }
    }

    /// Every line of `body` read three ways: the line scanner's rows with one stock reader for
    /// the answer, the product's general path (every line through the general reader, a fresh
    /// reader per line) and this oracle; one text per line, or the error. `streamed` is the
    /// product's path (`readStocks`: no rows kept, values from the scanner's field bounds,
    /// symbols from the symbol table) and `oracleStocks` the oracle's symbol and stock per line,
    /// what `streamed` must equal (it has no row to print the fields of).
    static func readings(_ body: String, codes: String, now: Int64 = 1_588_881_600) -> (
        fast: [String], general: [String], oracle: [String], streamed: [String], oracleStocks: [String]
    ) {
        let response = HTTPResponse(status: 200, body: Array(body.utf8))
        let split = YahooFieldCode.split(codes) ?? []
        let context = SourceContext(now: Instant(secondsSinceEpoch: now))
        let fast: [String]
        switch YahooCSVDecoder.rows(response, codes: split) {
        case .failure(let e): fast = ["rows error \(e)"]
        case .success(let rows):
            var reader = YahooCSVStockReader(context: context, sourceName: "t")
            fast = rows.map { "\($0.symbol) \($0.fields) " + describe(reader.stock(symbol: $0.symbol, row: $0)) }
        }
        let general: [String]
        switch YahooCSVDecoder.rows(response, codes: split, lineScanner: false) {
        case .failure(let e): general = ["rows error \(e)"]
        case .success(let rows):
            general = rows.map {
                "\($0.symbol) \($0.fields) "
                    + describe(YahooCSVSource.stock(symbol: $0.symbol, row: $0, context: context, sourceName: "t"))
            }
        }
        let oracle: [String]
        switch rows(response, codes: split) {
        case .failure(let e): oracle = ["rows error \(e)"]
        case .success(let rows):
            oracle = rows.map {
                "\($0.symbol) \($0.fields) "
                    + describe(stock(symbol: $0.symbol, row: $0, context: context, sourceName: "t"))
            }
        }
        let oracleStocks: [String]
        switch rows(response, codes: split, perLine: { _ in true }) {
        case .failure(let e): oracleStocks = ["rows error \(e)"]
        case .success(let rows):
            oracleStocks = rows.map {
                "\($0.symbol) " + describe(stock(symbol: $0.symbol, row: $0, context: context, sourceName: "t"))
            }
        }
        var reader = YahooCSVStockReader(context: context, sourceName: "t")
        var lines: [String] = []
        let failure = reader.readStocks(
            response, codes: split, wanted: { _ in true },
            stock: { symbol, stock in lines.append("\(symbol) " + describe(.success(stock))) },
            failed: { symbol, error in lines.append("\(symbol) " + describe(.failure(error))) })
        let streamed = failure.map { ["rows error \($0)"] } ?? lines
        return (fast, general, oracle, streamed, oracleStocks)
    }
}
