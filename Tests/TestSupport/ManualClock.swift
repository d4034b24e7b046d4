import SquarestockCore

/// A `MonotonicClock` that moves only when told to: tests step through intervals, backoff and
/// Retry-After holds in microseconds instead of waiting for them.
public final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = Lock()
    private var current: Double

    public init(_ start: Double = 0) { current = start }

    public func now() -> Double { lock.withLock { current } }

    /// Moves the clock forward; negative amounts are ignored (a monotonic clock never goes back).
    public func advance(by seconds: Double) {
        lock.withLock { current += max(0, seconds) }
    }

    /// Sets the clock to `time` if that is not in the past.
    public func set(_ time: Double) {
        lock.withLock { current = max(current, time) }
    }
}
