import SquarestockCore
import SquarestockNetworking

/// Yahoo Finance: quotes, history and the day's points for stocks, ETFs, indices, FX and crypto.
package enum YahooService {
    package static let name = "yahoo"
    package static let displayName = "Yahoo"
    /// The User-Agent Yahoo sees: it refuses non-browser ones with `Edge: Too Many Requests`.
    package static let userAgent = "yahoo.user-agent"
    package static let defaultUserAgent = "Mozilla/5.0 (compatible; squarestock/\(SquarestockVersion.string))"

    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { _, _ in YahooSource() },
        stream: StreamCapability(
            quotes: { YahooStreamFeed() }, offerRank: 0, audience: "stocks, ETFs, indices, FX, crypto"),
        search: SearchCapability(
            request: { text, limit, context in
                HTTPRequest(
                    url: YahooSearchDecoder.url(query: text, limit: limit, context: context),
                    headers: ["User-Agent: " + context.yahooUserAgent])
            }, matches: { response, _ in YahooSearchDecoder.matches(response) }),
        doctor: DoctorCapability(
            setup: { context in
                let session = YahooSessionStore(cacheDirectory: context.cacheDirectory).load(
                    origin: YahooSession.origin(endpoint: context.endpoint))
                return "yahoo session: "
                    + (session.map { s in
                        "cached, made "
                            + AgeFormatter.ago(from: Instant(secondsSinceEpoch: s.created), now: context.now)
                            + (s.isUsable(now: context.now) ? "" : " (expired; a new one will be made)")
                    } ?? "none cached")
            }, setupOrder: 10),
        settings: [
            ServiceSetting(id: userAgent, configKey: "yahoo_user_agent", configOrder: 3, defaultValue: defaultUserAgent)
        ])
}

extension SourceContext {
    /// The User-Agent Yahoo is asked with: the configured one, else squarestock's own.
    var yahooUserAgent: String { setting(YahooService.userAgent) ?? YahooService.defaultUserAgent }
}
