import SquarestockCore
import SquarestockNetworking

/// A service's online symbol search (`search --online`): the request for a text, nil when it
/// cannot be asked now (a key it needs is not set), and the decoder of its answer. The facade
/// sends every service's request in one batch.
package struct SearchCapability: Sendable {
    package var request: @Sendable (_ text: String, _ limit: Int, SourceContext) -> HTTPRequest?
    package var matches: @Sendable (HTTPResponse, SourceContext) -> Result<[OnlineSymbolMatch], QuoteError>

    package init(
        request: @escaping @Sendable (_ text: String, _ limit: Int, SourceContext) -> HTTPRequest?,
        matches: @escaping @Sendable (HTTPResponse, SourceContext) -> Result<[OnlineSymbolMatch], QuoteError>
    ) {
        self.request = request
        self.matches = matches
    }
}
