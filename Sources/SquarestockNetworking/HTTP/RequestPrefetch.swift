import SquarestockCore

/// Lets code that makes its requests one at a time send them together. A watch of 50 Kraken
/// pairs asked each pair's candles and newest trade one after the other: 100 round trips a
/// refresh, where the transport could have had 8 in flight to the host (issue 30).
///
/// `run` runs `body` twice. First against a transport that only notes each request (answering
/// it with a failure), then, once every noted request has been performed in one batch through
/// the real transport (concurrently, within its limits), against a transport that answers from
/// that batch. The second run is the one whose result counts, and its answers are always real:
/// a request it makes that the first run did not (a branch taken only on success) goes to the
/// real transport then. `body` must do nothing but compute from its answers, since it runs twice.
package enum RequestPrefetch {
    package static func run<T>(through transport: any HTTPTransport, _ body: (any HTTPTransport) -> T) -> T {
        let noter = NotingTransport()
        _ = body(noter)
        let noted = noter.distinctRequests
        guard !noted.isEmpty else { return body(transport) }
        let answers = transport.perform(noted)
        return body(AnsweringTransport(answers: Array(zip(noted, answers)), fallback: transport))
    }
}

/// Notes requests without making them; every answer is a failure.
private final class NotingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = Lock()
    private var noted: [HTTPRequest] = []
    private var urls: Set<String> = []

    /// The requests asked for, in order, each once.
    var distinctRequests: [HTTPRequest] { lock.withLock { noted } }

    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        lock.withLock {
            for r in requests where !urls.contains(r.url) || !noted.contains(r) {
                urls.insert(r.url)
                noted.append(r)
            }
        }
        return requests.map { _ in .failure(.other(host: "", code: 0, detail: "noted, not sent")) }
    }
}

/// Answers the requests of a batch already made; anything else goes to `fallback`.
private final class AnsweringTransport: HTTPTransport, @unchecked Sendable {
    private let byURL: [String: [(request: HTTPRequest, answer: Result<HTTPResponse, TransportError>)]]
    private let fallback: any HTTPTransport

    init(answers: [(HTTPRequest, Result<HTTPResponse, TransportError>)], fallback: any HTTPTransport) {
        var byURL: [String: [(request: HTTPRequest, answer: Result<HTTPResponse, TransportError>)]] = [:]
        for (request, answer) in answers { byURL[request.url, default: []].append((request, answer)) }
        self.byURL = byURL
        self.fallback = fallback
    }

    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        var results: [Result<HTTPResponse, TransportError>?] = requests.map { r in
            byURL[r.url]?.first { $0.request == r }?.answer
        }
        let missing = results.indices.filter { results[$0] == nil }
        if !missing.isEmpty {
            let fetched = fallback.perform(missing.map { requests[$0] })
            for (i, answer) in zip(missing, fetched) { results[i] = answer }
        }
        return results.map { $0 ?? .failure(.other(host: "", code: 0, detail: "no answer")) }
    }
}
