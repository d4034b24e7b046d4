import Foundation
import SquarestockCore
import SquarestockNetworking

/// The checks every CSV source runs before reading a body: services report trouble with
/// HTTP 200 and an HTML page, a JSON object or a sentence, so the status alone proves nothing.
package enum ResponseScreen {
    /// Returns an error when `response` is not a CSV body whose first field (case-insensitive)
    /// is one of `headerStarts`; `textRules` map known plain-text answers to specific errors.
    package static func csv(
        _ response: HTTPResponse, source: String, headerStarts: [String],
        htmlHint: String?, textRules: [(prefix: String, error: QuoteError)] = []
    ) -> QuoteError? {
        let body = response.body
        let kind = BodyKind.classify(body)
        if response.status == 429 {
            return RateLimit.error(response, source: source)
        }
        if response.status >= 400 {
            return .httpStatus(source: source, status: response.status, excerpt: BodyKind.excerpt(body))
        }
        if kind == .empty {
            return .unexpectedBody(
                source: source, status: response.status, kind: .empty, excerpt: "",
                hint: "\(source) may be down; try again later")
        }
        let first = firstLine(body)
        let lowered = first.lowercased()
        for rule in textRules where lowered.hasPrefix(rule.prefix.lowercased()) { return rule.error }
        let firstField =
            lowered.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let trimmedField = firstField.trimmingCharacters(in: [" ", "\"", "\u{FEFF}"])
        if kind == .text && headerStarts.contains(trimmedField) { return nil }
        switch kind {
        case .html:
            return .unexpectedBody(
                source: source, status: response.status, kind: .html, excerpt: BodyKind.excerpt(body), hint: htmlHint)
        case .json:
            return .unexpectedBody(
                source: source, status: response.status, kind: .json,
                excerpt: jsonMessage(body) ?? BodyKind.excerpt(body), hint: nil)
        default:
            return .unexpectedBody(
                source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(body), hint: nil)
        }
    }

    /// The first line of the body, BOM removed, at most 4 KiB looked at.
    static func firstLine(_ body: [UInt8]) -> String {
        var start = ASCIIBytes.bomLength(body)
        while start < body.count, ASCIIBytes.isJSONSpace(body[start]) { start += 1 }
        var end = start
        let limit = min(body.count, start + 4096)
        while end < limit, body[end] != 10, body[end] != 13 { end += 1 }
        return String(decoding: body[start..<end], as: UTF8.self)
    }

    /// The human part of a JSON error body (`{"Error Message": "..."}`, `{"chart":{"error":{"description":...}}}`).
    static func jsonMessage(_ body: [UInt8]) -> String? {
        guard let v = try? JSONReader.parseAllowingJSONP(body) else { return nil }
        return jsonMessage(in: v)
    }

    /// The same, for a body already parsed (so a decoder parses each body once).
    static func jsonMessage(in v: JSONValue) -> String? {
        func find(_ v: JSONValue, depth: Int) -> String? {
            guard depth < 4 else { return nil }
            if case .object(let members) = v {
                for (k, value) in members {
                    if messageKeys.contains(k),
                        let s = value.string
                    {
                        return s
                    }
                }
                for (_, value) in members { if let s = find(value, depth: depth + 1) { return s } }
            }
            return nil
        }
        return find(v, depth: 0).map { SecretRedactor.shared.excerpt($0) }
    }
}
