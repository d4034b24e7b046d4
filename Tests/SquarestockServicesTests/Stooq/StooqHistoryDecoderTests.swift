import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Stooq `/q/d/l/` history: the real Polish-header AAPL file, English headers, ragged index rows,
/// intraday rows in Warsaw time, and every way the body can be something else.
struct StooqHistoryDecoderTests {
    func decode(_ r: HTTPResponse, interval: HistoryInterval = .daily, zone: ExchangeTimeZone = HistoryFixture.newYork)
        -> Result<
            HistorySeries, HistoryError
        >
    {
        StooqHistoryDecoder.decode(r, symbol: "AAPL", zone: zone, interval: interval)
    }

    @Test func realPolishHeaderDailyHistory() throws {
        let s = try decode(HistoryFixture.fixture("stooq/aapl_us_d_polish-header.csv")).get()
        #expect(s.bars.count == 9_710)
        #expect(s.interval == .daily)
        #expect(HistoryFixture.isOldestFirst(s.bars))
        let first = s.bars[0]
        #expect(first.session == HistoryFixture.date("1984-09-07"))
        #expect(first.open?.description == "0.100763")
        #expect(first.low?.description == "0.0995464")
        #expect(first.volume?.description == "97676041.83885")  // fractional after split adjustment, kept exactly
        // Daily bars start at local midnight of their session date in the exchange's zone.
        #expect(HistoryFixture.newYork.iso8601(at: first.time) == "1984-09-07T00:00:00-04:00")
        let last = try #require(s.bars.last)
        #expect(last.session == HistoryFixture.date("2023-03-17"))
        #expect(last.close == HistoryFixture.d("155"))
        #expect(last.high?.description == "156.74")
    }

    @Test func englishWeeklyHeaderWithoutFinalNewline() throws {
        let s = try decode(
            HistoryFixture.fixture("stooq/SYNTHETIC_aapl_us_w_english-header_no-final-newline.csv"), interval: .weekly
        ).get()
        #expect(s.bars.map(\.session.description) == ["2020-04-03", "2020-04-09", "2020-04-17", "2020-04-24"])
        #expect(s.bars.last?.volume?.description == "179016112")
        #expect(s.interval == .weekly)
    }

    @Test func indexRowsWithoutVolumeFieldAreRead() throws {
        let s = try decode(HistoryFixture.fixture("stooq/SYNTHETIC_spx_d_index_ragged-no-volume.csv")).get()
        #expect(s.bars.count == 5)
        #expect(s.bars.prefix(3).allSatisfy { $0.volume == nil && $0.close != nil })
        #expect(s.bars[3].volume?.description == "1260000")
    }

    @Test func intradayRowsAreWarsawWallClock() throws {
        let s = try decode(
            HistoryFixture.fixture("stooq/SYNTHETIC_aapl_us_5_intraday_warsaw-time.csv"), interval: .minutes(5)
        ).get()
        // 15:35 in Warsaw (CEST) is 09:35 in New York (EDT); 22:00 is the 16:00 close.
        #expect(
            s.bars.map { HistoryFixture.newYork.iso8601(at: $0.time) } == [
                "2020-05-06T09:35:00-04:00", "2020-05-06T09:40:00-04:00", "2020-05-06T15:55:00-04:00",
                "2020-05-06T16:00:00-04:00",
            ])
        #expect(s.bars.allSatisfy { $0.session == HistoryFixture.date("2020-05-06") })
    }

    @Test func intradaySessionIsTheExchangesDate() throws {
        // 02:00 Warsaw on May 7 is 09:00 in Tokyo on May 7, and 01:00 Warsaw is 08:00 there.
        let body =
            "Date,Time,Open,High,Low,Close,Volume\r\n2020-05-06,23:30:00,1,1,1,1,1\r\n2020-05-07,02:00:00,2,2,2,2,2\r\n"
        let s = try decode(HistoryFixture.body(body), interval: .minutes(5), zone: HistoryFixture.tokyo).get()
        #expect(s.bars.map(\.session.description) == ["2020-05-07", "2020-05-07"])
        #expect(HistoryFixture.tokyo.iso8601(at: s.bars[0].time) == "2020-05-07T06:30:00+09:00")
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var status = 200
        var expected: HistoryError
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(name: "unknown symbol", body: "No data", expected: .response(.noData(source: "stooq"))),
        ErrorCase(
            name: "daily limit", body: "Exceeded the daily hits limit",
            expected: .response(
                .rateLimited(source: "stooq", detail: "\"Exceeded the daily hits limit\"", retryAfter: nil))),
        ErrorCase(
            name: "renamed column", body: "Date,Open,High,Low,Close,Vol\r\n2020-01-02,1,2,0.5,1.5,100\r\n",
            expected: .unexpectedHeader(
                source: "stooq", line: 1, column: 6, expected: "Volume", found: "Vol", hint: nil)),
        ErrorCase(
            name: "header too short", body: "Date,Open,High,Low\r\n2020-01-02,1,2,0.5\r\n",
            expected: .unexpectedHeader(source: "stooq", line: 1, column: 5, expected: "Close", found: "", hint: nil)),
        ErrorCase(
            name: "bad number",
            body: "Date,Open,High,Low,Close,Volume\r\n2020-01-02,1,2,0.5,1.5,100\r\n2020-01-03,1,2x,0.5,1.5,100\r\n",
            expected: .malformed(source: "stooq", line: 3, column: 3, detail: "not a number: \"2x\"")),
        ErrorCase(
            name: "bad date", body: "Date,Open,High,Low,Close,Volume\r\n2020-13-02,1,2,0.5,1.5,100\r\n",
            expected: .malformed(source: "stooq", line: 2, column: 1, detail: "not a date: \"2020-13-02\"")),
        ErrorCase(
            name: "cut-off row",
            body: "Date,Open,High,Low,Close,Volume\r\n2020-01-02,1,2,0.5,1.5,100\r\n2020-01-03,1,2",
            expected: .truncated(
                source: "stooq", line: 3, column: 4, detail: "the row has 3 of 5 fields; Low is missing")),
    ]

    @Test(arguments: errorCases)
    func errors(_ c: ErrorCase) {
        let r = decode(HistoryFixture.body(c.body, status: c.status))
        #expect(r == .failure(c.expected))
    }

    @Test func browserCheckPageIsAnHTMLError() {
        let r = decode(HTTPResponse(status: 200, body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html")))
        guard case .failure(.response(.unexpectedBody(_, _, let kind, _, let hint))) = r else {
            Issue.record("expected an HTML error, got \(r)")
            return
        }
        #expect(kind == .html)
        #expect(hint?.contains("STOOQ_API_KEY") == true)
    }

    @Test func headerOnlyIsAnEmptySeries() throws {
        let s = try decode(HistoryFixture.body("Date,Open,High,Low,Close,Volume\r\n")).get()
        #expect(s.bars.isEmpty)
    }
}
