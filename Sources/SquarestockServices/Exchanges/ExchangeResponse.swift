import SquarestockCore
import SquarestockNetworking

/// The checks every exchange body passes before its decoder reads it: a throttle (HTTP 429) is a
/// rate limit for the whole exchange, a CDN's HTML page or an empty body is not an answer, and
/// the rest must parse as JSON. Exchange-specific errors inside the JSON (Kraken's `error`
/// array, Coinbase's `message`, TradeOgre's `success`) are each adapter's to read.
package enum ExchangeResponse {
    /// The parsed body, or the error that explains why there is none.
    package static func json(_ response: HTTPResponse, source: String) -> Result<JSONValue, QuoteError> {
        if response.status == 429 { return .failure(RateLimit.error(response, source: source)) }
        let kind = BodyKind.classify(response.body)
        guard kind == .json else {
            if response.status >= 400 && kind != .html && kind != .empty {
                return .failure(
                    .httpStatus(source: source, status: response.status, excerpt: BodyKind.excerpt(response.body)))
            }
            return .failure(
                .notJSON(
                    source: source, status: response.status, kind: kind,
                    excerpt: kind == .empty ? "" : BodyKind.excerpt(response.body)))
        }
        do {
            return .success(try JSONReader.parse(response.body))
        } catch {
            return .failure(
                .malformed(source: source, line: 1, column: error.offset + 1, detail: error.message))
        }
    }
}
