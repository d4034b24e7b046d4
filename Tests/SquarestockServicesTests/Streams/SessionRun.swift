import Dispatch
import Foundation
import SquarestockCore

@testable import SquarestockServices

/// What one `StreamSession.run` reported, states and events in the order they came, written as
/// lines (`state live`, `reconnecting #1: reason`, the events as `StreamEventText` writes them)
/// for a test on another thread to wait on. A wait returns as soon as what it waits for has
/// happened; its seconds bound only a failure, so a loaded machine is slower, never wrong.
final class SessionLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [String] = []
    private var reconnectWaits: [Double] = []
    private var ended = false

    var lines: [String] { locked { entries } }
    /// The waits of the `.reconnecting` states, in order.
    var waits: [Double] { locked { reconnectWaits } }
    var hasEnded: Bool { locked { ended } }

    func record(_ state: StreamState) {
        switch state {
        case .connecting: add("connecting")
        case .live: add("live")
        case .stopped: add("stopped")
        case .reconnecting(let seconds, let attempt, let reason):
            locked { reconnectWaits.append(seconds) }
            add("reconnecting #\(attempt): \(reason)")
        }
    }

    func record(_ event: StreamEvent) { add(StreamEventText.line(event)) }

    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `done` holds for the lines so far; false if `seconds` pass first.
    @discardableResult
    func wait(seconds: Double = 30, until done: ([String]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !done(entries) {
            guard condition.wait(until: deadline) else { return done(entries) }
        }
        return true
    }

    /// Waits until `count` lines start with `prefix`.
    @discardableResult
    func wait(seconds: Double = 30, for count: Int = 1, startingWith prefix: String) -> Bool {
        wait(seconds: seconds) { $0.filter { $0.hasPrefix(prefix) }.count >= count }
    }

    /// Waits until `run` has returned.
    @discardableResult
    func waitForEnd(seconds: Double = 30) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            guard condition.wait(until: deadline) else { return ended }
        }
        return true
    }

    private func add(_ line: String) {
        condition.lock()
        entries.append(line)
        condition.broadcast()
        condition.unlock()
    }

    private func locked<R>(_ body: () -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// A session running on a thread of its own, as the command line runs it, reporting into `log`.
final class SessionRun: @unchecked Sendable {
    let session: StreamSession
    let log: SessionLog

    /// Starts `run`; `keepGoing` is its `onEvent` answer (false ends the stream).
    init(
        _ session: StreamSession, log: SessionLog = SessionLog(),
        keepGoing: @escaping @Sendable (StreamEvent) -> Bool = { _ in true }
    ) {
        self.session = session
        self.log = log
        let thread = Thread {
            session.run(
                onState: { log.record($0) },
                onEvent: {
                    log.record($0)
                    return keepGoing($0)
                })
            log.end()
        }
        thread.start()
    }

    /// Asks the session to stop and waits for `run` to return; false if it did not.
    @discardableResult
    func stop(seconds: Double = 30) -> Bool {
        session.stop()
        return log.waitForEnd(seconds: seconds)
    }
}

/// Set once by one thread, waited for by another (a server's script and the test).
final class Signal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func set() { semaphore.signal() }
    /// True once set; waits at most `seconds` (a bound on failure, not a pause).
    func wait(seconds: Double = 30) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}

/// A value a server's script writes and the test reads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    var current: Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func set(_ new: Value) {
        lock.lock()
        value = new
        lock.unlock()
    }
}
