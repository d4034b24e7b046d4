import SquarestockCore

@testable import SquarestockLive

/// A stream whose messages the script sends: `run` keeps the handlers and returns, and each
/// `send` calls them as a real session would from its thread.
final class ScriptedStream: LiveStream, @unchecked Sendable {
    let source: String
    let quietLimit: Double
    private let lock = Lock()
    private var onState: ((StreamState) -> Void)?
    private var onEvent: ((StreamEvent) -> Bool)?
    private(set) var runs = 0
    private(set) var stops = 0

    init(source: String = "scripted", quietLimit: Double = 30) {
        self.source = source
        self.quietLimit = quietLimit
    }

    func run(
        shouldStop: @escaping @Sendable () -> Bool, onState: @escaping (StreamState) -> Void,
        onEvent: @escaping (StreamEvent) -> Bool
    ) {
        lock.withLock {
            runs += 1
            self.onState = onState
            self.onEvent = onEvent
        }
        onState(.connecting)
    }

    func stop() { lock.withLock { stops += 1 } }

    func send(_ state: StreamState) { lock.withLock { onState }?(state) }

    @discardableResult
    func send(_ event: StreamEvent) -> Bool { lock.withLock { onEvent }?(event) ?? false }
}
