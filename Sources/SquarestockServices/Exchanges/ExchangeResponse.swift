import SquarestockCore
import SquarestockNetworking

/// The checks every exchange body passes before its decoder reads it: a throttle (HTTP 429) is a
/// rate limit for the whole exchange, a CDN's HTML page or an empty body is not an answer, and
/// the rest must parse as JSON. Exchange-specific errors inside the JSON (Kraken's `error`
/// array, Coinbase's `message`, TradeOgre's `success`) are each adapter's to read.
package enum ExchangeResponse {
    /// The parsed body, or the error that explains why there is none.
    package static func json(_ response: HTTPResponse, source: String) -> Result<JSONValue, QuoteError> {
        if let failure = screen(response, source: source) { return .failure(failure) }
        do {
            return .success(try JSONReader.parse(response.body))
        } catch {
            return .failure(
                .malformed(source: source, line: 1, column: error.offset + 1, detail: error.message))
        }
    }

    /// An error status with a body that is not the exchange's own answer (a proxy's page, a
    /// wrong `--endpoint`): that status, quoting the body's message when it has one.
    package static func statusError(_ response: HTTPResponse, source: String) -> QuoteError {
        .httpStatus(
            source: source, status: response.status,
            excerpt: ResponseScreen.jsonMessage(response.body) ?? BodyKind.excerpt(response.body))
    }

    /// Why a body is not a JSON answer at all (a throttle, an HTTP error page, HTML, nothing), or
    /// nil when it looks like JSON; for decoders that walk the bytes with a `JSONCursor`.
    package static func screen(_ response: HTTPResponse, source: String) -> QuoteError? {
        if response.status == 429 { return RateLimit.error(response, source: source) }
        let kind = BodyKind.classify(response.body)
        guard kind == .json else {
            if response.status >= 400 && kind != .html && kind != .empty {
                return .httpStatus(source: source, status: response.status, excerpt: BodyKind.excerpt(response.body))
            }
            return .notJSON(
                source: source, status: response.status, kind: kind,
                excerpt: kind == .empty ? "" : BodyKind.excerpt(response.body))
        }
        return nil
    }
}
