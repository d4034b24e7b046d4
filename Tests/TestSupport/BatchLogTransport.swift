import SquarestockCore
import SquarestockNetworking

/// Passes requests on to another transport and notes each `perform` call as the URLs of its
/// batch: for tests of what goes out together and what one after another.
public final class BatchLogTransport: HTTPTransport, @unchecked Sendable {
    private let inner: any HTTPTransport
    private let lock = Lock()
    private var _batches: [[String]] = []

    package init(_ inner: any HTTPTransport) { self.inner = inner }

    /// The URLs of every batch, in the order the batches came.
    public var batches: [[String]] { lock.withLock { _batches } }

    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        lock.withLock { _batches.append(requests.map(\.url)) }
        return inner.perform(requests)
    }
}
