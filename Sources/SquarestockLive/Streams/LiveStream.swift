import SquarestockCore
import SquarestockKit

/// A stream as the live screens use it: the facade's `StreamSessionHandle`, or a test's
/// scripted one.
package protocol LiveStream: Sendable {
    /// The source's name, for the header and error lines.
    var source: String { get }
    /// Seconds a symbol of an open market may stay silent before its row is stale.
    var quietLimit: Double { get }
    /// Runs until `stop()`, until `shouldStop` (polled) or until `onEvent` returns false. A
    /// scripted stream may return at once and call the handlers later, from the script.
    func run(
        shouldStop: @escaping @Sendable () -> Bool, onState: @escaping (StreamState) -> Void,
        onEvent: @escaping (StreamEvent) -> Bool)
    func stop()
}

extension StreamSessionHandle: LiveStream {}
