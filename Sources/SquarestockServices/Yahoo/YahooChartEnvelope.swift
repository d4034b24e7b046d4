import SquarestockCore

/// The one result object of a v8 chart answer, `{"chart":{"result":[R]}}`, or of the v7 spark
/// answer that wraps the same object, `{"spark":{"result":[{"symbol":..,"response":[R]}]}}`.
/// Both Yahoo chart decoders (the quote's sparkline and the chart's history) start here.
struct YahooChartEnvelope {
    let result: JSONValue
    let meta: JSONValue

    /// The result for `symbol`, or the error the answer stands for: a body that is not JSON is
    /// `.malformed`, an `error` object is what it says, no result is an unknown symbol.
    static func open(_ body: [UInt8], status: Int, symbol: String) -> Result<YahooChartEnvelope, QuoteError> {
        let source = YahooChartDecoder.source
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
        return .success(YahooChartEnvelope(result: result, meta: meta))
    }

    /// `{"code":"Not Found",...}` is an unknown symbol; any other error keeps its description.
    static func envelopeError(_ err: JSONValue, status: Int) -> QuoteError {
        let code = err["code"]?.string ?? ""
        let description = err["description"]?.string ?? code
        if code == "Not Found" { return .unknownSymbol(source: YahooChartDecoder.source) }
        return .httpStatus(source: YahooChartDecoder.source, status: status, excerpt: description)
    }
}
