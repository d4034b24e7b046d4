import SquarestockCore

/// The one decoder of Yahoo's chart JSON: the v8 chart answer, `{"chart":{"result":[R]}}`, and
/// the v7 spark answer that wraps the same object, `{"spark":{"result":[{"symbol":..,
/// "response":[R]}]}}`, read into a `YahooChart`.
///
/// `timestamp` holds UTC epoch seconds and `indicators.quote[0]` the O/H/L/C/V arrays, keyed by
/// name in any order and possibly shorter than `timestamp`. A `null` close is a bar Yahoo has no
/// price for and is skipped; no `timestamp` key means no bars.
package enum YahooChartDecoder {
    package static let source = "yahoo"

    /// The chart for `symbol`, or the error the answer stands for: a body that is not JSON is
    /// `.malformed`, an `error` object is what it says, no result is an unknown symbol.
    static func chart(_ body: [UInt8], status: Int, symbol: String) -> Result<YahooChart, QuoteError> {
        parse(body).flatMap { root in
            if let chart = root["chart"] {
                if let err = chart["error"], !err.isNull { return .failure(envelopeError(err, status: status)) }
                guard let result = chart["result"]?[0], let meta = result["meta"] else {
                    return .failure(.unknownSymbol(source: source))
                }
                return .success(YahooChart(meta: meta, rows: rows(result)))
            }
            guard root["spark"] != nil else {
                // Neither envelope: Yahoo's own error object (`{"finance":{"error":{"code":
                // "Unauthorized","description":"Invalid Crumb"}}}`) or something else, never
                // a verdict on the symbol (it read "yahoo does not know this symbol").
                if let err = root["finance"]?["error"], !err.isNull {
                    return .failure(envelopeError(err, status: status))
                }
                return .failure(notAChart(root, status: status))
            }
            return sparkCharts(root, status: status).flatMap { charts in
                charts[symbol.uppercased()].map { .success($0) } ?? .failure(.unknownSymbol(source: source))
            }
        }
    }

    /// Every chart of a spark answer (many symbols in one body), by upper-cased symbol, the body
    /// parsed once. Yahoo leaves a symbol it does not know out of `result`, in any order.
    static func sparkCharts(_ body: [UInt8], status: Int) -> Result<[String: YahooChart], QuoteError> {
        parse(body).flatMap { sparkCharts($0, status: status) }
    }

    static func sparkCharts(_ root: JSONValue, status: Int) -> Result<[String: YahooChart], QuoteError> {
        // Not a spark answer at all (another envelope): no symbol can be judged from it.
        guard let spark = root["spark"] else { return .failure(notAChart(root, status: status)) }
        if let err = spark["error"], !err.isNull { return .failure(envelopeError(err, status: status)) }
        var charts: [String: YahooChart] = [:]
        for entry in spark["result"]?.array ?? [] {
            guard let symbol = entry["symbol"]?.string?.uppercased(), charts[symbol] == nil,
                let result = entry["response"]?[0], let meta = result["meta"]
            else { continue }
            charts[symbol] = YahooChart(meta: meta, rows: rows(result))
        }
        return .success(charts)
    }

    /// A JSON answer with no chart in it, as what it says.
    static func notAChart(_ root: JSONValue, status: Int) -> QuoteError {
        let said = ResponseScreen.jsonMessage(in: root) ?? "no chart object in the answer"
        return status >= 400
            ? .httpStatus(source: source, status: status, excerpt: said)
            : .malformed(source: source, line: 1, column: 1, detail: "no chart in \"\(said)\"")
    }

    static func parse(_ body: [UInt8]) -> Result<JSONValue, QuoteError> {
        do { return .success(try JSONReader.parse(body)) } catch {
            return .failure(.malformed(source: source, line: 1, column: error.offset + 1, detail: error.message))
        }
    }

    /// `{"code":"Not Found",...}` is an unknown symbol; any other error keeps its description.
    static func envelopeError(_ err: JSONValue, status: Int) -> QuoteError {
        let code = err["code"]?.string ?? ""
        let description = err["description"]?.string ?? code
        if code == "Not Found" { return .unknownSymbol(source: source) }
        return .httpStatus(source: source, status: status, excerpt: description)
    }

    /// The bars with a time and a close, in the order sent.
    static func rows(_ result: JSONValue) -> [YahooChartRow] {
        guard let stamps = result["timestamp"]?.array, let quote = result["indicators"]?["quote"]?[0] else { return [] }
        let opens = quote["open"]?.array ?? []
        let highs = quote["high"]?.array ?? []
        let lows = quote["low"]?.array ?? []
        let closes = quote["close"]?.array ?? []
        let volumes = quote["volume"]?.array ?? []
        func value(_ a: [JSONValue], _ k: Int) -> ExactDecimal? { k < a.count ? YahooFloatPrice.decimal(a[k]) : nil }
        var rows: [YahooChartRow] = []
        rows.reserveCapacity(stamps.count)
        for (k, stamp) in stamps.enumerated() {
            guard let time = stamp.epochInstant, let close = value(closes, k) else { continue }
            rows.append(
                YahooChartRow(
                    time: time, open: value(opens, k), high: value(highs, k), low: value(lows, k), close: close,
                    volume: k < volumes.count ? volumes[k].decimal : nil))
        }
        return rows
    }
}
