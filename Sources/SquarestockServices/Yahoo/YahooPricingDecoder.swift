import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Yahoo's `PricingData` protobuf, read by a small reader of our own: field numbers and wire
/// types as in yfinance's `pricing.proto` (1 id, 2 price float, 3 time sint64 ms, 6 quote type,
/// 7 market hours, 8 change percent, 9 day volume sint64, 12 change, 23 bid, 25 ask, 27 price hint
/// sint64; the rest skipped by wire type). Prices are float32 on the wire, so they are rounded to
/// `price_hint` decimals (2 when absent); proto3 leaves out zero values, so an absent bid is nil,
/// not 0.
package enum YahooPricingDecoder {
    /// The protobuf bytes of a text frame: `{"type":"pricing","message":"..."}` or bare base64.
    package static func payload(of frame: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        return payload(of: frame, into: &out) ? out : nil
    }

    /// The same into a buffer the caller reuses; false when there is no payload.
    package static func payload(of frame: [UInt8], into out: inout [UInt8]) -> Bool {
        frame.withUnsafeBytes { raw -> Bool in
            var c = JSONCursor(raw)
            if c.peek() != UInt8(ascii: "{") { return Base64Bytes.decode(raw, into: &out) }
            var found = false
            _ =
                c.take(UInt8(ascii: "{"))
                && c.items(closedBy: UInt8(ascii: "}")) { c in
                    guard let key = c.key() else { return false }
                    // Raw: the payload is base64, decoded from the bytes as sent.
                    if JSONCursor.equals(key, "message"), let s = c.rawString() {
                        found = !s.escaped && Base64Bytes.decode(s.bytes, into: &out)
                        return true
                    }
                    return c.skipValue()
                }
            return found
        }
    }

    package static func quote(_ b: [UInt8]) -> StreamQuote? {
        var names = YahooSymbolNames()
        return quote(b, names: &names)
    }

    /// One message; `names` keeps the symbol strings already made, so a symbol that ticks again
    /// costs no allocation.
    package static func quote(_ b: [UInt8], names: inout YahooSymbolNames) -> StreamQuote? {
        b.withUnsafeBytes { raw in quote(raw, names: &names) }
    }

    static func quote(_ raw: UnsafeRawBufferPointer, names: inout YahooSymbolNames) -> StreamQuote? {
        var r = ProtobufReader(raw)
        var id: String?
        var price: Float?
        var time: Int64?
        var hours: UInt64?
        var changePercent: Float?
        var change: Float?
        var bid: Float?
        var ask: Float?
        var volume: Int64?
        var hint: Int64?
        while let (field, wire) = r.key() {
            switch (field, wire) {
            case (1, 2): id = r.span().map { names.name(raw, $0) ?? "" }
            case (2, 5): price = r.float()
            case (3, 0): time = r.varint().map(ProtobufReader.zigzag)
            case (7, 0): hours = r.varint()
            case (8, 5): changePercent = r.float()
            case (9, 0): volume = r.varint().map(ProtobufReader.zigzag)
            case (12, 5): change = r.float()
            case (23, 5): bid = r.float()
            case (25, 5): ask = r.float()
            case (27, 0): hint = r.varint().map(ProtobufReader.zigzag)
            default: guard r.skip(wire) else { return nil }
            }
            if r.failed { return nil }
        }
        guard !r.failed, let id, !id.isEmpty, let price, let p = decimal(price, hint ?? 2) else { return nil }
        let hintValue = hint ?? 2
        var when: Instant?
        var nanos: Int32 = 0
        if let ms = time, ms > 0, ms / 1000 <= Instant.latestPlausible.secondsSinceEpoch {
            when = Instant(secondsSinceEpoch: ms / 1000)
            nanos = Int32(ms % 1000) * 1_000_000
        }
        return StreamQuote(
            symbol: id, price: p, time: when, nanoseconds: nanos, bid: bid.flatMap { decimal($0, hintValue) },
            ask: ask.flatMap { decimal($0, hintValue) }, change: change.flatMap { decimal($0, hintValue) },
            changePercent: changePercent.flatMap { decimal($0, 2) },
            dayVolume: volume.flatMap { $0 > 0 ? ExactDecimal(significand: $0, scale: 0) : nil },
            session: hours.flatMap(session))
    }

    /// `market_hours`: 0 pre, 1 regular, 2 post, 3 extended, 4 overnight.
    static func session(_ hours: UInt64) -> String? {
        switch hours {
        case 0: return "pre"
        case 1: return "regular"
        case 2: return "post"
        case 3: return "extended"
        case 4: return "overnight"
        default: return nil
        }
    }

    /// A float32 rounded to `decimals` places; nil for 0 (proto3's "absent"), NaN or infinities.
    static func decimal(_ f: Float, _ decimals: Int64) -> ExactDecimal? {
        guard f.isFinite, f != 0, decimals >= 0, decimals <= 8 else { return nil }
        let scale = Double((0..<decimals).reduce(1) { r, _ in r * 10 })
        let scaled = (Double(f) * scale).rounded()
        guard abs(scaled) < 9e15 else { return nil }
        return ExactDecimal(significand: Int64(scaled), scale: Int(decimals))
    }
}

