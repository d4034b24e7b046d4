/// Lets a test make the server misbehave on purpose, so the client's timeout, retry and
/// short-read handling can be exercised without a flaky real network.
public enum LoopbackBehaviour: Sendable {
    case normal
    /// Waits before sending anything; cut short by `stop()`.
    case delay(seconds: Double)
    /// Sends status and headers, advertising the full `Content-Length`, then closes.
    case closeAfterHeaders
    /// Sends headers (full `Content-Length`) and only the first `afterBytes` body bytes, then closes.
    case truncateBody(afterBytes: Int)
    /// Sends the first `afterBytes` body bytes, waits, then the rest; the connection stays usable.
    case stallMidBody(afterBytes: Int, seconds: Double)
    /// Closes without answering, with `SO_LINGER` 0 so the client sees a TCP reset.
    case resetConnection
    /// Sends the body bytes alone, without status line or headers, then closes: a server that
    /// does not speak HTTP (an SSH or SMTP port given as the endpoint).
    case notHTTP
}
