import Foundation

/// URL surgery for `--endpoint`: only scheme, host and port change.
package enum Endpoint {
    package static func rebase(_ url: String, onto endpoint: String) -> String {
        var base = endpoint
        while base.hasSuffix("/") { base.removeLast() }
        guard let schemeEnd = url.range(of: "://") else { return url }
        let afterScheme = url[schemeEnd.upperBound...]
        let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        return base + String(afterScheme[pathStart...])
    }

    /// Percent-encodes a query value (RFC 3986 unreserved characters stay).
    package static func encode(_ s: String) -> String {
        let hex: StaticString = "0123456789ABCDEF"
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(b)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex.utf8Start[Int(b >> 4)])
                out.append(hex.utf8Start[Int(b & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hides API keys and a userinfo password (`http://user:pass@host`) in a URL before it is
    /// shown anywhere.
    package static func redact(_ url: String) -> String {
        var out = url
        if let r = passwordRange(in: out) { out.replaceSubrange(r, with: "***") }
        for key in ["apikey=", "api_key=", "token=", "crumb="] {
            var searchStart = out.startIndex
            while let r = out.range(of: key, options: .caseInsensitive, range: searchStart..<out.endIndex) {
                let valueEnd = out[r.upperBound...].firstIndex(of: "&") ?? out.endIndex
                out.replaceSubrange(r.upperBound..<valueEnd, with: "REDACTED")
                searchStart = out.index(r.upperBound, offsetBy: 8)
            }
        }
        // A configured key can also sit elsewhere (a path, a redirect target): remove it too.
        return SecretRedactor.shared.redact(out)
    }

    /// The password of `scheme://user:password@host`, as written (percent-encoded or not).
    package static func password(_ url: String) -> String? {
        passwordRange(in: url).map { String(url[$0]) }
    }

    /// Where the password sits in the authority: after the first `:` of the userinfo, which
    /// ends at the authority's last `@`.
    static func passwordRange(in url: String) -> Range<String.Index>? {
        guard let (_, authority) = parts(url), let at = authority.lastIndex(of: "@"),
            let colon = authority[..<at].firstIndex(of: ":")
        else { return nil }
        let start = authority.index(after: colon)
        return start < at ? start..<at : nil
    }

    /// The scheme and the authority (userinfo included) of `scheme://authority/path?query`, as
    /// slices of `url`; nil without `://`. The one place a URL is taken apart.
    package static func parts(_ url: String) -> (scheme: Substring, authority: Substring)? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return (url[..<schemeEnd.lowerBound], authority)
    }

    /// `url` without its userinfo (`http://user:pass@host/x` is `http://host/x`): what names a
    /// server in a file squarestock keeps (a cache's key), where a password must never be.
    package static func withoutUserinfo(_ url: String) -> String {
        guard let (_, authority) = parts(url), let at = authority.lastIndex(of: "@") else { return url }
        return String(url[..<authority.startIndex]) + String(url[url.index(after: at)...])
    }

    /// `host[:port]` of `url`, without any userinfo (credentials are never echoed).
    package static func hostAndPort(_ url: String) -> Substring? {
        guard let (_, authority) = parts(url) else { return nil }
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return authority[authority.index(after: at)...]
    }

    /// `scheme://host:port`, lower-cased, without userinfo, path or query, and with the
    /// scheme's default port filled in: who a request really talks to, so that two spellings
    /// of one server compare equal.
    package static func origin(_ url: String) -> String? {
        guard let (rawScheme, _) = parts(url), var host = hostAndPort(url)?.lowercased() else { return nil }
        let scheme = rawScheme.lowercased()
        // The port follows the last colon, unless that colon is inside an IPv6 literal.
        let hasPort = host.lastIndex(of: ":").map { colon in !host[colon...].contains("]") } ?? false
        if !hasPort { host += scheme == "https" ? ":443" : ":80" }
        return scheme + "://" + host
    }
}
