import CCurl
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// One WebSocket connection over libcurl's connect-only mode: libcurl resolves, connects, goes
/// through a proxy (as a tunnel) and does TLS with the system's CAs; the upgrade request and
/// every frame then go through `curl_easy_send`/`curl_easy_recv` on that connection. HTTP/1.1 is
/// pinned (an HTTP/2 connection cannot be upgraded). Reads try libcurl first and wait on the
/// socket only after `CURLE_AGAIN`, because TLS may hold decrypted bytes the socket no longer
/// shows; bytes that came with the 101 go to the frame parser first.
///
/// Framing lives in `WebSocketFrameParser`/`WebSocketMessageAssembler`, apart from the socket, so
/// this class can move to libcurl's own WebSocket calls (libcurl 8.11+) without touching them.
package final class WebSocketConnection: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    private var socket: curl_socket_t = -1
    private var parser: WebSocketFrameParser
    private var assembler: WebSocketMessageAssembler
    private var closed = false
    /// Bytes received in all, for the stream's state line.
    package private(set) var bytesReceived = 0
    /// One read buffer for the connection's life: a flood of small frames must not cost a
    /// 64 KiB allocation each.
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// When the last pong went out, and the payload of a ping still to answer: pongs go out at
    /// most every `pongInterval` seconds, answering the latest ping (RFC 6455 5.5.3 allows
    /// answering only the most recent), so a ping flood costs a parse per frame, not a write.
    private var lastPong = -Double.infinity
    private var pendingPong: [UInt8]?
    static let pongInterval = 0.2

    /// Connects and upgrades `url` (`ws://`, `wss://`), waiting at most `timeout` seconds.
    package init(
        url: String, headers: [String] = [], timeout: Double = 10, maxMessage: Int = 4 << 20
    ) throws(WebSocketError) {
        if let why = CurlLibrary.failure { throw .connection(why) }
        guard let h = ss_curl_easy_init() else { throw .connection("libcurl could not start") }
        handle = h
        parser = WebSocketFrameParser(maxFrame: maxMessage)
        assembler = WebSocketMessageAssembler(maxMessage: maxMessage)
        var httpURL = url
        if url.hasPrefix("ws://") { httpURL = "http://" + url.dropFirst(5) }
        if url.hasPrefix("wss://") { httpURL = "https://" + url.dropFirst(6) }
        ss_easy_setopt_string(h, CURLOPT_URL, httpURL)
        ss_easy_setopt_long(h, CURLOPT_CONNECT_ONLY, 1)
        ss_easy_setopt_long(h, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        ss_easy_setopt_long(h, CURLOPT_HTTPPROXYTUNNEL, 1)
        ss_easy_setopt_long(h, CURLOPT_NOSIGNAL, 1)
        ss_easy_setopt_long(h, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(timeout * 1000)))
        let code = ss_curl_easy_perform(h)
        // Every property is set from here on, so a throw runs `deinit`, which frees the handle.
        guard code == CURLE_OK else { throw .connection(String(cString: ss_curl_easy_strerror(code))) }
        var s: curl_socket_t = -1
        ss_easy_getinfo_socket(h, CURLINFO_ACTIVESOCKET, &s)
        guard s >= 0 else { throw .connection("no socket after connecting") }
        socket = s
        guard let handshake = WebSocketHandshake(url: url, headers: headers) else {
            throw .handshake("not a WebSocket URL")
        }
        try sendAll(handshake.request, timeout: timeout)
        var answer: [UInt8] = []
        let deadline = Self.now() + timeout
        while true {
            if let rest = try handshake.check(answer) {
                parser.append(rest)
                break
            }
            guard let chunk = try read(until: deadline) else { throw .handshake("no answer within \(timeout) s") }
            answer += chunk
        }
    }

    deinit {
        if !closed { ss_curl_easy_cleanup(handle) }
    }

    /// Sends a text message.
    package func send(text: String) throws(WebSocketError) {
        try sendAll(WebSocketFrameEncoder.text(text), timeout: 10)
    }

    /// A ping: the server must answer with a pong, which proves the connection alive when the
    /// feed itself is quiet.
    package func sendPing() throws(WebSocketError) {
        try sendAll(WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .ping, payload: Array("sq".utf8))), timeout: 5)
    }

    /// The next message, answering pings on the way; nil when `timeout` passed with nothing. A
    /// close from the server is answered and returned.
    package func receive(timeout: Double) throws(WebSocketError) -> WebSocketMessage? {
        let deadline = Self.now() + timeout
        answerPendingPing()
        while true {
            while let frame = try parser.next() {
                guard let message = try assembler.add(frame) else { continue }
                switch message {
                case .ping(let payload):
                    pendingPong = payload
                    answerPendingPing()
                    return message
                case .close(let code, _):
                    try? sendAll(WebSocketFrameEncoder.close(code: code ?? 1000), timeout: 1)
                    return message
                default:
                    return message
                }
            }
            guard let chunk = try read(until: deadline) else { return nil }
            bytesReceived += chunk.count
            parser.append(chunk)
        }
    }

    /// Sends the pong for the latest ping once the last pong is `pongInterval` old.
    private func answerPendingPing() {
        guard let payload = pendingPong else { return }
        let now = Self.now()
        guard now - lastPong >= Self.pongInterval else { return }
        pendingPong = nil
        lastPong = now
        try? sendAll(WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .pong, payload: payload)), timeout: 5)
    }

    /// Sends a close (best effort) and ends the connection.
    package func close(code: UInt16 = 1000) {
        guard !closed else { return }
        try? sendAll(WebSocketFrameEncoder.close(code: code), timeout: 1)
        closed = true
        ss_curl_easy_cleanup(handle)
    }

    private func sendAll(_ bytes: [UInt8], timeout: Double) throws(WebSocketError) {
        guard !closed else { throw .connection("closed") }
        var offset = 0
        let deadline = Self.now() + timeout
        while offset < bytes.count {
            var sent = 0
            let code = bytes.withUnsafeBytes { raw in
                ss_curl_easy_send(handle, raw.baseAddress! + offset, raw.count - offset, &sent)
            }
            if code == CURLE_AGAIN {
                guard wait(for: Int16(POLLOUT), until: deadline) else {
                    throw .connection("could not send within \(timeout) s")
                }
                continue
            }
            guard code == CURLE_OK else { throw .connection(String(cString: ss_curl_easy_strerror(code))) }
            offset += sent
        }
    }

    /// The bytes libcurl has, waiting for the socket until `deadline`; nil at the deadline.
    private func read(until deadline: Double) throws(WebSocketError) -> [UInt8]? {
        while true {
            var got = 0
            let code = readBuffer.withUnsafeMutableBytes { ss_curl_easy_recv(handle, $0.baseAddress, $0.count, &got) }
            if code == CURLE_OK {
                guard got > 0 else { throw .connection("the server closed the connection without a close frame") }
                return Array(readBuffer[0..<got])
            }
            guard code == CURLE_AGAIN else { throw .connection(String(cString: ss_curl_easy_strerror(code))) }
            guard wait(for: Int16(POLLIN), until: deadline) else { return nil }
        }
    }

    /// Waits until the socket is ready for `events` or `deadline` passes.
    private func wait(for events: Int16, until deadline: Double) -> Bool {
        let left = deadline - Self.now()
        guard left > 0 else { return false }
        var fd = pollfd(fd: socket, events: events, revents: 0)
        return poll(&fd, 1, Int32(max(1, min(left * 1000, 60_000)))) > 0
    }

    /// Deadlines of one connection's reads and writes (`CLOCK_MONOTONIC`).
    static func now() -> Double { ProcessMonotonicClock().now() }
}
