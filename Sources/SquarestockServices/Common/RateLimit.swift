import SquarestockCore
import SquarestockNetworking

/// The one way a service's "slow down" answer becomes an error, so every source reports it with
/// the same words and the wait the server asked for (watch holds its refreshes that long).
enum RateLimit {
    /// `.rateLimited` for `response`: `detail` defaults to `HTTP 429` and the body's first
    /// words; the wait is what the transport read from `Retry-After`.
    static func error(_ response: HTTPResponse, source: String, detail: String? = nil) -> QuoteError {
        .rateLimited(
            source: source, detail: detail ?? "HTTP 429" + excerptSuffix(response.body),
            retryAfter: retryAfter(of: response))
    }

    /// The transport's reading of `Retry-After`; for a response no transport received (a
    /// recording, a test's fake) only the seconds form, which needs no clock.
    static func retryAfter(of response: HTTPResponse) -> Double? {
        response.retryAfter ?? RetryPolicy.parseRetryAfter(response.header("Retry-After"), now: nil)
    }

    /// `: "first words"`, or nothing for an empty body.
    static func excerptSuffix(_ body: [UInt8]) -> String {
        let e = BodyKind.excerpt(body)
        return e.isEmpty ? "" : ": \"\(e)\""
    }
}
