/// Why one symbol has no quote, with what the user can do about it.
///
/// Errors that describe the source as a whole (`isServiceLevel`) go to every symbol of the batch
/// and make the exit code 3 when nothing else worked; the rest belong to one symbol.
public enum QuoteError: Error, Sendable, Equatable {
    case invalidSymbol(String)
    case unknownSymbol(source: String)
    case noData(source: String)
    case unsupportedSymbol(source: String, reason: String)
    case missingFromResponse(source: String)
    case unexpectedBody(source: String, status: Int, kind: BodyKind, excerpt: String, hint: String?)
    case rateLimited(source: String, detail: String, retryAfter: Double?)
    case httpStatus(source: String, status: Int, excerpt: String)
    case truncated(source: String, detail: String)
    case malformed(source: String, line: Int, column: Int, detail: String)
    case transport(source: String, TransportError)
    case notConfigured(source: String, detail: String)
    case sessionFailed(source: String, detail: String)
    /// The service refused the call itself ("Invalid API call"), usually a symbol it does not list.
    case invalidCall(source: String, detail: String)
    /// The request needs a paid plan.
    case premiumOnly(source: String, detail: String)
    /// A last price was sent but cannot be held exactly (not a number, or more digits than
    /// `ExactDecimal` keeps). Calling it an unknown symbol would send the user after a typo.
    case unreadablePrice(source: String, text: String)
    /// A stock's last price of zero or below (Stooq's `-1.25`): no share trades there, so it is
    /// not shown as fact (with a change of -101 %).
    case impossiblePrice(source: String, price: ExactDecimal)
    /// An exchange does not list the pair; `suggestion` is the closest pair it does list.
    case unlistedPair(source: String, suggestion: String?)
    /// A JSON service answered with something else (a CDN's HTML page, an empty body).
    case notJSON(source: String, status: Int, kind: BodyKind, excerpt: String)
    /// An exchange answered with an error of its own that no other case describes
    /// (Kraken `EService:Unavailable`), quoted as sent (sanitised, short), with what to do.
    case exchangeError(source: String, message: String, hint: String)

    /// The price text as the message quotes it: network text, so sanitised and kept short.
    public static func priceNotReadable(source: String, sent text: String) -> QuoteError {
        .unreadablePrice(source: source, text: BodyKind.excerpt(Array(text.utf8), limit: 40))
    }

    /// The source does not know the symbol (as opposed to failing): worth a "did you mean" from
    /// the stock directory. An unlisted crypto pair carries the exchange's own suggestion instead.
    public var meansUnknownSymbol: Bool {
        switch self {
        case .unknownSymbol, .noData, .missingFromResponse, .invalidCall: return true
        default: return false
        }
    }

    public var isServiceLevel: Bool {
        switch self {
        case .unexpectedBody, .rateLimited, .httpStatus, .transport, .notConfigured, .sessionFailed, .premiumOnly,
            .notJSON, .exchangeError:
            return true
        default: return false
        }
    }

    /// The service said it does not know the symbol (or has no data for it).
    public var isUnknownSymbol: Bool {
        switch self {
        case .unknownSymbol, .noData: return true
        default: return false
        }
    }

    /// The service could not be reached at all (no name resolution, no connection): most likely
    /// no network, which the user should hear once, with what to do, not once per symbol.
    public var isUnreachable: Bool {
        switch self {
        case .transport(_, let e):
            switch e {
            case .couldNotResolve, .couldNotConnect, .connectTimedOut: return true
            default: return false
            }
        case .sessionFailed(_, let detail):
            return detail.contains("could not resolve") || detail.contains("could not connect")
                || detail.contains("did not connect")
        default: return false
        }
    }

    /// For a narrow place (a watch row's status): a session that failed because nothing could
    /// be reached as `no network (could not resolve finance.yahoo.com)`, the useful part first
    /// instead of last; anything else as `detail` (a transport error already starts with it).
    public var brief: String {
        guard isUnreachable, case .sessionFailed = self else { return detail }
        let text = detail
        for marker in ["could not resolve ", "could not connect to ", "did not connect"] {
            guard let start = text.range(of: marker) else { continue }
            let rest = text[start.lowerBound...]
            let end = rest.firstIndex { $0 == ";" || $0 == "(" || $0 == ")" } ?? rest.endIndex
            return "no network (" + rest[..<end].trimmingCharacters(in: .whitespaces) + ")"
        }
        return "no network"
    }

