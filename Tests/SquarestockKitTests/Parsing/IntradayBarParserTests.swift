import Foundation
import Testing
import TestSupport
@testable import SquarestockKit
@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockSearch
@testable import SquarestockServices
@testable import SquarestockWatch

/// The fast intraday parser must answer exactly what the general path answers:
/// `StooqDecoder.bars` (TolerantCSVReader + DateTimeParsing + ExactDecimal) and then
/// `ExchangeTimeZone.instant(for:)`, bar for bar, or the same first error.
@Suite struct IntradayBarParserTests {
    struct Bar: Equatable, CustomStringConvertible {
        var instant: Int64
        var values: [ExactDecimal?]
        var description: String { "\(Instant(secondsSinceEpoch: instant)) \(values.map { $0?.description ?? "-" })" }
    }

    static func reference(_ bytes: [UInt8], zone: ExchangeTimeZone) -> Result<[Bar], QuoteError> {
        StooqDecoder.bars(HTTPResponse(status: 200, body: bytes)).map { bars in
            bars.map { b in
                Bar(instant: zone.instant(for: CivilDateTime(date: b.date, time: b.time!)).secondsSinceEpoch,
                    values: [b.open, b.high, b.low, b.close, b.volume])
            }
        }
    }

    static func fast(_ bytes: [UInt8], zone: ExchangeTimeZone) -> Result<[Bar], QuoteError> {
        IntradayBarParser.parse(bytes, zone: zone).map(rows)
    }

    static func rows(_ bars: IntradayBars) -> [Bar] {
        (0..<bars.count).map { i in
            Bar(instant: bars.instants[i], values: [bars.open[i], bars.high[i], bars.low[i], bars.close[i], bars.volume[i]])
        }
    }

    /// The same input fed in chunks of `size` bytes, as a file reader does.
    static func chunked(_ bytes: [UInt8], size: Int, zone: ExchangeTimeZone) -> Result<[Bar], QuoteError> {
        var parser = IntradayBarParser(zone: zone)
        var pending: [UInt8] = []
        var offset = 0
        while true {
            let take = min(size, bytes.count - offset)
            pending.append(contentsOf: bytes[offset..<(offset + take)])
            offset += take
            let isFinal = offset == bytes.count
            let used = pending.withUnsafeBytes { parser.consume($0, isFinal: isFinal) }
            if isFinal { break }
            pending.removeFirst(used)
        }
        return parser.finish().map(rows)
    }

