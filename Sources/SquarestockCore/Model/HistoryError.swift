/// Why a history body gave no bars, with where in the body and what the user can do.
///
/// Kept apart from `QuoteError` so history can grow its own cases (Alpha Vantage's three kinds of
/// HTTP-200 JSON error) without touching the quote path; the screening every CSV source shares
/// (HTML pages, HTTP errors, rate-limit text, `No data`) arrives wrapped as `.response`.
public enum HistoryError: Error, Sendable, Equatable {
    /// The body was not the expected CSV at all, as `ResponseScreen` judged it.
    case response(QuoteError)
    /// The header line is not the layout this decoder reads; `column` is 1-based.
    case unexpectedHeader(source: String, line: Int, column: Int, expected: String, found: String, hint: String?)
    /// A field could not be read as what its column holds.
    case malformed(source: String, line: Int, column: Int, detail: String)
    /// A row ends before its required fields (a cut-off download); `column` is the first missing one.
    case truncated(source: String, line: Int, column: Int, detail: String)
    /// Alpha Vantage `{"Note": ...}` with HTTP 200: the old per-minute/per-day call limit.
    case serviceNote(source: String, message: String)
    /// Alpha Vantage `{"Information": ...}` with HTTP 200: the daily limit, a premium-only
    /// parameter, or the demo key used for something else.
    case serviceInformation(source: String, message: String)
    /// Alpha Vantage `{"Error Message": ...}` with HTTP 200: an invalid call, usually an unknown
    /// symbol or function.
    case serviceErrorMessage(source: String, message: String)
    /// The source has no such history: no intraday bars at all (yahoo-csv), no recording of the
    /// symbol or range (samples), or no prices in the range asked for. `what` completes "has no",
    /// `hint` says what to try instead.
    case unavailable(source: String, what: String, hint: String)

    /// Errors about the source as a whole rather than this symbol's data.
    public var isServiceLevel: Bool {
        switch self {
        case .response(let e): return e.isServiceLevel
        case .serviceNote, .serviceInformation: return true
        case .unexpectedHeader, .malformed, .truncated, .serviceErrorMessage, .unavailable: return false
        }
    }

    /// Whether waiting (or another source) would help: a call limit rather than a bad request.
    public var isRateLimit: Bool {
        switch self {
        case .response(let e):
            if case .rateLimited = e { return true }
            return false
        case .serviceNote: return true
        case .serviceInformation(_, let message):
            let m = message.lowercased()
            return m.contains("rate limit") || m.contains("call frequency") || m.contains("requests per day")
        default: return false
        }
    }

    /// The whole line for the user, prefixed with the symbol.
    public func message(symbol: String) -> String { "\(symbol): " + detail }

    public var detail: String {
        switch self {
        case .response(let e):
            return e.detail
        case .unexpectedHeader(let source, let line, let column, let expected, let found, let hint):
            var s =
                "the history from \(source) has an unexpected header at line \(line), column \(column): expected \"\(expected)\", found \"\(found)\""
            s += "; " + (hint ?? "\(source) may have changed its format")
            return s
        case .malformed(let source, let line, let column, let detail):
            return "could not read the history from \(source) at line \(line), column \(column): \(detail)"
        case .truncated(let source, let line, let column, let detail):
            return "the history from \(source) was cut off at line \(line), column \(column) (\(detail)); try again"
        case .serviceNote(let source, let message):
            return "\(source) is limiting calls: \"\(message)\"; wait a minute, or use another --source"
        case .serviceInformation(let source, let message):
            return "\(source) refused the request: \"\(message)\""
                + (isRateLimit ? "; wait until tomorrow, or use another --source" : "")
        case .serviceErrorMessage(let source, let message):
            return "\(source) rejected the request: \"\(message)\"; check the symbol, or try `squarestock search`"
        case .unavailable(let source, let what, let hint):
            return "\(source) has no \(what); \(hint)"
        }
    }
}
