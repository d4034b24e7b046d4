import SquarestockCore
import SquarestockNetworking

/// Coinbase Exchange answers errors with a real HTTP status and `{"message":"..."}`: 404
/// `NotFound` for an unknown product, 400 for a bad granularity or too many buckets, 429
/// `Public rate limit exceeded`, and 400 `User-Agent header is required.` without one.
enum CoinbaseResponse {
    static let source = "coinbase"

    /// The parsed body of a 2xx answer, or the error the status and message stand for. A 404 is
    /// "not listed" only for a request that names a product (`namesProduct`): on the product
    /// list itself it is the service gone or moved, not an unknown pair (whose advice, the
    /// product list, would fail the same way).
    static func json(_ response: HTTPResponse, namesProduct: Bool = true) -> Result<JSONValue, QuoteError> {
        var screened = response
        if screened.status == 429 { screened.status = 200 }  // read the message before the throttle
        let parsed = ExchangeResponse.json(screened, source: source)
        guard response.status >= 400 else { return parsed }
        let message = (try? parsed.get())?["message"]?.string.map { BodyKind.excerpt(Array($0.utf8), limit: 120) }
        switch (response.status, message) {
        case (429, _):
            return .failure(RateLimit.error(response, source: source, detail: message.map { "HTTP 429: \($0)" }))
        case (404, _) where namesProduct:
            return .failure(.unlistedPair(source: source, suggestion: nil))
        case (_, let m?) where m.lowercased().contains("rate limit"):
            return .failure(.rateLimited(source: source, detail: m, retryAfter: RateLimit.retryAfter(of: response)))
        case (400, let m?):
            return .failure(
                .exchangeError(
                    source: source, message: m,
                    hint: "squarestock sent a request Coinbase does not accept; check the pair and the --range"))
        default:
            return parsed.flatMap { _ in
                .failure(
                    .httpStatus(
                        source: source, status: response.status, excerpt: message ?? BodyKind.excerpt(response.body)))
            }
        }
    }

    /// A price or size: a string on the wire; candles send JSON numbers, whose text is kept.
    static func decimal(_ value: JSONValue?) -> ExactDecimal? { value?.numberOrStringDecimal }

    /// `trade_id` is an int on the wire and a string in some samples.
    static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .number(let n)?: return n
        case .string(let s)? where !s.isEmpty: return s
        default: return nil
        }
    }

    static func malformed(_ detail: String) -> QuoteError {
        .malformed(source: source, line: 1, column: 1, detail: detail)
    }
}
