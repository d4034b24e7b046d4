import SquarestockCore
import SquarestockMarket
import SquarestockNetworking

/// Reads Alpha Vantage's CSV answers (`datatype=csv`): GLOBAL_QUOTE, TIME_SERIES_INTRADAY and
/// SYMBOL_SEARCH. Every body is first checked for the JSON error objects the service sends with
/// HTTP 200, then for the expected header.
package enum AlphaVantageDecoder {
    package static let source = "alphavantage"

    package struct GlobalQuote: Sendable, Equatable {
        package var symbol: String
        package var open, high, low, price, volume, previousClose, change, changePercent: ExactDecimal?
        package var latestDay: CivilDate?
        /// The price field's text when it was neither a number nor a missing marker.
        package var unreadablePrice: String? = nil
    }

    package struct IntradayBar: Sendable, Equatable {
        package var time: CivilDateTime  // US/Eastern wall clock
        package var close: ExactDecimal?
    }

    static func screen(_ response: HTTPResponse, apiKey: String?, header: String) -> QuoteError? {
        if let e = AlphaVantageErrors.error(in: response, apiKey: apiKey) { return e }
        return ResponseScreen.csv(
            response, source: source, headerStarts: [header],
            htmlHint: "Alpha Vantage may be overloaded (it answers with an HTML error page); try again later")
    }

    static func rows(_ body: [UInt8], minimumFields: Int, _ each: (TolerantCSVReader, [CSVField]) -> Void)
        -> QuoteError?
    {
        body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            _ = reader.nextRecord(into: &fields)  // header, checked by screen()
            while reader.nextRecord(into: &fields) {
                guard fields.count >= minimumFields, !reader.lastRecordHadUnterminatedQuote else {
                    return .truncated(
                        source: source,
                        detail: "line \(reader.lineNumber) has \(fields.count) of \(minimumFields) fields")
                }
                each(reader, fields)
            }
            return nil
        }
    }

    package static func globalQuote(_ response: HTTPResponse, apiKey: String?) -> Result<GlobalQuote?, QuoteError> {
        if let e = screen(response, apiKey: apiKey, header: "symbol") { return .failure(e) }
        var quote: GlobalQuote?
        let problem = rows(response.body, minimumFields: 10) { reader, f in
            func n(_ k: Int) -> ExactDecimal? {
                if case .number(let v) = FieldParsing.humanNumber(reader.raw(f[k])) { return v }
                return nil
            }
            if quote == nil {
                quote = GlobalQuote(
                    symbol: reader.string(f[0]).trimmingSpaces.uppercased(), open: n(1), high: n(2), low: n(3),
                    price: n(4),
                    volume: n(5), previousClose: n(7), change: n(8), changePercent: n(9),
                    latestDay: DateTimeParsing.isoDate(reader.raw(f[6])))
                if case .invalid = FieldParsing.humanNumber(reader.raw(f[4])) {
                    quote?.unreadablePrice = reader.string(f[4])
                }
            }
        }
        if let problem { return .failure(problem) }
        return .success(quote)
    }

    /// Bars newest first as sent; the caller orders them.
    package static func intraday(_ response: HTTPResponse, apiKey: String?) -> Result<[IntradayBar], QuoteError> {
        if let e = screen(response, apiKey: apiKey, header: "timestamp") { return .failure(e) }
        var bars: [IntradayBar] = []
        var bad: QuoteError?
        let problem = rows(response.body, minimumFields: 5) { reader, f in
            guard bad == nil else { return }
            guard let t = DateTimeParsing.isoDateTime(reader.raw(f[0])) else {
                bad = .malformed(
                    source: source, line: bars.count + 2, column: 1,
                    detail: "not a timestamp: \"\(reader.string(f[0]))\"")
                return
            }
            var close: ExactDecimal? = nil
            if case .number(let v) = FieldParsing.decimal(reader.raw(f[4])) { close = v }
            bars.append(IntradayBar(time: t, close: close))
        }
        if let e = problem ?? bad { return .failure(e) }
        return .success(bars)
    }

    /// SYMBOL_SEARCH rows as online matches; names may be the literal `null`, and names with
    /// commas arrive unquoted, so the name is everything between the symbol and the last seven
    /// fields.
    package static func search(_ response: HTTPResponse, apiKey: String?, registry: ExchangeRegistry) -> Result<
        [OnlineSymbolMatch], QuoteError
    > {
        if let e = screen(response, apiKey: apiKey, header: "symbol") { return .failure(e) }
        var out: [OnlineSymbolMatch] = []
        let problem = rows(response.body, minimumFields: 9) { reader, f in
            let symbol = reader.string(f[0]).trimmingSpaces
            let tail = f.count - 7
            let name = f[1..<tail].map { reader.rawString($0) }.joined(separator: ",").trimmingSpaces
            let region = reader.string(f[tail + 1]).trimmingSpaces
            let exchange = AlphaVantageSymbol.exchange(symbol: symbol, region: region, registry: registry)
            out.append(
                OnlineSymbolMatch(
                    symbol: symbol, name: name == "null" ? "" : TerminalText.sanitize(name),
                    exchange: exchange?.name ?? region, type: reader.string(f[tail]),
                    origin: source))
        }
        if let problem { return .failure(problem) }
        return .success(out)
    }
}
