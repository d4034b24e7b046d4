import Crypto
import Foundation
import SquarestockCore

/// The HTTP/1.1 upgrade (RFC 6455 4.1): a GET with a random 16-byte key, and a 101 answer whose
/// `Sec-WebSocket-Accept` is base64(SHA-1(key + the protocol's GUID)). Bytes the server sent
/// after the header block (a first frame can come in the same packet as the 101) are kept for
/// the frame parser.
package struct WebSocketHandshake: Sendable {
    package static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    package let key: String
    package let request: [UInt8]

    /// `url` is `ws://` or `wss://` (also `http(s)://`); `headers` are extra lines (`Origin: ...`).
    package init?(url: String, headers: [String] = [], key: [UInt8]? = nil) {
        guard let parts = URLComponents(string: url), let host = parts.host else { return nil }
        let keyBytes = key ?? (0..<16).map { _ in UInt8.random(in: 0...255) }
        self.key = Data(keyBytes).base64EncodedString()
        let path =
            (parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath)
            + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        let secure = parts.scheme == "wss" || parts.scheme == "https"
        let defaultPort = secure ? 443 : 80
        let hostHeader = host + (parts.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
        var lines = [
            "GET \(path) HTTP/1.1", "Host: \(hostHeader)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(self.key)", "Sec-WebSocket-Version: 13",
            "User-Agent: squarestock/\(SquarestockVersion.string)",
        ]
        lines += headers
        request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    package static func accept(for key: String) -> String {
        Data(Insecure.SHA1.hash(data: Data((key + guid).utf8))).base64EncodedString()
    }

    /// The bytes after the header block, once `received` holds all of it; nil while it does
    /// not; an error for anything but a correct 101.
    package func check(_ received: [UInt8]) throws(WebSocketError) -> [UInt8]? {
        guard let end = Self.headerEnd(received) else {
            guard received.count < 16 * 1024 else { throw .handshake("no end to the answer's headers") }
            return nil
        }
        let text = String(decoding: received[..<end], as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let status = lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        guard status == 101 else {
            throw .handshake(
                "HTTP \(status.map(String.init) ?? "?") instead of 101: \(SecretRedactor.shared.excerpt(lines.first ?? "", limit: 80))"
            )
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["upgrade"]?.lowercased() == "websocket" else { throw .handshake("no Upgrade: websocket") }
        guard fields["connection"]?.lowercased().contains("upgrade") == true else {
            throw .handshake("no Connection: Upgrade")
        }
        guard fields["sec-websocket-accept"] == Self.accept(for: key) else {
            throw .handshake("a wrong Sec-WebSocket-Accept")
        }
        return Array(received[(end + 4)...])
    }

    /// The offset of the `\r\n\r\n` that ends the headers.
    static func headerEnd(_ b: [UInt8]) -> Int? {
        guard b.count >= 4 else { return nil }
        for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 {
            return i
        }
        return nil
    }
}
