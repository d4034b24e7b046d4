import SquarestockCore
import SquarestockNetworking

/// A service's online symbol search (`search --online`): the request for a text, nil when it
/// cannot be asked now (a key it needs is not set), and the decoder of its answer. The facade
/// sends every service's request in one batch.
package struct SearchCapability: Sendable {
    /// It is asked only with a key ("and Alpha Vantage when a key is set").
    package var needsKey: Bool
    package var request: @Sendable (_ text: String, _ limit: Int, SourceContext) -> HTTPRequest?
    package var matches: @Sendable (HTTPResponse, SourceContext) -> Result<[OnlineSymbolMatch], QuoteError>

    package init(
        needsKey: Bool = false,
        request: @escaping @Sendable (_ text: String, _ limit: Int, SourceContext) -> HTTPRequest?,
        matches: @escaping @Sendable (HTTPResponse, SourceContext) -> Result<[OnlineSymbolMatch], QuoteError>
    ) {
        self.needsKey = needsKey
        self.request = request
        self.matches = matches
    }
}
