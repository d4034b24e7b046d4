import SquarestockCore
import SquarestockNetworking

/// A protocol-level fake for unit tests: answers each URL from a table and records what was
/// asked. Every provider is also tested through libcurl against `LoopbackHTTPServer`.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = Lock()
    private var answers: [(match: String, result: Result<HTTPResponse, TransportError>)] = []
    private var _requested: [HTTPRequest] = []

    public init() {}

    /// Answers requests whose URL contains `match` (first added wins).
    public func on(_ match: String, status: Int = 200, body: [UInt8]) {
        lock.withLock { answers.append((match, .success(HTTPResponse(status: status, body: body)))) }
    }

    public func on(_ match: String, status: Int = 200, text: String) {
        on(match, status: status, body: Array(text.utf8))
    }

    public func on(_ match: String, fail error: TransportError) {
        lock.withLock { answers.append((match, .failure(error))) }
    }

    package var requested: [HTTPRequest] { lock.withLock { _requested } }

    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        lock.withLock {
            _requested += requests
            return requests.map { r in
                answers.first { r.url.contains($0.match) }?.result
                    ?? .success(HTTPResponse(status: 404, body: Array("no scripted answer for \(r.url)".utf8)))
            }
        }
    }
}
