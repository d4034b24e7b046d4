/// Serves scripted HTTP/1.1 responses on 127.0.0.1 so networking code is tested against real
/// sockets (keep-alive, short reads, resets) without ever reaching the internet.
///
/// One thread accepts, one thread serves each connection. Every response leaves in a single write
/// with `TCP_NODELAY` set, so keep-alive reuse costs no Nagle delay.
public final class LoopbackHTTPServer: @unchecked Sendable {
    private let core: LoopbackServerCore

    /// Binds an ephemeral port and is accepting by the time it returns, so tests need no retries.
    public init(handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws {
        core = try LoopbackServerCore(handler: handler)
        core.start()
    }

    public convenience init(routes: RouteTable) throws {
        try self.init(handler: routes.handler)
    }

    /// Binds the given `port` instead of an ephemeral one, so a test can stop a server and start
    /// another where its clients still point ("the service went away and came back"). Throws
    /// when the port is taken.
    public init(port: Int, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws {
        core = try LoopbackServerCore(port: port, handler: handler)
        core.start()
    }

    public convenience init(port: Int, routes: RouteTable) throws {
        try self.init(port: port, handler: routes.handler)
    }

    public var port: Int { core.port }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` joined with a path such as `"/q/l/?s=aapl.us"`.
    public func url(_ pathAndQuery: String) -> String { baseURL + pathAndQuery }

    /// Snapshot in arrival order; requests the server rejected as malformed are not included.
    public var requests: [LoopbackRequest] { core.requests }

    /// TCP connections accepted so far: equal to the request count means no keep-alive reuse.
    public var connectionCount: Int { core.connectionCount }

    /// Idempotent and bounded (about 2 s at worst, normally milliseconds); afterwards the port
    /// refuses connections and open ones are closed.
    public func stop() { core.stop() }

    deinit { core.stop() }
}
