import SquarestockCore
import SquarestockNetworking

/// The cookies of one service session, by name.
///
/// Yahoo's cookies all live under `.yahoo.com`, and with `--endpoint` every Yahoo host becomes
/// one test or mirror host, so a jar keyed by name (not by domain) is both enough and what keeps
/// the whole flow working against a single server.
package struct CookieJar: Sendable, Equatable, Codable {
    package struct Cookie: Sendable, Equatable, Codable {
        package var name: String
        package var value: String
        /// Epoch seconds; nil for a session cookie.
        package var expires: Int64?
    }

    package private(set) var cookies: [Cookie] = []

    /// The longest a cookie is kept, whatever the server asks: 400 days.
    package static let maxLifetime: Int64 = 400 * 86_400

    package init(cookies: [Cookie] = []) { self.cookies = cookies }

    package func value(_ name: String) -> String? { cookies.first { $0.name == name }?.value }

    /// Takes every `Set-Cookie` of a response; an expired or emptied cookie is removed.
    package mutating func absorb(_ response: HTTPResponse, now: Instant) {
        for line in response.headers(named: "Set-Cookie") { absorb(setCookie: line, now: now) }
    }

    package mutating func absorb(setCookie line: String, now: Instant) {
        let parts = line.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard let first = parts.first, let eq = first.firstIndex(of: "=") else { return }
        let name = String(first[..<eq])
        let value = String(first[first.index(after: eq)...])
        guard !name.isEmpty else { return }
        var expires: Int64? = nil
        for attribute in parts.dropFirst() {
            let lower = attribute.lowercased()
            if lower.hasPrefix("max-age="), let seconds = Int64(attribute.dropFirst(8)) {
                // Capped at 400 days as browsers do (RFC 6265bis); an unbounded server value
                // would also overflow the addition.
                expires = now.secondsSinceEpoch + min(max(seconds, -1), CookieJar.maxLifetime)
            } else if lower.hasPrefix("expires="), expires == nil,
                let when = HTTPDate.parse(String(attribute.dropFirst(8)))
            {
                expires = min(when.secondsSinceEpoch, now.secondsSinceEpoch + CookieJar.maxLifetime)
            }
        }
        cookies.removeAll { $0.name == name }
        if value.isEmpty || value == "EMPTY" || (expires.map { $0 <= now.secondsSinceEpoch } ?? false) { return }
        cookies.append(Cookie(name: name, value: value, expires: expires))
    }

    /// The `Cookie:` request header, or nil when the jar is empty.
    package var headerLine: String? {
        cookies.isEmpty ? nil : "Cookie: " + cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}
