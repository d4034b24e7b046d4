import SquarestockCore
import SquarestockNetworking

/// Kraken's envelope, `{"error":[...],"result":...}`: every answer, good or bad, comes as
/// HTTP 200, and a failure has only the `error` array (`["EQuery:Unknown asset pair"]`). The
/// errors are read before anything else; a `W` warning that comes with a result is not a failure.
enum KrakenEnvelope {
    static let source = "kraken"

    /// The `result`, or the error the body (or the transport's screening) stands for.
    static func result(_ response: HTTPResponse) -> Result<JSONValue, QuoteError> {
        ExchangeResponse.json(response, source: source).flatMap(result(in:)).mapError { noResult($0, response) }
    }

    /// An answer without Kraken's envelope that came with an error status (a 404 from a proxy or
    /// a wrong `--endpoint`) is that status, not a body that could not be read.
    static func noResult(_ e: QuoteError, _ response: HTTPResponse) -> QuoteError {
        guard response.status >= 400, case .malformed = e else { return e }
        return ExchangeResponse.statusError(response, source: source)
    }

    static func result(in body: JSONValue) -> Result<JSONValue, QuoteError> {
        let errors = (body["error"]?.array ?? []).compactMap(\.string)
        if let failure = errors.first(where: { $0.hasPrefix("E") }) {
            return .failure(error(failure))
        }
        guard let result = body["result"], !result.isNull else {
            return .failure(.malformed(source: source, line: 1, column: 1, detail: "no \"result\" in the answer"))
        }
        return .success(result)
    }

    /// What one of Kraken's error strings means for the user (`<E|W><Category>:<text>`).
    static func error(_ text: String) -> QuoteError {
        let message = BodyKind.excerpt(Array(text.utf8), limit: 120)
        switch text {
        case _ where text.hasPrefix("EQuery:Unknown asset pair"):
            return .unlistedPair(source: source, suggestion: nil)
        case _ where text.hasPrefix("EGeneral:Too many requests") || text.hasPrefix("EAPI:Rate limit exceeded"):
            return .rateLimited(source: source, detail: message, retryAfter: nil)
        case _
        where text.hasPrefix("EService:Unavailable") || text.hasPrefix("EService:Busy")
            || text.hasPrefix("EService:Market in cancel_only mode"):
            return .exchangeError(
                source: source, message: message, hint: "Kraken is busy or in maintenance; try again in a few minutes")
        case _ where text.hasPrefix("EGeneral:Invalid arguments"):
            return .exchangeError(
                source: source, message: message,
                hint: "squarestock sent a request Kraken does not accept; check the pair and the --range")
        default:
            return .exchangeError(source: source, message: message, hint: "try again later, or use another --source")
        }
    }

    /// A field that must be a non-empty object.
    static func members(_ value: JSONValue?, _ what: String) -> Result<[(String, JSONValue)], QuoteError> {
        guard case .object(let members)? = value else {
            return .failure(.malformed(source: source, line: 1, column: 1, detail: "\(what) is not an object"))
        }
        return .success(members)
    }

    /// The text of a price or size: a string on the wire, a number in some documentation examples.
    static func decimal(_ value: JSONValue?) -> ExactDecimal? { value?.numberOrStringDecimal }

    /// An integer sent as a number or as a string (`opentm`, `count`, OHLC `last`).
    static func integer(_ value: JSONValue?) -> Int64? {
        switch value {
        case .number?: return value?.int64
        case .string(let s)?: return Int64(s)
        default: return nil
        }
    }
}
