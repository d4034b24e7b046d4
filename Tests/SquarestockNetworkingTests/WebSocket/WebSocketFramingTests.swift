import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking

/// RFC 6455 framing apart from any socket: the incremental parser, fragments and control frames,
/// the limits, masking, and the handshake's accept value.
struct WebSocketFramingTests {
    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            out.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(127)
            for k in (0..<8).reversed() { out.append(UInt8((UInt64(payload.count) >> (8 * UInt64(k))) & 0xFF)) }
        }
        return out + payload
    }

    static func messages(_ bytes: [UInt8], pieces: Int = 1, maxFrame: Int = 1 << 20) throws(WebSocketError)
        -> [WebSocketMessage]
    {
        var parser = WebSocketFrameParser(maxFrame: maxFrame)
        var assembler = WebSocketMessageAssembler(maxMessage: maxFrame)
        var out: [WebSocketMessage] = []
        let step = max(1, bytes.count / pieces)
        var i = 0
        while i < bytes.count {
            parser.append(bytes[i..<min(bytes.count, i + step)])
            i += step
            while let f = try parser.next() { if let m = try assembler.add(f) { out.append(m) } }
        }
        return out
    }

    @Test func framesArriveWholeHoweverTheBytesAreCut() throws {
        let big = [UInt8](repeating: 0x61, count: 70_000)
        let bytes =
            Self.frame(1, Array("hello".utf8)) + Self.frame(2, [1, 2, 3])
            + Self.frame(1, [UInt8](repeating: 0x62, count: 300))
            + Self.frame(2, big)
        for pieces in [1, 7, bytes.count] {
            let m = try Self.messages(bytes, pieces: pieces)
            #expect(
                m == [
                    .text(Array("hello".utf8)), .binary([1, 2, 3]), .text([UInt8](repeating: 0x62, count: 300)),
                    .binary(big),
                ])
        }
    }

    @Test func fragmentsJoinWithControlFramesBetween() throws {
        let bytes =
            Self.frame(1, Array("Hel".utf8), fin: false) + Self.frame(9, [7])
            + Self.frame(0, Array("lo ".utf8), fin: false)
            + Self.frame(10, []) + Self.frame(0, Array("wörld".utf8))
        #expect(try Self.messages(bytes) == [.ping([7]), .pong([]), .text(Array("Hello wörld".utf8))])
        // A UTF-8 character cut between two fragments is fine; the whole message is checked.
        let e = Array("é".utf8)
        #expect(try Self.messages(Self.frame(1, [e[0]], fin: false) + Self.frame(0, [e[1]])) == [.text(e)])
    }

    @Test(arguments: [
        ([0xC1, 0x00] as [UInt8], "reserved"),  // RSV1 without an extension
        ([0x83, 0x00], "opcode"),  // opcode 3 is reserved
        ([0x81, 0x80, 1, 2, 3, 4], "masked"),  // a server frame must not be masked
        ([0x09, 0x00], "fragmented control"),  // ping without FIN
        ([0x89, 126, 0, 126, 0, 0], "control frame over 125"),
        ([0x81, 126, 0, 5, 1, 2, 3, 4, 5], "shortest form"),
        ([0x80, 0x00], "continuation with no message"),
        ([0x01, 0x01, 0x41, 0x81, 0x01, 0x41], "a new message before"),
        ([0x88, 0x01, 0x03], "1-byte code"),
        ([0x88, 0x02, 0x03, 0xEC], "close code 1004"),
    ])
    func protocolErrorsAreRefused(bytes: [UInt8], why: String) {
        #expect(throws: WebSocketError.self) { try Self.messages(bytes) }
        do {
            _ = try Self.messages(bytes)
        } catch {
            if case .protocolError(let text) = error {
                #expect(text.contains(why), "\(text)")
            } else {
                Issue.record("\(error)")
            }
            #expect(error.closeCode == 1002)
        }
    }

    @Test func limitsAndUTF8() {
        // The declared length is refused before any payload arrives.
        var parser = WebSocketFrameParser(maxFrame: 1000)
        parser.append([0x82, 127, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF])
        #expect(throws: WebSocketError.tooBig(limit: 1000)) { try parser.next() }
        // Fragments over the message limit.
        let frags =
            Self.frame(2, [UInt8](repeating: 0, count: 600), fin: false)
            + Self.frame(0, [UInt8](repeating: 0, count: 600))
        #expect(throws: WebSocketError.tooBig(limit: 1000)) { try Self.messages(frags, maxFrame: 1000) }
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: WebSocketError.invalidUTF8) { try Self.messages(Self.frame(1, bad)) }
            #expect(!UTF8Validation.isValid(bad))
        }
        for good in ["", "a", "é", "€", "𝄞", "日本語"] { #expect(UTF8Validation.isValid(Array(good.utf8))) }
    }

    @Test func closeFramesCarryTheirCodeAndReason() throws {
        #expect(try Self.messages(Self.frame(8, [])) == [.close(code: nil, reason: "")])
        #expect(
            try Self.messages(Self.frame(8, [0x03, 0xE9] + Array("going away".utf8))) == [
                .close(code: 1001, reason: "going away")
            ])
    }

    @Test func clientFramesAreMaskedAndRoundTrip() throws {
        let payload = Array("{\"type\":\"subscribe\"}".utf8) + [UInt8](repeating: 0x20, count: 200)
        let bytes = WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .text, payload: payload), mask: [9, 8, 7, 6])
        #expect(bytes[1] & 0x80 != 0)
        #expect(bytes[0] == 0x81 && bytes[1] & 0x7F == 126)
        let key = Array(bytes[4..<8])
        #expect(key == [9, 8, 7, 6])
        let unmasked = bytes[8...].enumerated().map { $0.element ^ key[$0.offset & 3] }
        #expect(unmasked == payload)
        // Each frame gets its own random key.
        #expect(Set((0..<8).map { _ in Array(WebSocketFrameEncoder.text("x")[2..<6]) }).count > 1)
    }

    @Test func theHandshakeMatchesRFC6455sExample() throws {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let h = try #require(
            WebSocketHandshake(url: "wss://streamer.finance.yahoo.com/?version=2", key: Array("the sample nonce".utf8)))
        let request = String(decoding: h.request, as: UTF8.self)
        #expect(request.hasPrefix("GET /?version=2 HTTP/1.1\r\nHost: streamer.finance.yahoo.com\r\n"))
        #expect(request.contains("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n") && request.hasSuffix("\r\n\r\n"))
        let answer =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        #expect(try h.check(Array(answer.utf8).dropLast(3).map { $0 }) == nil)
        #expect(try h.check(Array(answer.utf8) + [0x81, 0x00]) == [0x81, 0x00])
        #expect(throws: WebSocketError.self) {
            try h.check(Array(answer.replacingOccurrences(of: "s3pP", with: "XXXX").utf8))
        }
        #expect(throws: WebSocketError.self) { try h.check(Array("HTTP/1.1 403 Forbidden\r\n\r\n".utf8)) }
    }
}
