/// An incremental reader of RFC 6455 frames from a server: feed it bytes as they arrive, in any
/// pieces; it returns each complete frame once, and an error at the first byte that breaks the
/// protocol. It keeps at most one partial frame, and refuses a frame whose declared length is
/// over `maxFrame` before reading its payload, so a hostile length cannot make it allocate.
package struct WebSocketFrameParser: Sendable {
    package let maxFrame: Int
    private var buffer: [UInt8] = []
    private var start = 0

    package init(maxFrame: Int = 1 << 20) { self.maxFrame = maxFrame }

    /// Bytes held for a frame not yet complete.
    package var pending: Int { buffer.count - start }

    package mutating func append(_ bytes: some Collection<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next complete frame, nil when more bytes are needed.
    package mutating func next() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let b0 = buffer[start]
        let b1 = buffer[start + 1]
        guard b0 & 0x70 == 0 else { throw .protocolError("reserved bits set without an extension") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: b0 & 0x0F) else {
            throw .protocolError("unknown opcode \(b0 & 0x0F)")
        }
        let fin = b0 & 0x80 != 0
        guard b1 & 0x80 == 0 else { throw .protocolError("a server frame is masked") }
        var header = 2
        var length = UInt64(b1 & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            guard length >= 126 else { throw .protocolError("a length not in its shortest form") }
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for k in 0..<8 { length = length << 8 | UInt64(buffer[start + 2 + k]) }
            guard length >> 63 == 0 else { throw .protocolError("a length with its top bit set") }
            guard length > 0xFFFF else { throw .protocolError("a length not in its shortest form") }
            header = 10
        }
        if opcode.isControl {
            guard fin else { throw .protocolError("a fragmented control frame") }
            guard length <= 125 else { throw .protocolError("a control frame over 125 bytes") }
        }
        guard length <= UInt64(maxFrame) else { throw .tooBig(limit: maxFrame) }
        let total = header + Int(length)
        guard available >= total else { return nil }
        let payload = Array(buffer[(start + header)..<(start + total)])
        start += total
        if start > 64 * 1024 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }
}
