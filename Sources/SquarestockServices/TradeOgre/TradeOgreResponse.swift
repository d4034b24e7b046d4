import SquarestockCore
import SquarestockNetworking

/// TradeOgre answers failures with HTTP 200 and `{"success":false,"error":"Market not found"}`;
/// `success` is `true` in some answers and the string `"true"` in others (the order book).
enum TradeOgreResponse {
    static let source = "tradeogre"

    static func json(_ response: HTTPResponse) -> Result<JSONValue, QuoteError> {
        ExchangeResponse.json(response, source: source).flatMap { body in
            let success = body["success"]
            guard success == .bool(false) || success == .string("false") else {
                // TradeOgre answers its own failures with 200: an error status with some other
                // JSON is a proxy's or a wrong --endpoint's, said as that status.
                if response.status >= 400 { return .failure(ExchangeResponse.statusError(response, source: source)) }
                return .success(body)
            }
            let message =
                body["error"]?.string.map { BodyKind.excerpt(Array($0.utf8), limit: 120) } ?? "no reason given"
            if message.lowercased().hasPrefix("market not found") {
                return .failure(.unlistedPair(source: source, suggestion: nil))
            }
            return .failure(.exchangeError(source: source, message: message, hint: "check the pair and the --endpoint"))
        }
    }

    /// Every number is a string with 8 decimals.
    static func decimal(_ value: JSONValue?) -> ExactDecimal? { value?.numberOrStringDecimal }

    static func malformed(_ detail: String) -> QuoteError {
        .malformed(source: source, line: 1, column: 1, detail: detail)
    }
}
