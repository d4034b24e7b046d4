import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockSearch
import SquarestockServices
import SquarestockWatch

/// The shared byte readers under every decoder: CSV fields, numbers, dates, JSON (tree and cursor), body screening.
enum FuzzByteTargets {
    static let names = ["csv", "numbers", "dates", "json", "body", "websocket-frames"]

    /// False for a name that is not one of these targets.
    static func run(_ target: String, _ bytes: [UInt8]) -> Bool {
        switch target {
        case "csv":
            bytes.withUnsafeBytes { raw in
                var reader = TolerantCSVReader(bytes: raw)
                var fields: [CSVField] = []
                var n = 0
                while reader.nextRecord(into: &fields) {
                    for f in fields { n &+= reader.string(f).utf8.count }
                }
                _ = n
            }
        case "numbers":
            bytes.withUnsafeBytes { raw in
                _ = FieldParsing.humanNumber(raw)
                _ = FieldParsing.decimal(raw)
                if let d = ExactDecimal.parse(raw) {
                    _ = d.description
                    _ = d.rounded(toScale: 2)
                    _ = d * d
                    _ = d.divided(by: d, scale: 6)
                }
            }
        case "dates":
            bytes.withUnsafeBytes { raw in
                _ = DateTimeParsing.isoDate(raw)
                _ = DateTimeParsing.compactDate(raw)
                _ = DateTimeParsing.usDate(raw)
                _ = DateTimeParsing.time(raw)
                _ = DateTimeParsing.twelveHourTime(raw)
                if let dt = DateTimeParsing.isoDateTime(raw),
                    let zone = try? ExchangeTimeZone(identifier: "America/New_York")
                {
                    _ = zone.localDateTime(at: zone.instant(for: dt))
                }
            }
        case "json":
            _ = try? JSONReader.parseAllowingJSONP(bytes)
            // The cursor the exchange decoders walk must skip in full whatever the reader parses.
            if (try? JSONReader.parse(bytes)) != nil {
                let skipped: Bool = bytes.withUnsafeBytes { raw in
                    var c = JSONCursor(raw)
                    return c.skipValue() && c.atEnd()
                }
                precondition(skipped, "JSONCursor refused a body JSONReader parsed")
            }
        case "body":
            _ = BodyKind.classify(bytes)
            _ = BodyKind.excerpt(bytes)
        case "websocket-frames":
            // The first byte picks how the rest is cut into reads; every frame and message the
            // parser and assembler accept must respect the limits, and nothing may trap.
            guard let cut = bytes.first else { return true }
            var parser = WebSocketFrameParser(maxFrame: 2048)
            var assembler = WebSocketMessageAssembler(maxMessage: 4096)
            let step = Int(cut % 16) + 1
            var i = 1
            reading: while i < bytes.count {
                parser.append(bytes[i..<min(bytes.count, i + step)])
                i += step
                do {
                    while let frame = try parser.next() {
                        precondition(frame.payload.count <= 2048, "a frame over the limit")
                        switch try assembler.add(frame) {
                        case .text(let t)?:
                            precondition(UTF8Validation.isValid(t) && t.count <= 4096, "a bad text message")
                        case .close(let code, let reason)?:
                            // A close reason reaches the state line: it must be inert there.
                            let why = WebSocketError.connection(StreamSession.closed(code: code, reason: reason))
                            let state = StreamState.reconnecting(seconds: 1, attempt: 1, reason: why.description)
                            FuzzOracle.requireInert(StreamLineWriter.plain(state, source: "fuzz"), "a close reason")
                        default: break
                        }
                    }
                } catch {
                    break reading
                }
            }
        default: return false
        }
        return true
    }
}
