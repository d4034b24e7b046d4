import Foundation
import SquarestockCore
import SquarestockMarket
import SquarestockNetworking

/// A quote service squarestock can read. Each source owns its wire format and its URLs, and
/// hands back domain `Stock`s, so the CLI and the renderers never see a service's quirks.
package protocol QuoteSource: Sendable {
    /// The name users pass to `--source`, shown in every output.
    var name: String { get }
    /// One result per symbol, in the order given. Symbols are already validated and upper-cased.
    func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult]
    /// Whether it asks other sources in turn (`auto`): each stock then says which answered, and
    /// a watch header names it ("auto → yahoo").
    var isChain: Bool { get }
    /// Whether each symbol costs a request of its own (Alpha Vantage's GLOBAL_QUOTE), so one it
    /// does not know is worth holding back from a live screen's refreshes; a batch source asks
    /// for it at no cost, and a smaller batch would miss its cached answers.
    var asksPerSymbol: Bool { get }
}

extension QuoteSource {
    package var isChain: Bool { false }
    package var asksPerSymbol: Bool { false }
}

/// What a source needs besides the symbols: the clock, where to send requests, and the
/// services' own settings (keys, a user agent, a folder: `ServiceSetting`), by id.
package struct SourceContext: Sendable {
    package var now: Instant
    /// Replaces scheme, host and port of every URL (mirrors, proxies, loopback tests).
    package var endpoint: String?
    package var registry: ExchangeRegistry
    /// Where sessions are cached between runs (`~/.cache/squarestock`); nil keeps them in memory.
    package var cacheDirectory: String?
    /// The exchange `--source auto` asks for crypto pairs Yahoo does not answer; nil: the
    /// catalog's default.
    package var exchange: String?
    /// Each service setting's value, by its id; an unset one is absent.
    package var settings: [String: String]
    /// Only the quotes are wanted, not the day's points (an FX rate a conversion multiplies by):
    /// a source that fetches those apart (Yahoo's spark) leaves them out.
    package var quotesOnly = false

    /// This context asking for the quotes alone (`quotesOnly`).
    package var quotesAlone: SourceContext {
        var c = self
        c.quotesOnly = true
        return c
    }

    package init(
        now: Instant = .now(), endpoint: String? = nil, registry: ExchangeRegistry = .standard,
        cacheDirectory: String? = nil, exchange: String? = nil, settings: [String: String] = [:]
    ) {
        self.exchange = exchange
        self.now = now
        self.endpoint = endpoint
        self.registry = registry
        self.cacheDirectory = cacheDirectory
        self.settings = settings
    }

    /// The value of the service setting `id`, when set.
    package func setting(_ id: String) -> String? { settings[id] }

    /// The real URL, or the same path and query on the configured endpoint.
    package func url(_ real: String) -> String {
        guard let endpoint, !endpoint.isEmpty else { return real }
        return Endpoint.rebase(real, onto: endpoint)
    }
}
