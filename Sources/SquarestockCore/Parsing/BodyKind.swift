import Foundation

/// What a response body turned out to be when it was not the expected format. Quote services
/// answer errors with HTTP 200 and an HTML page, a JSON object or a line of text, so the kind
/// decides the message the user sees.
public enum BodyKind: String, Sendable, Equatable {
    case empty, html, json, text, binary

    public var description: String {
        switch self {
        case .empty: return "an empty body"
        case .html: return "an HTML page"
        case .json: return "JSON"
        case .text: return "plain text"
        case .binary: return "binary data"
        }
    }

    /// Classifies by the first meaningful bytes.
    public static func classify(_ body: [UInt8]) -> BodyKind {
        var i = ASCIIBytes.bomLength(body)
        while i < body.count, ASCIIBytes.isJSONSpace(body[i]) { i += 1 }
        guard i < body.count else { return .empty }
        let c = body[i]
        if c == UInt8(ascii: "<") { return .html }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { return .json }
        // JSONP (`callback({...})`) and `/**/callback(` count as JSON.
        let head = body[i..<min(body.count, i + 200)]
        if let paren = head.firstIndex(of: UInt8(ascii: "(")), head[paren...].contains(UInt8(ascii: "{")),
            head[..<paren].allSatisfy({
                $0 == 46 || $0 == 95 || $0 == 47 || $0 == 42 || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122)
                    || ($0 >= 48 && $0 <= 57)
            })
        {
            return .json
        }
        let sample = body[i..<min(body.count, i + 512)]
        let controls = sample.filter { $0 < 9 || ($0 > 13 && $0 < 32) }.count
        return controls > sample.count / 10 ? .binary : .text
    }

    /// A short, printable quote of what came back: the HTML `<title>` when there is one,
    /// otherwise the first line, at most `limit` characters, control characters removed.
    /// Error bodies can be megabytes, so the work is bounded: only the first 64 KiB are looked
    /// at. The title or line is sanitized whole, then every configured secret is replaced (by
    /// `redactor`), and only then is it cut: a cut falling inside a key cannot leave part of it,
    /// however much invisible padding (control characters, zero-width spaces) stands before it.
    package static func excerpt(_ body: [UInt8], limit: Int = 80, redactor: SecretRedactor = .shared) -> String {
        let looked = 64 * 1024
        let head = redactor.redactedHead(body, limit: looked)
        var candidate: Substring
        var cutShort = false
        if let title = titleBytes(head) {
            candidate = Substring(String(decoding: title, as: UTF8.self))
        } else {
            var i = head.startIndex
            while i < head.endIndex {
                if ASCIIBytes.isSpace(head[i]) {
                    i += 1
                    continue
                }
                let bom = ASCIIBytes.bomLength(head[i...])
                guard bom > 0 else { break }
                i += bom
            }
            let rest = head[i...]
            // Longer than what was looked at, with no line end in it (not the redacted head's
            // length: a key replaced by a shorter word made every excerpt look cut).
            cutShort = body.count > looked && !rest.contains(where: { $0 == 10 || $0 == 13 })
            candidate = Substring(String(decoding: rest, as: UTF8.self))
            candidate = candidate.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if let nl = candidate.firstIndex(where: \.isNewline) {
                candidate = candidate[..<nl]
                cutShort = false
            }
        }
        // Again after sanitising: control characters inside a key are dropped there.
        var out = redactor.redact(TerminalText.sanitize(String(candidate)))
        if out.count > limit || cutShort { out = String(out.prefix(limit - 1)) + "…" }
        return out
    }

    /// The bytes between `<title ...>` and `</title>` (ASCII case-insensitive), if both are there.
    private static func titleBytes(_ head: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard
            let open = ASCIIBytes.firstIndex(
                of: Array("<title".utf8), in: head, from: head.startIndex, to: head.endIndex),
            let gt = head[open...].firstIndex(of: UInt8(ascii: ">")),
            let close = ASCIIBytes.firstIndex(of: Array("</title>".utf8), in: head, from: gt + 1, to: head.endIndex)
        else { return nil }
        return head[(gt + 1)..<close]
    }
}
