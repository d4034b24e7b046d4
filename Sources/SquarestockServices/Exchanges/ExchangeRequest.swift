import SquarestockCore
import SquarestockNetworking

/// How an adapter reaches its exchange: the base URL (rebased onto `--endpoint`), our
/// User-Agent (Kraken requires one, Coinbase answers HTTP 400 without it) and the transport.
package struct ExchangeRequest: Sendable {
    package var context: SourceContext
    package var transport: HTTPTransport

    package init(context: SourceContext, transport: HTTPTransport) {
        self.context = context
        self.transport = transport
    }

    /// What exchanges see as the client: the name and version, nothing about the user.
    package static let userAgent = "squarestock/\(SquarestockVersion.string)"

    /// `path` (with its query) on the adapter's host, or on `--endpoint`; an error when the
    /// exchange has no live host and no endpoint was given.
    package func url(_ adapter: ExchangeAdapter, _ path: String) -> Result<String, QuoteError> {
        if let endpoint = context.endpoint, !endpoint.isEmpty {
            return .success(Endpoint.rebase((adapter.baseURL ?? "http://localhost") + path, onto: endpoint))
        }
        guard let base = adapter.baseURL else {
            return .failure(
                .notConfigured(
                    source: adapter.name,
                    detail:
                        "it has no live host (offline since July 2025); give --endpoint URL of a server speaking its API"
                ))
        }
        return .success(base + path)
    }

    /// GETs of `paths`, in one concurrent batch, with the User-Agent; transport failures become
    /// the adapter's errors. `reuseFor`: how long a watch may re-serve the answers (`HTTPRequest`).
    package func get(_ adapter: ExchangeAdapter, _ paths: [String], reuseFor: Double? = nil) -> [Result<
        HTTPResponse, QuoteError
    >] {
        let urls = paths.map { url(adapter, $0) }
        let requests = urls.compactMap { try? $0.get() }.map {
            HTTPRequest(
                url: $0, headers: ["User-Agent: " + ExchangeRequest.userAgent, "Accept: application/json"],
                reuseFor: reuseFor)
        }
        var responses = transport.perform(requests).makeIterator()
        return urls.map { u in
            u.flatMap { _ in
                // One response per URL that was sent, in order.
                responses.next()!.mapError { QuoteError.transport(source: adapter.name, $0) }
            }
        }
    }

    package func get(_ adapter: ExchangeAdapter, _ path: String, reuseFor: Double? = nil) -> Result<
        HTTPResponse, QuoteError
    > {
        get(adapter, [path], reuseFor: reuseFor)[0]
    }
}
