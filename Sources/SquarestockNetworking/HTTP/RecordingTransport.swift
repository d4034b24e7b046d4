import SquarestockCore

/// Wraps a transport and keeps a line per request (status, kind of body, time), so `doctor`
/// can show what each source really answered.
package final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    package struct Entry: Sendable, Equatable {
        package var url: String
        package var status: Int?
        package var kind: BodyKind?
        package var seconds: Double
        package var error: String?
    }

    private let inner: HTTPTransport
    /// Times a batch whose responses carry no duration of their own (a fake transport's).
    private let clock: any MonotonicClock
    private let lock = Lock()
    private var _entries: [Entry] = []

    package init(_ inner: HTTPTransport, clock: any MonotonicClock = ProcessMonotonicClock()) {
        self.inner = inner
        self.clock = clock
    }

    package var entries: [Entry] { lock.withLock { _entries } }

    package func reset() { lock.withLock { _entries.removeAll() } }

    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        let started = clock.now()
        let results = inner.perform(requests)
        let elapsed = clock.now() - started
        let new = zip(requests, results).map { request, result -> Entry in
            switch result {
            case .success(let r):
                return Entry(
                    url: Endpoint.redact(request.url), status: r.status, kind: BodyKind.classify(r.body),
                    seconds: r.seconds > 0 ? r.seconds : elapsed, error: nil)
            case .failure(let e):
                return Entry(
                    url: Endpoint.redact(request.url), status: nil, kind: nil, seconds: elapsed, error: e.description)
            }
        }
        lock.withLock { _entries += new }
        return results
    }
}
