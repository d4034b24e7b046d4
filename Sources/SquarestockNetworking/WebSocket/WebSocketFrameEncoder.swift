/// Client frames, always masked with a fresh random key (RFC 6455 5.3: a server must close on an
/// unmasked client frame, and masking keeps proxies from reading a frame as HTTP).
package enum WebSocketFrameEncoder {
    package static func encode(_ frame: WebSocketFrame, mask: [UInt8]? = nil) -> [UInt8] {
        let key = mask ?? (0..<4).map { _ in UInt8.random(in: 0...255) }
        var out: [UInt8] = [(frame.fin ? 0x80 : 0) | frame.opcode.rawValue]
        let n = frame.payload.count
        out.reserveCapacity(n + 14)
        if n < 126 {
            out.append(0x80 | UInt8(n))
        } else if n <= 0xFFFF {
            out += [0x80 | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            out.append(0x80 | 127)
            for k in (0..<8).reversed() { out.append(UInt8((UInt64(n) >> (8 * UInt64(k))) & 0xFF)) }
        }
        out += key
        for (i, byte) in frame.payload.enumerated() { out.append(byte ^ key[i & 3]) }
        return out
    }

    package static func text(_ s: String) -> [UInt8] { encode(WebSocketFrame(opcode: .text, payload: Array(s.utf8))) }

    /// A close frame with `code` and a short reason.
    package static func close(code: UInt16, reason: String = "") -> [UInt8] {
        encode(
            WebSocketFrame(
                opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(120))))
    }
}
