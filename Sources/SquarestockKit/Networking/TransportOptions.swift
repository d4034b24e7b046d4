/// The limits every request runs under, set once from the command line or config.
public struct TransportOptions: Sendable, Equatable {
    /// Whole-transfer limit per attempt, seconds.
    public var timeout: Double
    public var connectTimeout: Double
    public var userAgent: String
    public var maxRedirects: Int
    /// Bodies larger than this are cut off with `TransportError.responseTooLarge`.
    public var maxBodyBytes: Int
    public var retry: RetryPolicy
    /// Transfers in flight at once; more wait their turn.
    public var maxConcurrent: Int
    /// Connections to one host at once (HTTP/1.1; HTTP/2 multiplexes over one). Transfers beyond
    /// it queue inside libcurl, so with 50 requests to an HTTP/1.1 host the batch takes
    /// ceil(50 / maxHostConnections) round trips.
    public var maxHostConnections: Int

    public init(timeout: Double = 10, connectTimeout: Double? = nil, userAgent: String = "squarestock/\(SquarestockVersion.string)",
                maxRedirects: Int = 5, maxBodyBytes: Int = 16 << 20, retry: RetryPolicy = RetryPolicy(), maxConcurrent: Int = 16,
                maxHostConnections: Int = 8) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout ?? min(5, timeout)
        self.userAgent = userAgent
        self.maxRedirects = maxRedirects
        self.maxBodyBytes = maxBodyBytes
        self.retry = retry
        self.maxConcurrent = maxConcurrent
        self.maxHostConnections = maxHostConnections
    }
}

/// The version shown in `--version` and in the User-Agent.
public enum SquarestockVersion {
    public static let string = "0.1.0"
}
