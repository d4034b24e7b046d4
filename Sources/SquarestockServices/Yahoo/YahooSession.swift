import SquarestockCore

/// A Yahoo cookie and the crumb bound to it: what `/v7/finance/quote` has required since April
/// 2023. Cached on disk so one session serves many runs, as a browser's would.
package struct YahooSession: Sendable, Equatable, Codable {
    package var cookies: CookieJar
    package var crumb: String
    /// When it was made, epoch seconds.
    package var created: Int64
    /// Where it was made (`YahooSession.origin(endpoint:)`). A session is only ever sent back to
    /// the origin that issued it: the cookie and crumb are credentials, and the next run's
    /// `--endpoint` may name another host, or plain http://. Not optional, so a cache file from
    /// before this field decodes as no session at all.
    package var origin: String

    package init(cookies: CookieJar, crumb: String, created: Int64, origin: String) {
        self.cookies = cookies
        self.crumb = crumb
        self.created = created
        self.origin = origin
    }

    /// Yahoo's own hosts, when no `--endpoint` is set; no endpoint origin can equal it.
    package static let yahooOrigin = "yahoo"

    /// `scheme://host:port` of the endpoint (lower-cased, default port filled in, userinfo and
    /// path dropped), or `yahooOrigin` without one.
    package static func origin(endpoint: String?) -> String {
        endpoint.flatMap(Endpoint.origin) ?? yahooOrigin
    }

    /// Sessions are renewed after a day even if the cookie lives longer: crumbs have been seen
    /// to go stale.
    package static let maxAge: Int64 = 24 * 3600

    package func isUsable(now: Instant) -> Bool {
        // Saturating: `created` comes from a cache file, which may be damaged.
        let age = now.seconds(since: Instant(secondsSinceEpoch: created))
        guard age >= 0, age < YahooSession.maxAge else { return false }
        let auth = cookies.cookies.first { $0.name == "A3" || $0.name == "A1" }
        return auth.map { ($0.expires ?? Int64.max) > now.secondsSinceEpoch } ?? false
    }

    /// A crumb is a short token; Yahoo has been seen to send "Too Many Requests" or HTML with
    /// status 200 instead, which must never be cached as a crumb.
    package static func isPlausibleCrumb(_ text: String) -> Bool {
        (4...64).contains(text.count)
            && !text.unicodeScalars.contains {
                $0 == " " || $0 == "<" || $0 == "{" || $0 == "\n" || $0 == "\r" || $0 == "\"" || $0.value < 0x20
            }
    }
}
