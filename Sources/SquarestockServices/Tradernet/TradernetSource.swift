import SquarestockCore
import SquarestockNetworking

/// `--source tradernet` for anything but a stream: Tradernet's quotes come only from its
/// WebSocket here, so each symbol says where to get them instead of failing silently.
package struct TradernetSource: QuoteSource {
    package let name = TradernetService.name
    package init() {}

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        symbols.map { symbol in
            StockResult(
                symbol: symbol,
                outcome: .failure(
                    .unsupportedSymbol(
                        source: name,
                        reason:
                            "tradernet is a stream only; use `squarestock watch \(symbol) --source tradernet --stream`")
                ))
        }
    }
}
