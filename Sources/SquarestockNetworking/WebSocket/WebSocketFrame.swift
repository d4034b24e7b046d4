/// One RFC 6455 frame as it came off the wire (unmasked) or will go on it.
package struct WebSocketFrame: Sendable, Equatable {
    package enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented, allowed between the
        /// fragments of a message.
        package var isControl: Bool { rawValue & 0x8 != 0 }
    }

    package var fin: Bool
    package var opcode: Opcode
    package var payload: [UInt8]

    package init(fin: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }
}

/// A whole message, fragments joined, or a control frame the reader must act on.
package enum WebSocketMessage: Sendable, Equatable {
    case text([UInt8])
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// The peer's close: its status code (nil when the frame had none) and reason.
    case close(code: UInt16?, reason: String)
}

/// Why the stream must end, with the close code RFC 6455 assigns (sent back before closing when
/// the connection still works).
package enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame breaks the protocol (reserved bits, unknown opcode, a masked server frame, a
    /// fragmented or oversized control frame, a continuation with nothing to continue): 1002.
    case protocolError(String)
    /// A text message that is not UTF-8: 1007.
    case invalidUTF8
    /// A frame or message over the limit: 1009.
    case tooBig(limit: Int)
    /// The upgrade was refused or answered wrongly.
    case handshake(String)
    /// The connection failed or closed without a close frame.
    case connection(String)
    /// Nothing arrived for longer than the idle limit.
    case idle(seconds: Double)
    /// The feed promised data or heartbeats at least this often and sent none for `seconds`,
    /// though the connection itself still answered: the classic silent freeze of exchange feeds.
    case silent(seconds: Double)

    package var closeCode: UInt16 {
        switch self {
        case .protocolError: return 1002
        case .invalidUTF8: return 1007
        case .tooBig: return 1009
        default: return 1001
        }
    }

    package var description: String {
        switch self {
        case .protocolError(let why): return "the server broke the WebSocket protocol (\(why))"
        case .invalidUTF8: return "the server sent a text message that is not UTF-8"
        case .tooBig(let limit): return "the server sent a message over \(limit) bytes"
        case .handshake(let why): return "the WebSocket upgrade failed (\(why))"
        case .connection(let why): return "the stream's connection failed (\(why))"
        case .idle(let s): return "the stream sent nothing for \(Int(s)) s"
        case .silent(let s): return "the feed sent no data or heartbeat for \(Int(s)) s though the connection answered"
        }
    }
}