    /// The whole line for the user, prefixed with the symbol.
    public func message(symbol: String) -> String {
        "\(symbol): " + detail
    }

    /// The message without the symbol. Every configured secret is removed once more here, the
    /// last step before any error is shown, for network text that reached a case without going
    /// through `BodyKind.excerpt` (a field quoted by a decoder, a service's description), and
    /// control characters are stripped: a detail can quote what the user typed (`--endpoint`)
    /// and lands in CSV and JSON on standard output as well as on standard error.
    public var detail: String {
        SecretRedactor.shared.redact(TerminalText.stripControls(unredactedDetail))
    }

    private var unredactedDetail: String {
        switch self {
        case .invalidSymbol(let reason):
            return reason
        case .unknownSymbol(let source):
            return "\(source) does not know this symbol; check the spelling, or try `squarestock search`"
        case .noData(let source):
            return
                "\(source) has no quote for this symbol (its answer holds no data for it); check the spelling or the exchange suffix (e.g. .L, .DE, .T)"
        case .unsupportedSymbol(let source, let reason):
            return "\(source) cannot quote this symbol: \(reason)"
        case .missingFromResponse(let source):
            return "\(source) answered, but its response had no line for this symbol; try again, or query it on its own"
        case .unexpectedBody(let source, let status, let kind, let excerpt, let hint):
            var s = "the server sent \(kind.description) instead of CSV (HTTP \(status))"
            if !excerpt.isEmpty { s += ": \"\(excerpt)\"" }
            s += "; " + (hint ?? "\(source) may be down or changed its format")
            return s
        case .rateLimited(let source, let detail, let retryAfter):
            var s = "\(source) is rate limiting requests (\(detail))"
            if let ra = retryAfter {
                s += "; " + QuoteError.retryAfterAdvice(ra)
            } else {
                s += "; wait a while before trying again"
            }
            return s + ", or use another --source"
        case .httpStatus(let source, let status, let excerpt):
            var s = "\(source) answered HTTP \(status)"
            if !excerpt.isEmpty { s += ": \"\(excerpt)\"" }
            return s
                + (status >= 500
                    ? "; the service is having trouble, try again later" : "; check the symbol and the --endpoint")
        case .truncated(let source, let detail):
            return "the response from \(source) was cut off (\(detail)); try again"
        case .malformed(let source, let line, let column, let detail):
            return "could not read the response from \(source) at line \(line), column \(column): \(detail)"
        case .transport(_, let error):
            return error.description
        case .notConfigured(let source, let detail):
            return "\(source) is not configured: \(detail)"
        case .invalidCall(let source, let detail):
            return "\(source) rejected the request (\"\(detail)\"); check the symbol and its exchange suffix"
        case .premiumOnly(let source, let detail):
            return "\(source) says this needs a premium plan (\"\(detail)\"); use another --source"
        case .sessionFailed(let source, let detail):
            return "\(source) session failed: \(detail); wait a few minutes and retry, or use another --source"
        case .unreadablePrice(let source, let text):
            return
                "\(source) sent a last price squarestock cannot read exactly (\"\(text)\": not a number, or more than 18 significant digits); try again, or use another --source"
        case .impossiblePrice(let source, let price):
            return "\(source) sent a last price of \(price), which no share trades at, so nothing is shown; "
                + "try again later, or use another --source"
        case .unlistedPair(let source, let suggestion):
            return "\(source) does not list this pair"
                + (suggestion.map { "; did you mean \($0)?" } ?? "")
                + " (`squarestock markets --exchange \(source)` lists its pairs)"
        case .notJSON(let source, let status, let kind, let excerpt):
            var s = "the server sent \(kind.description) instead of JSON (HTTP \(status))"
            if !excerpt.isEmpty { s += ": \"\(excerpt)\"" }
            return s + "; \(source) may be down or changed its format, try again later"
        case .exchangeError(let source, let message, let hint):
            return "\(source) answered with an error (\"\(message)\"); \(hint)"
        }
    }

    /// What a Retry-After asks, in words that stay sensible: a server's date in the year 9999
    /// once showed as "retry after 251606843514 s" (issue 22). Up to a day it is given in
    /// seconds; beyond that only as "more than a day", which is all a user can act on.
    static func retryAfterAdvice(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds <= 86_400 else {
            return "the service asks to wait more than a day before trying again"
        }
        return "retry after \(Int(max(0, seconds).rounded(.up))) s"
    }
}
