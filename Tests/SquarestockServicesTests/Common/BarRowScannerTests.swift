import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// The history reader's fast row path (`BarRowScanner` through `ScannedBars`) must answer exactly
/// what its general path answers (`TolerantCSVReader`, `DateTimeParsing`, `FieldParsing.decimal`,
/// `ExchangeTimeZone.instant(for:)`), bar for bar, or with the same first error.
@Suite struct BarRowScannerTests {
    static func decode(
        _ bytes: [UInt8], zone: ExchangeTimeZone, interval: HistoryInterval = .minutes(5), rowScanner: Bool
    )
        -> Result<HistorySeries, HistoryError>
    {
        StooqHistoryDecoder.decode(
            HTTPResponse(status: 200, body: bytes), symbol: "T", zone: zone, interval: interval,
            rowScanner: rowScanner)
    }

    /// `zone` is the exchange's (sessions); Stooq's clocks are Warsaw's whatever it is.
    static func expectSame(
        _ bytes: [UInt8], zone id: String = "Europe/Warsaw", interval: HistoryInterval = .minutes(5),
        _ comment: String = ""
    ) throws {
        let zone = try ExchangeTimeZone(identifier: id)
        let expected = decode(bytes, zone: zone, interval: interval, rowScanner: false)
        compare(expected, decode(bytes, zone: zone, interval: interval, rowScanner: true), comment)
        // The same body handed over in pieces (as a download streams it), cut anywhere.
        for piece in [64, 100, 4096] {
            compare(
                expected, decodeInPieces(bytes, zone: zone, interval: interval, piece: piece),
                "\(comment), pieces of \(piece)")
        }
    }

    /// `decode(head:expectedBytes:...)` over `bytes`, each read giving 1 to 37 bytes.
    static func decodeInPieces(_ bytes: [UInt8], zone: ExchangeTimeZone, interval: HistoryInterval, piece: Int)
        -> Result<HistorySeries, HistoryError>
    {
        var offset = 0
        var step = 0
        let request = HistoryCSVReader.Request(
            source: StooqHistoryDecoder.source, symbol: "T", zone: zone, interval: interval,
            layouts: interval.isIntraday
                ? [StooqHistoryDecoder.intraday, StooqHistoryDecoder.daily]
                : [StooqHistoryDecoder.daily, StooqHistoryDecoder.intraday],
            headerStarts: ["date", "data"], htmlHint: StooqDecoder.htmlHint, textRules: StooqDecoder.textRules)
        return HistoryCSVReader.decode(
            head: HTTPResponse(status: 200, body: []), expectedBytes: nil, request, piece: piece
        ) { buffer in
            step = step % 37 + 1
            let n = min(step, buffer.count, bytes.count - offset)
            for k in 0..<n { buffer[k] = bytes[offset + k] }
            offset += n
            return n
        }
    }

    static func compare(
        _ expected: Result<HistorySeries, HistoryError>, _ got: Result<HistorySeries, HistoryError>,
        _ comment: String
    ) {
        switch (expected, got) {
        case (.success(let a), .success(let b)):
            #expect(a.bars.count == b.bars.count, "\(comment): \(a.bars.count) vs \(b.bars.count) bars")
            if let i = (0..<min(a.bars.count, b.bars.count)).first(where: { !same(a.bars[$0], b.bars[$0]) }) {
                Issue.record("\(comment): bar \(i): expected \(a.bars[i]), got \(b.bars[i])")
            }
        default:
            #expect(expected == got, "\(comment)")
        }
    }

    /// Equal bars with the same digits held (`ExactDecimal ==` compares values; output prints digits).
    static func same(_ a: SquarestockCore.Bar, _ b: SquarestockCore.Bar) -> Bool {
        func digits(_ x: SquarestockCore.Bar) -> [String?] {
            [x.open, x.high, x.low, x.close, x.volume].map { $0?.description }
        }
        return a == b && digits(a) == digits(b)
    }

    // MARK: The scanner itself