/// The symbol strings of a stream, made once each: a message names its symbol in bytes, and a
/// symbol seen before is found by the bytes' hash and compared, never allocated again.
package struct YahooSymbolNames: Sendable {
    var byHash: [UInt64: String] = [:]

    package init() {}

    /// The id's text; nil when cleaning would change it (`AAPL<ESC>[31m` is no tick of AAPL).
    mutating func name(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) -> String? {
        let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        if let known = byHash[hash], Self.same(known, bytes) { return known }
        guard let made = TerminalText.identifier(bytes: bytes) else { return nil }
        if byHash.count < 4096 { byHash[hash] = made }
        return made
    }

    /// Whether a string's UTF-8 is exactly `bytes` (one memcmp for a native string).
    static func same(_ s: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var s = s
        return s.withUTF8 { u in
            u.count == bytes.count && (u.count == 0 || memcmp(u.baseAddress!, bytes.baseAddress!, u.count) == 0)
        }
    }
}

/// The protobuf wire format, enough to read one message: keys, varints, 32/64-bit fixed values
/// and length-delimited bytes, each bounds-checked; `failed` after the first malformed byte.
struct ProtobufReader {
    let b: UnsafeRawBufferPointer
    var i = 0
    var failed = false

    init(_ bytes: UnsafeRawBufferPointer) { b = bytes }

    /// The next field number and wire type; nil at the end (or after a failure).
    mutating func key() -> (Int, Int)? {
        guard !failed, i < b.count, let k = varint() else { return nil }
        let field = Int(k >> 3)
        guard field > 0 else {
            failed = true
            return nil
        }
        return (field, Int(k & 7))
    }

    mutating func varint() -> UInt64? {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while i < b.count, shift < 64 {
            let byte = b[i]
            i += 1
            v |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return v }
            shift += 7
        }
        failed = true
        return nil
    }

    static func zigzag(_ n: UInt64) -> Int64 { Int64(bitPattern: (n >> 1) ^ (0 &- (n & 1))) }

    mutating func float() -> Float? {
        guard i + 4 <= b.count else {
            failed = true
            return nil
        }
        let bits = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
        i += 4
        return Float(bitPattern: bits)
    }

    /// Where a length-delimited value lies in the message, read past.
    mutating func span() -> Range<Int>? {
        guard let n = varint(), n <= UInt64(b.count - i) else {
            failed = true
            return nil
        }
        defer { i += Int(n) }
        return i..<(i + Int(n))
    }

    /// Skips a value of `wire` type; false for a group or an unknown type.
    mutating func skip(_ wire: Int) -> Bool {
        switch wire {
        case 0: return varint() != nil
        case 1:
            guard i + 8 <= b.count else { return false }
            i += 8
        case 2: return span() != nil
        case 5:
            guard i + 4 <= b.count else { return false }
            i += 4
        default:
            failed = true
            return false
        }
        return true
    }
}
