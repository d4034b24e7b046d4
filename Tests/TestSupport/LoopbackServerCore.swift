import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Owns the sockets and threads apart from `LoopbackHTTPServer`, so worker threads never retain
/// the public object and its `deinit` can still run and stop everything.
final class LoopbackServerCore: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let handler: @Sendable (LoopbackRequest) -> LoopbackResponse

    /// Guards every `var` below; also the signal that wakes injected delays when stopping.
    private let state = NSCondition()
    private var stopped = false
    private var acceptLoopRunning = true
    private var openClients: Set<Int32> = []
    private var activeConnections = 0
    private var recorded: [LoopbackRequest] = []
    private var accepted = 0

    /// Bounds `stop()`: a handler stuck in user code must not hang the test run.
    private static let stopGrace: TimeInterval = 2
    private static let connectionThreadKey = "LoopbackServerCore.connection"

    init(port requested: Int = 0, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws {
        (listener, port) = try LoopbackSocket.makeListener(port: requested)
        self.handler = handler
    }

    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-accept-\(port)"
        thread.start()
    }

    var requests: [LoopbackRequest] {
        state.lock()
        defer { state.unlock() }
        return recorded
    }

    var connectionCount: Int {
        state.lock()
        defer { state.unlock() }
        return accepted
    }

    /// Wakes every blocked thread by `shutdown(2)`, never by `close(2)`: closing a descriptor
    /// another thread is blocked on frees its number for reuse by unrelated sockets (parallel
    /// tests), while shutdown wakes the thread and leaves the close to the owner.
    func stop() {
        state.lock()
        defer { state.unlock() }
        if !stopped {
            stopped = true
            if acceptLoopRunning { LoopbackSocket.wake(listener) }
            openClients.forEach(LoopbackSocket.wake)
            state.broadcast()
        }
        // A handler that calls stop() must not wait for its own connection to finish.
        let own = Thread.current.threadDictionary[Self.connectionThreadKey] as? ObjectIdentifier
        let ownConnections = own == ObjectIdentifier(self) ? 1 : 0
        let deadline = Date(timeIntervalSinceNow: Self.stopGrace)
        while acceptLoopRunning || activeConnections > ownConnections, Date() < deadline {
            _ = state.wait(until: deadline)
        }
    }

    private func acceptLoop() {
        acceptLoop: while true {
            switch LoopbackSocket.accept(listener) {
            case .success(let fd):
                guard register(fd) else {
                    close(fd)
                    break acceptLoop
                }
                LoopbackSocket.disableNagle(fd)
                let thread = Thread { [self] in serve(fd) }
                thread.name = "loopback-conn-\(port)-\(fd)"
                thread.start()
            case .failure(let error):
                if isStopped { break acceptLoop }
                switch error.errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: usleep(10_000)  // transient; don't spin
                default: break acceptLoop
                }
            }
        }
        state.lock()
        acceptLoopRunning = false
        close(listener)  // under the lock, so stop() never shuts down a reused descriptor number
        state.broadcast()
        state.unlock()
    }

    private var isStopped: Bool {
        state.lock()
        defer { state.unlock() }
        return stopped
    }

    /// False once stopping, so a connection accepted in the race is refused.
    private func register(_ fd: Int32) -> Bool {
        state.lock()
        defer { state.unlock() }
        guard !stopped else { return false }
        openClients.insert(fd)
        activeConnections += 1
        accepted += 1
        return true
    }

    private func serve(_ fd: Int32) {
        Thread.current.threadDictionary[Self.connectionThreadKey] = ObjectIdentifier(self)
        var reader = LoopbackRequestReader(fd: fd)
        var reset = false
        connection: while true {
            switch reader.next() {
            case .closed:
                break connection
            case .reject(let status, let reason):
                let response = LoopbackResponse.text(reason, status: status)
                _ = LoopbackSocket.sendAll(
                    fd, response.head(contentLength: response.body.count, keepAlive: false) + response.body)
                break connection
            case .request(let request, let clientKeepsAlive):
                record(request)
                let response = handler(request)
                if case .resetConnection = response.behaviour {
                    reset = true
                    break connection
                }
                let keepAlive = clientKeepsAlive && !response.asksToClose && !isStopped
                guard send(response, for: request, on: fd, keepAlive: keepAlive), keepAlive else { break connection }
            }
        }
        finish(fd, reset: reset)
    }

    /// Returns false when the connection must end, whatever the client asked for.
    private func send(_ response: LoopbackResponse, for request: LoopbackRequest, on fd: Int32, keepAlive: Bool) -> Bool
    {
        let head = response.head(contentLength: response.body.count, keepAlive: keepAlive)
        // HEAD gets the length a GET would, but never the body.
        let body = request.method == "HEAD" ? [] : response.body
        switch response.behaviour {
        case .normal:
            return LoopbackSocket.sendAll(fd, head + body)
        case .delay(let seconds):
            return pause(seconds) && LoopbackSocket.sendAll(fd, head + body)
        case .closeAfterHeaders:
            _ = LoopbackSocket.sendAll(fd, head)
            return false
        case .truncateBody(let count):
            _ = LoopbackSocket.sendAll(fd, head + body.prefix(max(0, count)))
            return false
        case .stallMidBody(let count, let seconds):
            let split = min(max(0, count), body.count)
            return LoopbackSocket.sendAll(fd, head + body[..<split]) && pause(seconds)
                && LoopbackSocket.sendAll(fd, Array(body[split...]))
        case .resetConnection:
            return false  // handled by serve(_:) before anything is written
        case .notHTTP:
            _ = LoopbackSocket.sendAll(fd, response.body)
            return false
        }
    }

    /// Sleeps unless stopping; false means stop() cut it short and the caller should hang up.
    private func pause(_ seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        state.lock()
        defer { state.unlock() }
        while !stopped, Date() < deadline { _ = state.wait(until: deadline) }
        return !stopped
    }

    private func record(_ request: LoopbackRequest) {
        state.lock()
        recorded.append(request)
        state.unlock()
    }

    private func finish(_ fd: Int32, reset: Bool) {
        if reset {
            LoopbackSocket.armReset(fd)
        } else {
            LoopbackSocket.drainAfterShutdown(fd)
        }
        state.lock()
        openClients.remove(fd)  // before close(), so stop() cannot shut down a reused number
        close(fd)
        activeConnections -= 1
        state.broadcast()
        state.unlock()
    }
}
