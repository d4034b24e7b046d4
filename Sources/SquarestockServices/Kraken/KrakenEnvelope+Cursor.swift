import SquarestockCore
import SquarestockNetworking

/// The envelope read with a `JSONCursor`, for the large answers (Trades, Depth) whose rows a
/// decoder turns straight from bytes into exact decimals without building a `JSONValue` tree.
/// Same rules as `KrakenEnvelope.result`: the first `E` error wins over any result, a `W`
/// warning does not, and a body with neither is malformed.
extension KrakenEnvelope {
    /// `read` gets the cursor on the value of the single pair member of `result` (the member
    /// that is not `last`, under whatever key Kraken filed it) and must consume exactly that value.
    /// With `keys`, only a member filed under one of them is read (the pair asked for): a book
    /// filed under another pair's key (a mirror's, a proxy's mix-up) is no answer for this one,
    /// and its prices fed the order checks.
    static func pairAnswer<T>(
        _ response: HTTPResponse, _ method: String, keys: [String]? = nil,
        _ read: (inout JSONCursor) -> Result<T, QuoteError>
    ) -> Result<T, QuoteError> {
        if let failure = ExchangeResponse.screen(response, source: source) { return .failure(failure) }
        return response.body.withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            c.offset = ASCIIBytes.bomLength(raw)
            var errorText: String?
            var answer: Result<T, QuoteError>?
            let wellFormed =
                c.take(UInt8(ascii: "{"))
                && c.items(closedBy: UInt8(ascii: "}")) { c in
                    guard let key = c.key() else { return false }
                    if JSONCursor.equals(key, "error") {
                        return readErrors(&c, into: &errorText)
                    }
                    if JSONCursor.equals(key, "result"), c.peek() != UInt8(ascii: "n") {
                        guard errorText == nil else { return c.skipValue() }
                        answer = pairMember(&c, method, keys: keys, read)
                        if case .failure = answer { return false }
                        return true
                    }
                    return c.skipValue()
                }
            if let errorText { return .failure(error(errorText)) }
            if case .failure? = answer { return answer! }
            guard wellFormed, c.atEnd() else {
                return .failure(noResult(malformed(at: c, "the answer is not well-formed JSON"), response))
            }
            return answer
                ?? .failure(
                    noResult(
                        .malformed(source: source, line: 1, column: 1, detail: "no \"result\" in the answer"), response)
                )
        }
    }

    /// The `error` array's first `E` entry, kept in `first`.
    private static func readErrors(_ c: inout JSONCursor, into first: inout String?) -> Bool {
        guard c.take(UInt8(ascii: "[")) else { return c.skipValue() }
        return c.items(closedBy: UInt8(ascii: "]")) { c in
            // Raw first: only an entry whose first byte is `E` is an error worth its text.
            guard let s = c.rawString() else { return c.skipValue() }
            if first == nil, s.bytes.first == UInt8(ascii: "E") { first = s.text }
            return true
        }
    }

    private static func pairMember<T>(
        _ c: inout JSONCursor, _ method: String, keys: [String]?,
        _ read: (inout JSONCursor) -> Result<T, QuoteError>
    ) -> Result<T, QuoteError> {
        guard c.take(UInt8(ascii: "{")) else { return .failure(malformed(at: c, "result is not an object")) }
        var answer: Result<T, QuoteError>?
        var otherPair = false
        let wellFormed = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            guard answer == nil, !JSONCursor.equals(key, "last") else { return c.skipValue() }
            if let keys, !keys.contains(where: { key.elementsEqual($0.utf8) }) {
                otherPair = true
                return c.skipValue()
            }
            answer = read(&c)
            if case .failure = answer { return false }
            return true
        }
        if case .failure? = answer { return answer! }
        guard wellFormed else { return .failure(malformed(at: c, "result is not well-formed JSON")) }
        if answer == nil && otherPair { return .failure(.missingFromResponse(source: source)) }
        return answer ?? .failure(.malformed(source: source, line: 1, column: 1, detail: "\(method) answered no pair"))
    }

    /// A malformed answer at the cursor's byte.
    static func malformed(at c: JSONCursor, _ detail: String) -> QuoteError {
        .malformed(source: source, line: 1, column: c.offset + 1, detail: detail)
    }
}
