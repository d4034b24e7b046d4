import Foundation
import SquarestockCore
import SquarestockNetworking

/// Alpha Vantage answers every problem with HTTP 200 and a one-key JSON object, even when CSV
/// was asked for. Each wording becomes its own error, with the limit it states, and with the
/// user's key removed from anything quoted back (one message echoes "your API key as ...").
package enum AlphaVantageErrors {
    package static let source = "alphavantage"

    /// nil when the body is not one of Alpha Vantage's JSON error objects.
    package static func error(in response: HTTPResponse, apiKey: String?) -> QuoteError? {
        guard BodyKind.classify(response.body) == .json, let root = try? JSONReader.parse(response.body),
            case .object(let members) = root
        else { return nil }
        func clean(_ s: String) -> String { redacted(s, apiKey: apiKey) }
        for (key, value) in members {
            guard let text = value.string.map(clean) else { continue }
            switch key {
            case "Note":
                return .rateLimited(source: source, detail: limitPhrase(text) ?? text, retryAfter: nil)
            case "Information":
                if let demo = demoKey(text) { return demo }
                if text.contains("premium") && !text.contains("rate limit") {
                    return .premiumOnly(source: source, detail: text)
                }
                return .rateLimited(source: source, detail: limitPhrase(text) ?? text, retryAfter: nil)
            case "Error Message":
                return .invalidCall(source: source, detail: text)
            default:
                continue
            }
        }
        // `{}` or `{"Global Quote": {}}`: nothing for this symbol.
        if members.isEmpty
            || members.allSatisfy({
                if case .object(let o) = $0.1 { return o.isEmpty }
                return false
            })
        {
            return .unknownSymbol(source: source)
        }
        return nil
    }

    /// The public `demo` key's answer to anything but Alpha Vantage's own sample requests, as
    /// what it is: no waiting helps (it read as a rate limit), a key of one's own does.
    static func demoKey(_ information: String) -> QuoteError? {
        guard information.lowercased().contains("demo"), information.contains("API key"),
            !information.contains("rate limit")
        else { return nil }
        return .notConfigured(
            source: source,
            detail:
                "its public demo key answers only its sample requests; set ALPHAVANTAGE_API_KEY (or "
                + "alphavantage_api_key in the config file) to a free key of your own from "
                + "https://www.alphavantage.co/support/#api-key")
    }

    /// "25 requests per day" or "5 calls per minute and 500 calls per day", as the message says.
    static func limitPhrase(_ text: String) -> String? {
        for marker in ["rate limit is ", "call frequency is "] {
            if let r = text.range(of: marker) {
                let rest = text[r.upperBound...]
                let end = rest.firstIndex(of: ".") ?? rest.endIndex
                return "limit: " + rest[..<end]
            }
        }
        return nil
    }

    /// A message Alpha Vantage sent (already sanitized by the JSON reader) without any
    /// configured secret, nor the key this request used (a library caller may pass one that was
    /// never registered with `SecretRedactor.shared`).
    static func redacted(_ message: String, apiKey: String?) -> String {
        var t = SecretRedactor.shared.redact(message)
        if let key = apiKey, !key.isEmpty { t = t.replacingOccurrences(of: key, with: SecretRedactor.marker) }
        return t
    }
}
