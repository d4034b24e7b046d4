import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A WebSocket server on 127.0.0.1 for the stream tests: it answers the upgrade as RFC 6455 says
/// (checking the client's key and version), then runs `session` for each connection with a peer
/// that sends frames exactly as given (well-formed, fragmented, masked, oversized: whatever the
/// fault), reads the client's frames (checking that they are masked) and can close, reset or
/// fall silent. Connections are counted and every message a client sent is recorded.
public final class LoopbackWebSocketServer: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let session: @Sendable (WebSocketPeer) -> Void
    /// Plain HTTP requests on the same port (REST beside the stream, as `--endpoint` puts them).
    private let http: (@Sendable (LoopbackRequest) -> LoopbackResponse)?
    private let lock = NSLock()
    private var stopped = false
    private var clients: [Int32] = []
    private var _connections = 0
    private var _received: [String] = []
    private var _closeCodes: [UInt16] = []
    private var _httpRequests = 0

    public var url: String { "ws://127.0.0.1:\(port)" }
    /// WebSocket connections so far (plain HTTP requests are not counted).
    public var connections: Int { lock.withLocked { _connections } }
    /// Every text message any client sent, in arrival order.
    public var received: [String] { lock.withLocked { _received } }
    /// The codes of the close frames clients sent (1005 for one without a code), in arrival
    /// order, as `WebSocketPeer.receiveText` met them.
    public var closeCodes: [UInt16] { lock.withLocked { _closeCodes } }
    /// Plain HTTP requests answered (REST polls on the stream's port).
    public var httpRequests: Int { lock.withLocked { _httpRequests } }

    /// `port` 0 takes a free one; a given port lets a test bring a server back where its
    /// clients still point ("the network went away and came back").
    public init(
        port requested: Int = 0, http: (@Sendable (LoopbackRequest) -> LoopbackResponse)? = nil,
        session: @escaping @Sendable (WebSocketPeer) -> Void
    ) throws {
        (listener, port) = try LoopbackSocket.makeListener(port: requested)
        self.session = session
        self.http = http
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        let fds: [Int32] = lock.withLocked {
            guard !stopped else { return [] }
            stopped = true
            return clients + [listener]
        }
        for fd in fds { LoopbackSocket.wake(fd) }
    }

    private func acceptLoop() {
        while true {
            guard case .success(let fd) = LoopbackSocket.accept(listener) else { return }
            let ok: Bool = lock.withLocked {
                guard !stopped else { return false }
                clients.append(fd)
                return true
            }
            guard ok else {
                close(fd)
                return
            }
            LoopbackSocket.disableNagle(fd)
            let thread = Thread { [self] in
                if let peer = upgrade(fd) { session(peer) }
                lock.withLocked { clients.removeAll { $0 == fd } }
                close(fd)
            }
            thread.start()
        }
    }

    /// Reads the upgrade request and answers 101, or 400 for a request RFC 6455 refuses.
    private func upgrade(_ fd: Int32) -> WebSocketPeer? {
        var buffer: [UInt8] = []
        while LoopbackWebSocketServer.headerEnd(buffer) == nil {
            guard LoopbackSocket.receive(fd, into: &buffer), buffer.count < 65536 else { return nil }
        }
        let end = LoopbackWebSocketServer.headerEnd(buffer)!
        let text = String(decoding: buffer[..<end], as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if fields["upgrade"] == nil, let http {
            let lines = text.components(separatedBy: "\r\n")
            let target = lines[0].split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            let method = String(lines[0].split(separator: " ").first ?? "GET")
            lock.withLocked { _httpRequests += 1 }
            let r = http(LoopbackRequest(method: method, target: target, headers: headers))
            var head =
                "HTTP/1.1 \(r.status) \(r.status == 200 ? "OK" : "Error")\r\nContent-Length: \(r.body.count)\r\nConnection: close\r\n"
            for (name, value) in r.headers { head += "\(name): \(value)\r\n" }
            _ = LoopbackSocket.sendAll(fd, Array((head + "\r\n").utf8) + r.body)
            LoopbackSocket.drainAfterShutdown(fd)
            return nil
        }
        guard text.hasPrefix("GET "), text.contains(" HTTP/1.1"), fields["upgrade"]?.lowercased() == "websocket",
            fields["sec-websocket-version"] == "13", let key = fields["sec-websocket-key"]
        else {
            _ = LoopbackSocket.sendAll(fd, Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8))
            return nil
        }
        let accept = Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
            .base64EncodedString()
        let path = String(text.split(separator: " ")[1])
        let number: Int = lock.withLocked {
            _connections += 1
            return _connections
        }
        let peer = WebSocketPeer(fd: fd, path: path, server: self, connection: number)
        peer.pending = Array(buffer[(end + 4)...])
        peer.handshake = Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n"
                .utf8)
        return peer
    }

    func record(_ text: String) { lock.withLocked { _received.append(text) } }

    func recordClose(_ code: UInt16) { lock.withLocked { _closeCodes.append(code) } }

    static func headerEnd(_ b: [UInt8]) -> Int? {
        guard b.count >= 4 else { return nil }
        for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i }
        return nil
    }
}

