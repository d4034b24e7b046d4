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
        let root: JSONValue
        do { root = try JSONReader.parse(body) } catch {
            return .failure(.malformed(source: source, line: 1, column: error.offset + 1, detail: error.message))
        }
        var result: JSONValue?
        if let chart = root["chart"] {
            if let err = chart["error"], !err.isNull { return .failure(envelopeError(err, status: status)) }
            result = chart["result"]?[0]
        } else if let spark = root["spark"] {
            if let err = spark["error"], !err.isNull { return .failure(envelopeError(err, status: status)) }
            let entry = spark["result"]?.array?.first { $0["symbol"]?.string?.uppercased() == symbol.uppercased() }
            result = entry?["response"]?[0]
        }
        guard let result, let meta = result["meta"] else { return .failure(.unknownSymbol(source: source)) }
        return .success(YahooChart(meta: meta, rows: rows(result)))
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
        func value(_ a: [JSONValue], _ k: Int) -> ExactDecimal? { k < a.count ? a[k].decimal : nil }
        var rows: [YahooChartRow] = []
        rows.reserveCapacity(stamps.count)
        for (k, stamp) in stamps.enumerated() {
            guard let time = stamp.epochInstant, let close = value(closes, k) else { continue }
            rows.append(
                YahooChartRow(
                    time: time, open: value(opens, k), high: value(highs, k), low: value(lows, k), close: close,
                    volume: value(volumes, k)))
        }
        return rows
    }
}
