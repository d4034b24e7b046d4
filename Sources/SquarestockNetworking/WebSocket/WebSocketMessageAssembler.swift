import SquarestockCore

/// Joins fragments into messages: a text or binary frame without FIN starts a message,
/// continuations extend it, control frames may come in between and are passed on at once. A
/// text message must be valid UTF-8 as a whole; a message over `maxMessage` is refused as soon
/// as its fragments pass the limit.
package struct WebSocketMessageAssembler: Sendable {
    package let maxMessage: Int
    private var partial: [UInt8] = []
    private var partialIsText = false
    private var inMessage = false

    package init(maxMessage: Int = 4 << 20) { self.maxMessage = maxMessage }

    /// The message a frame completes, nil while a fragmented message is still open.
    package mutating func add(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .text, .binary:
            guard !inMessage else { throw .protocolError("a new message before the last one ended") }
            if frame.fin { return try Self.finish(frame.payload, text: frame.opcode == .text) }
            guard frame.payload.count <= maxMessage else { throw .tooBig(limit: maxMessage) }
            inMessage = true
            partialIsText = frame.opcode == .text
            partial = frame.payload
            return nil
        case .continuation:
            guard inMessage else { throw .protocolError("a continuation with no message to continue") }
            guard partial.count + frame.payload.count <= maxMessage else { throw .tooBig(limit: maxMessage) }
            partial.append(contentsOf: frame.payload)
            guard frame.fin else { return nil }
            inMessage = false
            defer { partial = [] }
            return try Self.finish(partial, text: partialIsText)
        }
    }

    static func finish(_ payload: [UInt8], text: Bool) throws(WebSocketError) -> WebSocketMessage {
        guard text else { return .binary(payload) }
        guard UTF8Validation.isValid(payload) else { throw .invalidUTF8 }
        return .text(payload)
    }

    /// A close frame: empty, or a 2-byte code (a valid one) and a UTF-8 reason.
    static func close(_ p: [UInt8]) throws(WebSocketError) -> WebSocketMessage {
        if p.isEmpty { return .close(code: nil, reason: "") }
        guard p.count >= 2 else { throw .protocolError("a close frame with a 1-byte code") }
        let code = UInt16(p[0]) << 8 | UInt16(p[1])
        let valid = (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
        guard valid else { throw .protocolError("close code \(code)") }
        let reason = Array(p[2...])
        guard UTF8Validation.isValid(reason) else { throw .invalidUTF8 }
        // The reason is the server's text and ends up in a status line: cleaned here, where it is
        // decoded, like every string from the network (an OSC 52 in it once set the clipboard).
        return .close(
            code: code, reason: SecretRedactor.shared.excerpt(String(decoding: reason, as: UTF8.self), limit: 123))
    }
}

/// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
package enum UTF8Validation {
    package static func isValid(_ b: [UInt8]) -> Bool {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            let need: Int
            var lo: UInt8 = 0x80
            var hi: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: need = 1
            case 0xE0:
                need = 2
                lo = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: need = 2
            case 0xED:
                need = 2
                hi = 0x9F
            case 0xF0:
                need = 3
                lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4:
                need = 3
                hi = 0x8F
            default: return false
            }
            guard i + need < n else { return false }
            guard b[i + 1] >= lo && b[i + 1] <= hi else { return false }
            var k = 2
            while k <= need {
                guard b[i + k] >= 0x80 && b[i + k] <= 0xBF else { return false }
                k += 1
            }
            i += need + 1
        }
        return true
    }
}
