#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the raw POSIX calls in one place so the server logic reads as HTTP, not as C.
enum LoopbackSocket {
    /// Loopback only, ephemeral port (or `port` when given), close-on-exec so `curl` children
    /// spawned by tests never inherit (and keep open) the server's sockets. `SO_REUSEADDR` (which
    /// accepted sockets inherit) lets a stopped server's port be bound again at once, even while
    /// its old connections linger in TIME_WAIT or FIN_WAIT.
    static func makeListener(port: Int = 0) throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoopbackServerError(call: "socket", errno: errno) }
        do {
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw LoopbackServerError(call: "bind", errno: errno) }
            guard listen(fd, 128) == 0 else { throw LoopbackServerError(call: "listen", errno: errno) }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw LoopbackServerError(call: "getsockname", errno: errno) }
            return (fd, Int(UInt16(bigEndian: address.sin_port)))
        } catch {
            close(fd)
            throw error
        }
    }

    /// Returns the new descriptor (close-on-exec), or the errno of the failure. Glibc's Swift
    /// module hides `accept4`, hence the separate `fcntl`.
    static func accept(_ listener: Int32) -> Result<Int32, LoopbackServerError> {
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { return .failure(LoopbackServerError(call: "accept", errno: errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return .success(fd)
    }

    /// Without this, Nagle plus delayed ACK adds ~40 ms to each request on a reused connection.
    static func disableNagle(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Appends whatever arrives; false on end of stream or error.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// Loops only over partial writes: callers pass a whole response so it leaves in one write.
    /// `MSG_NOSIGNAL` because a client hanging up early must not SIGPIPE the test process.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Half-closes, then drains briefly so the kernel sends FIN rather than RST: an RST could
    /// destroy the response that is still in flight to the client.
    static func drainAfterShutdown(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sink: [UInt8] = []
        var drained = 0
        while drained < 1 << 20, receive(fd, into: &sink) {
            drained += sink.count
            sink.removeAll(keepingCapacity: true)
        }
    }

    /// Makes the following `close` send a TCP reset instead of FIN.
    static func armReset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Wakes any thread blocked on `fd` (accept, recv, send) without freeing the descriptor number.
    static func wake(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }
}
