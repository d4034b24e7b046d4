import Foundation
import SquarestockCore
import SquarestockNetworking

/// Gets a Yahoo session the way a browser does: a cookie from `fc.yahoo.com` (or, when that gives
/// none, from `finance.yahoo.com` through the EU consent pages), then the crumb from
/// `/v1/test/getcrumb`. Redirects are followed by hand, at most `maxSteps`, because the consent
/// pages set the cookies on the redirects themselves.
package struct YahooSessionFlow: Sendable {
    package static let maxSteps = 8
    package let context: SourceContext
    package let transport: HTTPTransport
    package let userAgent: String

    package init(context: SourceContext, transport: HTTPTransport, userAgent: String) {
        self.context = context
        self.transport = transport
        self.userAgent = userAgent
    }

    package static let source = "yahoo"

    package func establish() -> Result<YahooSession, QuoteError> {
        var jar = CookieJar()
        var lastProblem = "no answer"
        // 1. fc.yahoo.com answers 404 (or 5xx) but sets A3.
        var oneHostOnly = false
        switch get(context.url("https://fc.yahoo.com/"), jar: jar) {
        case .success(let r): jar.absorb(r, now: context.now)
        case .failure(let e):
            lastProblem = "fc.yahoo.com: " + e.description
            // Nothing came back within the connect limit: the network drops packets, and a
            // second host would only make the user wait that long again. With `--endpoint`
            // the second host is the same server that just failed (it waited the timeout twice,
            // and said it waited once).
            if case .connectTimedOut = e { oneHostOnly = true }
            if context.endpoint != nil { oneHostOnly = true }
        }
        // 2. Otherwise the finance.yahoo.com page and, in the EU and UK, the consent form.
        if !hasAuthCookie(jar), !oneHostOnly {
            var url = context.url("https://finance.yahoo.com/quote/AAPL/")
            var steps = 0
            while steps < YahooSessionFlow.maxSteps && !hasAuthCookie(jar) {
                steps += 1
                let response: HTTPResponse
                switch get(url, jar: jar) {
                case .success(let r): response = r
                case .failure(let e):
                    // Both hosts' failures are named: each may have waited the whole timeout.
                    lastProblem =
                        (lastProblem == "no answer" ? "" : lastProblem + "; ") + "finance.yahoo.com: " + e.description
                    steps = YahooSessionFlow.maxSteps
                    continue
                }
                jar.absorb(response, now: context.now)
                if hasAuthCookie(jar) { break }
                if (300..<400).contains(response.status), let location = response.header("Location") {
                    url = resolve(location, against: url)
                    continue
                }
                let inputs = HTMLForm.hiddenInputs(response.body)
                guard response.status == 200, inputs.contains(where: { $0.name == "csrfToken" }) else {
                    lastProblem = "finance.yahoo.com answered HTTP \(response.status) without a cookie"
                    break
                }
                // Accept the consent form, as the "agree" button does.
                let body = HTMLForm.encode(
                    inputs.map { ($0.name, $0.value) } + [("agree", "agree"), ("agree", "agree")])
                var headers = baseHeaders(jar)
                headers.append("Content-Type: application/x-www-form-urlencoded")
                let post = transport.perform(
                    HTTPRequest(
                        url: url, headers: headers, method: "POST", body: Array(body.utf8), followRedirects: false))
                switch post {
                case .success(let r):
                    jar.absorb(r, now: context.now)
                    guard let location = r.header("Location") else {
                        lastProblem = "the consent form answered HTTP \(r.status) without a redirect"
                        steps = YahooSessionFlow.maxSteps
                        continue
                    }
                    url = resolve(location, against: url)
                case .failure(let e):
                    lastProblem =
                        (lastProblem == "no answer" ? "" : lastProblem + "; ") + "the consent form: " + e.description
                    steps = YahooSessionFlow.maxSteps
                }
            }
        }
        guard hasAuthCookie(jar) else {
            return .failure(
                .sessionFailed(source: YahooSessionFlow.source, detail: "could not get a Yahoo cookie (\(lastProblem))")
            )
        }
        // 3. The crumb, bound to that cookie.
        switch get(context.url("https://query1.finance.yahoo.com/v1/test/getcrumb"), jar: jar, follow: true) {
        case .failure(let e):
            return .failure(.transport(source: YahooSessionFlow.source, e))
        case .success(let r):
            return Self.crumb(from: r).map {
                YahooSession(
                    cookies: jar, crumb: $0, created: context.now.secondsSinceEpoch,
                    origin: YahooSession.origin(endpoint: context.endpoint))
            }
        }
    }

    /// The crumb in the answer to `/v1/test/getcrumb`, or why there is none: a rate limit, or
    /// anything that is not a short token (Yahoo sends HTML or JSON errors with status 200).
    package static func crumb(from r: HTTPResponse) -> Result<String, QuoteError> {
        let text = String(decoding: r.body, as: UTF8.self)
        if r.status == 429 || text.contains("Too Many Requests") {
            return .failure(
                RateLimit.error(r, source: source, detail: "the crumb request got \"\(BodyKind.excerpt(r.body))\""))
        }
        guard r.status == 200, YahooSession.isPlausibleCrumb(text) else {
            let said = ResponseScreen.jsonMessage(r.body) ?? BodyKind.excerpt(r.body)
            return .failure(
                .sessionFailed(source: source, detail: "the crumb request answered HTTP \(r.status): \"\(said)\""))
        }
        return .success(text)
    }

    func hasAuthCookie(_ jar: CookieJar) -> Bool { jar.value("A3") != nil || jar.value("A1") != nil }

    func baseHeaders(_ jar: CookieJar) -> [String] {
        var h = ["User-Agent: " + userAgent, "Accept: */*"]
        if let c = jar.headerLine { h.append(c) }
        return h
    }

    func get(_ url: String, jar: CookieJar, follow: Bool = false) -> Result<HTTPResponse, TransportError> {
        transport.perform(HTTPRequest(url: url, headers: baseHeaders(jar), followRedirects: follow))
    }

    /// A redirect target on the configured endpoint: absolute URLs keep their path and query,
    /// relative ones are resolved against the current URL.
    func resolve(_ location: String, against current: String) -> String {
        if location.contains("://") { return context.url(location) }
        guard let schemeEnd = current.range(of: "://") else { return location }
        let hostEnd = current[schemeEnd.upperBound...].firstIndex(of: "/") ?? current.endIndex
        let origin = String(current[..<hostEnd])
        if location.hasPrefix("/") { return origin + location }
        let base = current[..<(current.lastIndex(of: "/") ?? current.endIndex)]
        return base + "/" + location
    }
}
