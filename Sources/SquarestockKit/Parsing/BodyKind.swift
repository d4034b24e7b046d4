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
        var i = 0
        if body.count >= 3, body[0] == 0xEF, body[1] == 0xBB, body[2] == 0xBF { i = 3 }
        while i < body.count, body[i] == 32 || body[i] == 9 || body[i] == 10 || body[i] == 13 { i += 1 }
        guard i < body.count else { return .empty }
        let c = body[i]
        if c == UInt8(ascii: "<") { return .html }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { return .json }
        // JSONP (`callback({...})`) and `/**/callback(` count as JSON.
        let head = body[i..<min(body.count, i + 200)]
        if let paren = head.firstIndex(of: UInt8(ascii: "(")), head[paren...].contains(UInt8(ascii: "{")),
           head[..<paren].allSatisfy({ $0 == 46 || $0 == 95 || $0 == 47 || $0 == 42 || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) || ($0 >= 48 && $0 <= 57) }) {
            return .json
        }
        let sample = body[i..<min(body.count, i + 512)]
        let controls = sample.filter { $0 < 9 || ($0 > 13 && $0 < 32) }.count
        return controls > sample.count / 10 ? .binary : .text
    }

    /// A short, printable quote of what came back: the HTML `<title>` when there is one,
    /// otherwise the first line, at most `limit` characters, control characters removed.
    public static func excerpt(_ body: [UInt8], limit: Int = 80) -> String {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        var candidate: Substring = Substring(text)
        if let open = text.range(of: "<title", options: .caseInsensitive),
           let gt = text[open.upperBound...].firstIndex(of: ">"),
           let close = text[gt...].range(of: "</title>", options: .caseInsensitive) {
            candidate = text[text.index(after: gt)..<close.lowerBound]
        } else {
            candidate = candidate.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if let nl = candidate.firstIndex(where: \.isNewline) { candidate = candidate[..<nl] }
        }
        var out = TerminalText.sanitize(String(candidate))
        if out.count > limit { out = String(out.prefix(limit - 1)) + "…" }
        return out
    }
}

import Foundation
