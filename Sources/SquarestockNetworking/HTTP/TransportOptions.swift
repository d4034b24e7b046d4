import SquarestockCore

/// The limits every request runs under, set once from the command line or config.
package struct TransportOptions: Sendable, Equatable {
    /// Whole-transfer limit per attempt, seconds, counted from when the transfer gets its
    /// connection slot (never from when it was queued). libcurl gets at least 1 ms: its 0
    /// would mean no limit.
    package var timeout: Double
    package var connectTimeout: Double
    package var userAgent: String
    package var maxRedirects: Int
    /// Bodies larger than this are cut off with `TransportError.responseTooLarge`.
    package var maxBodyBytes: Int
    /// Body bytes one batch (one `perform` call, a command's fan-out) may hold at once, all
    /// responses together; a response that would pass it fails with
    /// `TransportError.responsesTooLargeTogether` and the others stay good.
    package var maxBatchBytes: Int
    package var retry: RetryPolicy
    /// Transfers in flight at once; more wait their turn.
    package var maxConcurrent: Int
    /// Transfers to one host at once, each free to have its own connection (an HTTP/2 one
    /// already open is shared). Transfers beyond it wait in the transport, before libcurl sees
    /// them and before their timeout starts, so 50 requests to one host take
    /// ceil(50 / maxHostConnections) round trips.
    package var maxHostConnections: Int

    package init(
        timeout: Double = 10, connectTimeout: Double? = nil,
        userAgent: String = "squarestock/\(SquarestockVersion.string)",
        maxRedirects: Int = 5, maxBodyBytes: Int = 16 << 20, maxBatchBytes: Int = 64 << 20,
        retry: RetryPolicy = RetryPolicy(),
        maxConcurrent: Int = 16, maxHostConnections: Int = 8
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout ?? min(5, timeout)
        self.userAgent = userAgent
        self.maxRedirects = maxRedirects
        self.maxBodyBytes = maxBodyBytes
        self.maxBatchBytes = maxBatchBytes
        self.retry = retry
        self.maxConcurrent = maxConcurrent
        self.maxHostConnections = maxHostConnections
    }
}
