import Foundation
import Glibc

@testable import SquarestockCore
@testable import SquarestockNetworking

/// A deliberately dumb BSD-socket client, for wire details curl hides: bare LF, pipelining,
/// HEAD framing, who closes first.
final class RawSocketClient {
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// -1 once closed: a throwing init still runs deinit, and closing a descriptor twice can
    /// close another test's socket that reused the number.
    private var fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)  // a broken server fails the test, not hangs it
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            fd = -1
            throw Failure(description: "connect: errno \(code)")
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: errno \(errno)") }
    }

    /// Reads one response framed by Content-Length; pass `bodyExpected: false` for HEAD.
    func readResponse(bodyExpected: Bool = true) throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            if let range = firstRange(of: Array("\r\n\r\n".utf8)) {
                headEnd = range
            } else {
                try fill()
            }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line: \(lines[0])")
        }
        let headers = lines.dropFirst().map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: [])
        let length = bodyExpected ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
        while buffer.count < length { try fill() }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// True when the server has closed its side and nothing unread is left.
    func peerClosed() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    /// The errno of the next read, 0 for a clean end of stream.
    func readError() -> Int32 {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, 0)
        return count < 0 ? errno : 0
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: count == 0 ? "server closed" : "recv: errno \(errno)") }
        buffer += chunk[..<count]
    }

    private func firstRange(of needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        return (0...(buffer.count - needle.count)).first { Array(buffer[$0..<$0 + needle.count]) == needle }
    }
}