    @Test func scannerReadsAWellFormedRowAndRefusesIrregularOnes() throws {
        var scanner = try #require(BarRowScanner(hasTime: true, fields: [.number, .number, .ignored, .number]))
        let values = UnsafeMutablePointer<ExactDecimal>.allocate(capacity: 4)
        values.initialize(repeating: .zero, count: 4)
        defer { values.deallocate() }
        func scan(_ text: String) -> Int {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { b in
                scanner.scan(b.baseAddress!, from: 0, count: b.count, into: values)
            }
        }
        #expect(scan("2020-05-06,15:35:00,300.5,-0.000000001,x y,12345\r\nnext") == 50)
        #expect(scanner.date == CivilDate(year: 2020, month: 5, day: 6))
        #expect(
            scanner.wall == CivilDateTime(year: 2020, month: 5, day: 6, hour: 15, minute: 35).secondsSinceEpochAsUTC)
        #expect(values[0].description == "300.5")
        #expect(values[1].description == "-0.000000001")
        #expect(values[3].description == "12345")
        #expect(scan("2020-05-06,15:40,1,2,3,4\n2020-05-06,15:45,1,2,3,4\n") == 25)
        for irregular in [
            "2020-05-06,15:35:00,N/D,1,2,3\n", "2020-05-06,15:35:00,1,2,3\n", "2020-05-06,15:35:00,1,2,3,4,5\n",
            "20200506,153500,1,2,3,4\n", "2020-05-06,15:35:00,1e3,2,3,4\n", "2020-05-06,15:35:00,+1,2,3,4\n",
            "2020-05-06,15:35:00,1,2,\"3\",4\n", "2020-02-30,15:35:00,1,2,3,4\n", "2020-05-06,24:00:00,1,2,3,4\n",
            "2020-05-06,15:35:00,1234567890123456789,2,3,4\n", "\n2020-05-06,15:35:00,1,2,3,4\n",
        ] {
            // A regular row after it: the scanner needs a few bytes of room past the clock.
            #expect(scan(irregular + "2020-05-06,15:35:00,1,2,3,4\n") == -1, "\(irregular)")
        }
    }

    @Test func skippedRecordsLeaveTheReaderWhereNextRecordWould() {
        let text = Array("a\nb,c\r\nd\re".utf8)
        text.withUnsafeBytes { raw in
            var read = TolerantCSVReader(bytes: raw)
            var skipped = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            while true {
                let start = read.offset
                guard read.nextRecord(into: &fields) else { break }
                #expect(skipped.offset == start)
                skipped.skipRecord(endingAt: read.offset)
                #expect(skipped.lineNumber == read.lineNumber)
                #expect(skipped.offset == read.offset)
            }
            let more = skipped.nextRecord(into: &fields)
            #expect(!more)
        }
    }

    /// The in-place reorder gives what a stable sort by time keeping the last bar of each instant gives.
    @Test func oldestFirstInPlaceMatchesAStableSort() {
        var rng = SeededRandom(seed: 11)
        for round in 0..<300 {
            let n = rng.below(40)
            let bars = (0..<n).map { i in
                // Rounds of three kinds: few instants, scattered ones, and a file's order with
                // repeats and a few steps back (a fall-back hour, a stray row).
                let t =
                    round % 3 == 2
                    ? Int64(i) - (rng.below(5) == 0 ? Int64(rng.below(6)) : 0)
                    : Int64(rng.below(round % 3 == 0 ? 8 : 60))
                return SquarestockCore.Bar(
                    time: Instant(secondsSinceEpoch: t),
                    session: CivilDate(year: 2020, month: 1, day: 1), close: ExactDecimal(i))
            }
            let sorted = bars.enumerated().sorted { a, b in
                a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
            }.map(\.element)
            var expected: [SquarestockCore.Bar] = []
            for b in sorted {
                if let last = expected.last, last.time == b.time {
                    expected[expected.count - 1] = b
                } else {
                    expected.append(b)
                }
            }
            var ordered = HistoryBars(bars)
            ordered.putOldestFirst()
            #expect(Array(ordered) == expected, "round \(round)")
        }
    }

    // MARK: Fixtures

    @Test func intradayFixture() throws {
        let bytes = Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")
        #expect(!bytes.isEmpty)
        try Self.expectSame(bytes, "fixture")
        try Self.expectSame(bytes, zone: "America/New_York", "fixture, New York sessions")
        let bars = try Self.decode(bytes, zone: ExchangeTimeZone(identifier: "Europe/Warsaw"), rowScanner: true).get()
            .bars
        #expect(bars.count == 9)
        // 2020-05-05 21:55 Warsaw (CEST) is 19:55 UTC.
        #expect(bars[0].time.iso8601UTC == "2020-05-05T19:55:00Z")
        #expect(bars[0].open == ExactDecimal("297.1"))
    }

    @Test func dailyFixtures() throws {
        for name in [
            "history/stooq/aapl_us_d_polish-header.csv", "history/stooq/SYNTHETIC_spx_d_index_ragged-no-volume.csv",
            "history/stooq/SYNTHETIC_aapl_us_w_english-header_no-final-newline.csv",
            "stooq/daily_aapl.us_polish-header_head.csv",
        ] {
            let bytes = Fixture.bytes(name)
            #expect(!bytes.isEmpty, "\(name)")
            try Self.expectSame(bytes, zone: "America/New_York", interval: .daily, name)
        }
    }

    /// Screening bodies (HTML, rate-limit text, empty answers) comes before either path.
    @Test func emptyInputAnswersAlike() throws {
        try Self.expectSame([UInt8](), "empty")
    }

    /// The quote path asks `i=5` for intraday bars only: a daily file there is an unexpected header.
    @Test func dailyFileIsRefusedAsIntraday() throws {
        let bytes = Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")
        let result = StooqHistoryDecoder.decodeIntraday(
            HTTPResponse(status: 200, body: bytes), symbol: "AAPL",
            zone: try ExchangeTimeZone(identifier: "Europe/Warsaw"))
        guard case .failure(.unexpectedHeader(_, 1, 2, _, _, _)) = result else {
            Issue.record("expected an unexpected header, got \(result)")
            return
        }
    }

    // MARK: Quirks, each against the general path

    static let quirks: [(String, String)] = [
        ("LF", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,300.5,301,300.25,300.99,12345\n"),
        (
            "CRLF",
            "Date,Time,Open,High,Low,Close,Volume\r\n2020-05-06,15:35:00,300.5,301,300.25,300.99,12345\r\n2020-05-06,15:40:00,301,302,300,301.5,10\r\n"
        ),
        (
            "bare CR",
            "Date,Time,Open,High,Low,Close,Volume\r2020-05-06,15:35:00,1,2,3,4,5\r2020-05-06,15:40:00,1,2,3,4,5\r"
        ),
        ("BOM", "\u{FEFF}Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1.5,2,3,4,5\n"),
        (
            "BOM CRLF no final newline",
            "\u{FEFF}Date,Time,Open,High,Low,Close,Volume\r\n2020-05-06,15:35:00,1.5,2,3,4,5"
        ),
        (
            "no final newline",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,1,2,3,4.25,6"
        ),
        ("Polish header", "Data,Czas,Otwarcie,Najwyzszy,Najnizszy,Zamkniecie,Wolumen\n2020-05-06,15:35:00,1,2,3,4,5\n"),
        (
            "N/D values",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,N/D,N/D,N/D,N/D,N/D\n2020-05-06,15:40:00,1,N/D,3,4,5\n"
        ),
        (
            "empty and odd values",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,,-, 7 ,+1.5,1e3\n2020-05-06,15:40:00,.5,5.,-0.0,007.10,abc\n"
        ),
        (
            "no volume field",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4\n2020-05-06,15:40:00,1,2,3,4,5\n"
        ),
        ("extra fields", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5,6,7\n"),
        ("quoted fields", "Date,Time,Open,High,Low,Close,Volume\n\"2020-05-06\",\"15:35:00\",\"1.5\",2,3,4,5\n"),
        (
            "compact date and time",
            "Date,Time,Open,High,Low,Close,Volume\n20200506,153500,1,2,3,4,5\n2020-05-06,15:40,1,2,3,4,5\n"
        ),
        (
            "blank lines",
            "\n\r\nDate,Time,Open,High,Low,Close,Volume\n\n2020-05-06,15:35:00,1,2,3,4,5\r\n\r\n\n2020-05-06,15:40:00,1,2,3,4,5\n\n"
        ),
        (
            "scale grows",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,1.123456789,2.5,3.25,4.125,5.5\n2020-05-06,15:45:00,N/D,2,3,4,5\n"
        ),
        (
            "long numbers",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,12345678.5,123456789012,0.000000001,1234567.1234567,97676041.83885\n"
        ),
        ("negative", "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,-1.5,-2,-0.25,-37.625,-5\n"),
        ("header only", "Date,Time,Open,High,Low,Close,Volume\n"),
        (
            "bad date",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-02-30,15:40:00,1,2,3,4,5\n"
        ),
        (
            "bad time",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,24:00:00,1,2,3,4,5\n"
        ),
        (
            "too few fields",
            "Date,Time,Open,High,Low,Close,Volume\n\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,1,2\n"
        ),
        (
            "unterminated quote",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n2020-05-06,15:40:00,\"1,2,3,4,5\n"
        ),
        (
            "quote with newline",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,\"1\n\",2,3,4,5\n2020-05-06,x,1,2,3,4,5\n"
        ),
        ("lone empty quoted field", "Date,Time,Open,High,Low,Close,Volume\n\"\"\n2020-05-06,15:35:00,1,2,3,4,5\n"),
        (
            "BOM bytes mid-file",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:35:00,1,2,3,4,5\n\u{FEFF}2020-05-06,15:40:00,1,2,3,4,5\n"
        ),
        (
            "spring forward gap",
            "Date,Time,Open,High,Low,Close,Volume\n2021-03-28,01:55:00,1,2,3,4,5\n2021-03-28,02:00:00,1,2,3,4,5\n2021-03-28,02:30:00,1,2,3,4,5\n2021-03-28,03:00:00,1,2,3,4,5\n"
        ),
        (
            "rows out of order",
            "Date,Time,Open,High,Low,Close,Volume\n2020-05-06,15:40:00,1,2,3,4,5\n2020-05-06,15:35:00,6,7,8,9,10\n2020-05-06,15:45:00,1,2,3,4,5\n2020-05-06,15:35:00,2,3,4,5,6\n"
        ),
        (
            "fall back overlap",
            "Date,Time,Open,High,Low,Close,Volume\n2021-10-31,01:55:00,1,2,3,4,5\n2021-10-31,02:00:00,1,2,3,4,5\n2021-10-31,02:30:00,1,2,3,4,5\n2021-10-31,02:59:59,1,2,3,4,5\n2021-10-31,03:00:00,1,2,3,4,5\n"
        ),
    ]

    @Test(arguments: quirks)
    func quirk(_ c: (String, String)) throws {
        try Self.expectSame(Array(c.1.utf8), c.0)
        try Self.expectSame(Array(c.1.utf8), zone: "America/New_York", c.0 + ", New York sessions")
    }

    @Test func errorsCarryTheGeneralPathsLineNumbers() throws {
        let zone = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        let text =
            "Date,Time,Open,High,Low,Close,Volume\r\n\r\n2020-05-06,15:35:00,1,2,3,4,5\r\n2020-13-06,15:40:00,1,2,3,4,5\r\n"
        guard case .failure(let error) = Self.decode(Array(text.utf8), zone: zone, rowScanner: true),
            case .failure(let expected) = Self.decode(Array(text.utf8), zone: zone, rowScanner: false)
        else {
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

    // MARK: Random files

    static func randomDecimal(_ rng: inout SeededRandom) -> String {
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
    static func randomFile(
        rows: Int, rng: inout SeededRandom, crlf: Bool, bom: Bool, zone: String = "Europe/Warsaw",
        finalNewline: Bool = true
    ) -> [UInt8] {
        let z = try! ExchangeTimeZone(identifier: zone)
        let eol = crlf ? "\r\n" : "\n"
        var s = (bom ? "\u{FEFF}" : "") + "Date,Time,Open,High,Low,Close,Volume" + eol
        // Start a day before a spring-forward weekend (2019-03-30) and wander on.
        var t = CivilDateTime(year: 2019, month: 3, day: 30).secondsSinceEpochAsUTC
        for r in 0..<rows {
            let wall = z.localDateTime(at: Instant(secondsSinceEpoch: t))
            let time =
                rng.below(10) == 0
                ? String(wall.description.dropFirst(11).prefix(5)) : String(wall.description.dropFirst(11))
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
        var rng = SeededRandom(seed: seed)
        let bytes = Self.randomFile(rows: 4000, rng: &rng, crlf: crlf, bom: bom, zone: zone, finalNewline: finalNewline)
        try Self.expectSame(bytes, zone: zone, "seed \(seed)")
        try Self.expectSame(bytes, zone: "Asia/Tokyo", "seed \(seed), Tokyo sessions")
    }

    /// Every minute of a whole year as wall clock, gaps and overlaps included.
    @Test func everyMinuteOfAYear() throws {
        var s = "Date,Time,Open,High,Low,Close,Volume\n"
        var w = CivilDateTime(year: 2021, month: 1, day: 1).secondsSinceEpochAsUTC
        let end = CivilDateTime(year: 2022, month: 1, day: 1).secondsSinceEpochAsUTC
        s.reserveCapacity(Int(end - w) / 60 * 40)
        while w < end {
            s +=
                CivilDateTime(secondsSinceEpochUTC: w).description.replacingOccurrences(of: " ", with: ",")
                + ",1,2,3,4,5\n"
            w += 60
        }
        try Self.expectSame(Array(s.utf8), zone: "Europe/Warsaw", "2021")
    }
}