/// The server's side of one connection, for a test's session script.
public final class WebSocketPeer: @unchecked Sendable {
    let fd: Int32
    /// The request target (`/?version=2`).
    public let path: String
    weak var server: LoopbackWebSocketServer?
    /// 1 for the server's first connection, 2 for the next, ...
    public let connection: Int
    var pending: [UInt8] = []
    /// The 101 answer, sent with the first frames (or alone by `open()`), so a test can put a
    /// frame in the same packet as the 101.
    var handshake: [UInt8]?

    init(fd: Int32, path: String, server: LoopbackWebSocketServer, connection: Int) {
        self.connection = connection
        self.fd = fd
        self.path = path
        self.server = server
    }

    /// Sends the 101 now (otherwise it goes with the first frame).
    public func open() { _ = write([]) }

    /// Raw bytes, after the 101 if it is still unsent; false once the client is gone.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var out = bytes
        if let h = handshake {
            out = h + bytes
            handshake = nil
        }
        return LoopbackSocket.sendAll(fd, out)
    }

    /// One unmasked frame as a server sends it.
    public static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, mask: Bool = false) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let m: UInt8 = mask ? 0x80 : 0
        if payload.count < 126 {
            out.append(m | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [m | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(m | 127)
            for k in (0..<8).reversed() { out.append(UInt8((UInt64(payload.count) >> (8 * UInt64(k))) & 0xFF)) }
        }
        if mask {
            let key: [UInt8] = [1, 2, 3, 4]
            out += key
            out += payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
        } else {
            out += payload
        }
        return out
    }

    @discardableResult
    public func send(text: String) -> Bool { write(Self.frame(0x1, Array(text.utf8))) }

    @discardableResult
    public func send(binary: [UInt8]) -> Bool { write(Self.frame(0x2, binary)) }

    /// A close frame with `code`, then the connection is shut.
    public func close(code: UInt16 = 1000, reason: String = "") {
        write(Self.frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8)))
        LoopbackSocket.drainAfterShutdown(fd)
    }

    /// Ends the connection with FIN and no close frame.
    public func hangUp() {
        if handshake != nil { open() }
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Ends it with a TCP reset.
    public func reset() {
        LoopbackSocket.armReset(fd)
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// The next text message from the client (masked, as RFC 6455 requires; an unmasked frame
    /// makes this return nil), answering nothing else; nil when the client closed (its close
    /// frame's code is recorded in the server's `closeCodes`), left or `timeout` passed.
    public func receiveText(timeout: Double = 10) -> String? {
        if handshake != nil { open() }  // the client waits for the 101 before it sends anything
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        while true {
            if let (opcode, payload, used) = Self.parseMasked(pending) {
                pending.removeFirst(used)
                if opcode == 0x1 {
                    let text = String(decoding: payload, as: UTF8.self)
                    server?.record(text)
                    return text
                }
                if opcode == 0x8 {
                    server?.recordClose(payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : 1005)
                    return nil
                }
                continue
            }
            guard LoopbackSocket.receive(fd, into: &pending) else { return nil }
        }
    }

    /// Sleeps, sending nothing, while the connection stays up.
    /// Sends nothing for `seconds` while the connection stays up; with `answeringPings`, answers
    /// the client's pings as a live server does (without, it looks dead to a client that checks).
    public func stayQuiet(_ seconds: Double, answeringPings: Bool = false) {
        if handshake != nil { open() }
        guard answeringPings else {
            Thread.sleep(forTimeInterval: seconds)
            return
        }
        let end = Date(timeIntervalSinceNow: seconds)
        var tv = timeval(tv_sec: 0, tv_usec: 100_000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        while Date() < end {
            while let (opcode, payload, used) = Self.parseMasked(pending) {
                pending.removeFirst(used)
                if opcode == 0x9 { write(Self.frame(0xA, payload)) }
            }
            if !LoopbackSocket.receive(fd, into: &pending), errno != EAGAIN, errno != EWOULDBLOCK { return }
        }
    }

    /// A masked client frame: (opcode, unmasked payload, bytes used); nil when incomplete or unmasked.
    static func parseMasked(_ b: [UInt8]) -> (UInt8, [UInt8], Int)? {
        guard b.count >= 2, b[1] & 0x80 != 0 else { return nil }
        var length = Int(b[1] & 0x7F)
        var at = 2
        if length == 126 {
            guard b.count >= 4 else { return nil }
            length = Int(b[2]) << 8 | Int(b[3])
            at = 4
        } else if length == 127 {
            guard b.count >= 10 else { return nil }
            length = 0
            for k in 0..<8 { length = length << 8 | Int(b[2 + k]) }
            at = 10
        }
        guard b.count >= at + 4 + length else { return nil }
        let key = Array(b[at..<(at + 4)])
        let payload = (0..<length).map { b[at + 4 + $0] ^ key[$0 & 3] }
        return (b[0] & 0x0F, payload, at + 4 + length)
    }
}

extension NSLock {
    func withLocked<R>(_ body: () -> R) -> R {
        lock()
        defer { unlock() }
        return body()
    }
}