    static func expectSame(_ bytes: [UInt8], zone id: String = "Europe/Warsaw", _ comment: String = "", chunkSizes: [Int] = [1, 7, 64, 1000]) throws {
        let zone = try ExchangeTimeZone(identifier: id)
        let expected = reference(bytes, zone: zone)
        let got = fast(bytes, zone: zone)
        switch (expected, got) {
        case (.success(let a), .success(let b)):
            #expect(a.count == b.count, "\(comment): \(a.count) vs \(b.count) bars")
            if let i = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) {
                Issue.record("\(comment): bar \(i): expected \(a[i]), got \(b[i])")
            }
        default:
            #expect(expected == got, "\(comment)")
        }
        for size in chunkSizes {
            #expect(chunked(bytes, size: size, zone: zone) == got, "\(comment): in chunks of \(size)")
        }
    }

    // MARK: Fixtures

    @Test func intradayFixture() throws {
        let bytes = Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")
        #expect(!bytes.isEmpty)
        try Self.expectSame(bytes, "fixture")
        let bars = try IntradayBarParser.parse(bytes, zone: ExchangeTimeZone(identifier: "Europe/Warsaw")).get()
        #expect(bars.count == 9)
        // 2020-05-05 21:55 Warsaw (CEST) is 19:55 UTC.
        #expect(Instant(secondsSinceEpoch: bars.instants[0]).iso8601UTC == "2020-05-05T19:55:00Z")
        #expect(bars.open[0] == ExactDecimal("297.1"))
    }

    /// Screening bodies (HTML, rate-limit text, empty answers) is the source's job, before parsing.
    @Test func emptyInputHasNoBars() throws {
        let bars = try IntradayBarParser.parse([UInt8](), zone: ExchangeTimeZone(identifier: "Europe/Warsaw")).get()
        #expect(bars.count == 0)
    }

    @Test func dailyFileIsRefused() throws {
        let bytes = Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")
        let result = IntradayBarParser.parse(bytes, zone: try ExchangeTimeZone(identifier: "Europe/Warsaw"))
        guard case .failure(.malformed(_, 1, 2, _)) = result else {
            Issue.record("expected a malformed header, got \(result)")
            return
        }
    }

    // MARK: Quirks, each against the general path

    static let quirks: [(String, String)] = [
        ("LF", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,300.5,301,300.25,300.99,12345\n"),
        ("CRLF", "Date,Time,Open,High,Low,Close,Volume\r\n2020-05-06,15:35:00,300.5,301,300.25,300.99,12345\r\n2020-05-06,15:40:00,301,302,300,301.5,10\r\n"),
        ("bare CR", "Date,Time,Open,High,Low,Close,Volume\r2020-05-06,15:35:00,1,2,3,4,5\r2020-05-06,15:40:00,1,2,3,4,5\r"),
        ("BOM", "\u{FEFF}Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1.5,2,3,4,5\n"),
        ("BOM CRLF no final newline", "\u{FEFF}Date,Time,Open,High,Low,Close,Volume\r\n2020-05-06,15:35:00,1.5,2,3,4,5"),
        ("no final newline", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,1,2,3,4.25,6"),
        ("Polish header", "Data,Czas,Otwarcie,Najwyzszy,Najnizszy,Zamkniecie,Wolumen\n2020-05-06,15:35:00,1,2,3,4,5\n"),
        ("N/D values", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,N/D,N/D,N/D,N/D,N/D\n2020-05-06,15:40:00,1,N/D,3,4,5\n"),
        ("empty and odd values", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,,-, 7 ,+1.5,1e3\n2020-05-06,15:40:00,.5,5.,-0.0,007.10,abc\n"),
        ("no volume field", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4\n2020-05-06,15:40:00,1,2,3,4,5\n"),
        ("extra fields", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5,6,7\n"),
        ("quoted fields", "Date,Time,Open,High,Low,Close,Volume\n\"2020-05-06\",\"15:35:00\",\"1.5\",2,3,4,5\n"),
        ("compact date and time", "Date,Time,Open,High,Low,Close,Volume\n20200506,153500,1,2,3,4,5\n2020-05-06,15:40,1,2,3,4,5\n"),
        ("blank lines", "\n\r\nDate,Time,Open,High,Low,Close,Volume\n\n2020-05-06,15:35:00,1,2,3,4,5\r\n\r\n\n2020-05-06,15:40:00,1,2,3,4,5\n\n"),
        ("scale grows", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,1.123456789,2.5,3.25,4.125,5.5\n2020-05-06,15:45:00,N/D,2,3,4,5\n"),
        ("long numbers", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,12345678.5,123456789012,0.000000001,1234567.1234567,97676041.83885\n"),
        ("negative", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,-1.5,-2,-0.25,-37.625,-5\n"),
        ("header only", "Date,Time,Open,High,Low,Close,Volume\n"),
        ("bad date", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-02-30,15:40:00,1,2,3,4,5\n"),
        ("bad time", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,24:00:00,1,2,3,4,5\n"),
        ("too few fields", "Date,Time,Open,High,Low,Close,Volume\n\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,1,2\n"),
        ("unterminated quote", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,\"1,2,3,4,5\n"),
        ("quote with newline", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,\"1\n\",2,3,4,5\n2020-05-06,x,1,2,3,4,5\n"),
        ("lone empty quoted field", "Date,Time,Open,High,Low,Close,Volume\n\"\"\n2020-05-06,15:35:00,1,2,3,4,5\n"),
        ("BOM bytes mid-file", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n\u{FEFF}2020-05-06,15:40:00,1,2,3,4,5\n"),
        ("spring forward gap", "Date,Time,Open,High,Low,Close,Volume\n2021-03-28,01:55:00,1,2,3,4,5\n2021-03-28,02:00:00,1,2,3,4,5\n2021-03-28,02:30:00,1,2,3,4,5\n2021-03-28,03:00:00,1,2,3,4,5\n"),
        ("fall back overlap", "Date,Time,Open,High,Low,Close,Volume\n2021-10-31,01:55:00,1,2,3,4,5\n2021-10-31,02:00:00,1,2,3,4,5\n2021-10-31,02:30:00,1,2,3,4,5\n2021-10-31,02:59:59,1,2,3,4,5\n2021-10-31,03:00:00,1,2,3,4,5\n"),
    ]

    @Test(arguments: quirks)
    func quirk(_ c: (String, String)) throws {
        try Self.expectSame(Array(c.1.utf8), c.0)
    }

    @Test func errorsCarryTheGeneralPathsLineNumbers() throws {
        let zone = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        let text = "Date,Time,Open,High,Low,Close,Volume\r\n\r\n2020-05-06,15:35:00,1,2,3,4,5\r\n2020-13-06,15:40:00,1,2,3,4,5\r\n"
        guard case .failure(let error) = IntradayBarParser.parse(Array(text.utf8), zone: zone),
              case .failure(let expected) = Self.reference(Array(text.utf8), zone: zone) else {
            Issue.record("both paths should fail")
            return
        }
        #expect(error == expected)
        guard case .malformed(_, let line, let column, _) = error else {
            Issue.record("expected malformed, got \(error)")
            return
        }
        #expect(line == 4)
        #expect(column == 1)
    }

    @Test func fileReaderAgreesWithBuffer() throws {
        let zone = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        var rng = SplitMix(seed: 7)
        let bytes = Self.randomFile(rows: 5000, rng: &rng, crlf: true, bom: true)
        let path = NSTemporaryDirectory() + "/intraday-\(getpid()).csv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunk in [4096, 1 << 20] {
            let fromFile = IntradayBarParser.parse(contentsOfFile: path, zone: zone, chunkBytes: chunk)
            guard case .success(let bars) = fromFile else { Issue.record("\(fromFile)"); return }
            #expect(Self.rows(bars) == (try Self.reference(bytes, zone: zone).get()))
        }
        guard case .failure(let error) = IntradayBarParser.parse(contentsOfFile: path + ".missing", zone: zone) else {
            Issue.record("a missing file should fail")
            return
        }
        #expect(error == .cannotOpen(path: path + ".missing", errno: ENOENT))
    }

    // MARK: Random files

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static func randomDecimal(_ rng: inout SplitMix) -> String {
        switch rng.below(40) {
        case 0: return "N/D"
        case 1: return ""
        case 2: return "-" + String(rng.below(1000)) + "." + String(rng.below(100))
        case 3: return String(rng.below(100_000_000)) + "." + String(rng.below(1_000_000))
        case 4: return "0.0000" + String(rng.below(1000))
        case 5: return String(rng.below(10)) + "e" + String(rng.below(4))
        default:
            let whole = String(rng.below(5000))
            switch rng.below(4) {
            case 0: return whole
            case 1: return whole + "." + String(rng.below(10))
            case 2: return whole + "." + String(10 + rng.below(90))
            default: return whole + "." + String(1000 + rng.below(9000))
            }
        }
    }

    /// Sequential 1-to-90-minute steps around the DST weekends of several years, printed as wall
    /// clock of the zone (so gaps are skipped and overlaps repeat), with random numbers.
    static func randomFile(rows: Int, rng: inout SplitMix, crlf: Bool, bom: Bool, zone: String = "Europe/Warsaw", finalNewline: Bool = true) -> [UInt8] {
        let z = try! ExchangeTimeZone(identifier: zone)
        let eol = crlf ? "\r\n" : "\n"
        var s = (bom ? "\u{FEFF}" : "") + "Date,Time,Open,High,Low,Close,Volume" + eol
        // Start a day before a spring-forward weekend (2019-03-30) and wander on.
        var t = CivilDateTime(year: 2019, month: 3, day: 30).secondsSinceEpochAsUTC
        for r in 0..<rows {
            let wall = z.localDateTime(at: Instant(secondsSinceEpoch: t))
            let time = rng.below(10) == 0 ? String(wall.description.dropFirst(11).prefix(5)) : String(wall.description.dropFirst(11))
            var fields = [wall.date.description, time]
            for _ in 0..<5 { fields.append(randomDecimal(&rng)) }
            s += fields.joined(separator: ",")
            if r + 1 < rows || finalNewline { s += eol }
            t += Int64(60 * (1 + rng.below(90)))
            // Jump to the next DST weekend now and then, so every run crosses several edges.
            if rng.below(200) == 0 { t += 86_400 * Int64(150 + rng.below(60)) }
        }
        return Array(s.utf8)
    }

    @Test(arguments: [
        (1, false, false, "Europe/Warsaw", true), (2, true, true, "Europe/Warsaw", false),
        (3, false, true, "America/New_York", true), (4, true, false, "Australia/Sydney", false),
    ])
    func randomFilesAgree(_ seed: UInt64, _ crlf: Bool, _ bom: Bool, _ zone: String, _ finalNewline: Bool) throws {
        var rng = SplitMix(seed: seed)
        let bytes = Self.randomFile(rows: 4000, rng: &rng, crlf: crlf, bom: bom, zone: zone, finalNewline: finalNewline)
        try Self.expectSame(bytes, zone: zone, "seed \(seed)")
    }

    /// Every minute of a whole year as wall clock, gaps and overlaps included.
    @Test func everyMinuteOfAYear() throws {
        var s = "Date,Time,Open,High,Low,Close,Volume\n"
        var w = CivilDateTime(year: 2021, month: 1, day: 1).secondsSinceEpochAsUTC
        let end = CivilDateTime(year: 2022, month: 1, day: 1).secondsSinceEpochAsUTC
        s.reserveCapacity(Int(end - w) / 60 * 40)
        while w < end {
            s += CivilDateTime(secondsSinceEpochUTC: w).description.replacingOccurrences(of: " ", with: ",") + ",1,2,3,4,5\n"
            w += 60
        }
        try Self.expectSame(Array(s.utf8), zone: "Europe/Warsaw", "2021", chunkSizes: [4096, 65_536])
    }
}

