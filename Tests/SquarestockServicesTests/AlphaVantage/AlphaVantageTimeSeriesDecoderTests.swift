import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Alpha Vantage CSV time series (newest first, US/Eastern intraday timestamps) and its four
/// real HTTP-200 JSON error bodies.
struct AlphaVantageTimeSeriesDecoderTests {
    func decode(_ r: HTTPResponse, interval: HistoryInterval = .minutes(1)) -> Result<HistorySeries, HistoryError> {
        AlphaVantageTimeSeriesDecoder.decode(r, symbol: "AAPL", zone: HistoryFixture.newYork, interval: interval)
    }

    @Test func realIntradayIsEasternTimeNewestFirst() throws {
        let s = try decode(HistoryFixture.fixture("alphavantage/TIME_SERIES_INTRADAY_1min.csv")).get()
        #expect(
            s.bars.map(\.time.iso8601UTC) == ["2020-04-20T19:58:00Z", "2020-04-20T19:59:00Z", "2020-04-20T20:00:00Z"])
        #expect(s.bars.allSatisfy { $0.session == HistoryFixture.date("2020-04-20") })
        #expect(s.bars.last?.close?.description == "276.8550")
        #expect(s.bars.first?.volume?.description == "185781")  // the last line, with no newline after it
    }

    @Test func dailyTimestampsAreSessionDates() throws {
        let s = try decode(
            HistoryFixture.fixture("alphavantage/SYNTHETIC_TIME_SERIES_DAILY_AAPL_crlf.csv"), interval: .daily
        ).get()
        #expect(
            s.bars.map(\.session.description) == ["2020-04-14", "2020-04-15", "2020-04-16", "2020-04-17", "2020-04-20"])
        #expect(HistoryFixture.newYork.iso8601(at: s.bars[0].time) == "2020-04-14T00:00:00-04:00")
        #expect(s.bars.last?.close?.description == "276.9300")
    }

    @Test func intradayAcrossTheUSClockChange() throws {
        let s = try decode(
            HistoryFixture.fixture("alphavantage/SYNTHETIC_TIME_SERIES_INTRADAY_5min_AAPL_dst-weekend.csv"),
            interval: .minutes(5)
        ).get()
        // Friday 15:55 EST is 20:55Z; Monday 09:30 EDT is 13:30Z.
        #expect(
            s.bars.map(\.time.iso8601UTC) == [
                "2021-03-12T20:55:00Z", "2021-03-12T21:00:00Z", "2021-03-15T13:30:00Z", "2021-03-15T13:35:00Z",
            ])
        #expect(s.bars.map(\.session.description) == ["2021-03-12", "2021-03-12", "2021-03-15", "2021-03-15"])
    }

    struct JSONCase: Sendable, CustomTestStringConvertible {
        var file: String
        var key: String
        var isRateLimit: Bool
        var testDescription: String { file }
    }

    static let jsonCases: [JSONCase] = [
        JSONCase(file: "error_message_invalid_call.json", key: "Error Message", isRateLimit: false),
        JSONCase(file: "note_rate_limit_5perMin_500perDay.json", key: "Note", isRateLimit: true),
        JSONCase(file: "information_25_per_day.json", key: "Information", isRateLimit: true),
        JSONCase(file: "information_outputsize_full_premium.json", key: "Information", isRateLimit: false),
    ]

    @Test(arguments: jsonCases)
    func realJSONErrorBodiesWithHTTP200(_ c: JSONCase) throws {
        let r = decode(HistoryFixture.fixture("alphavantage/errors/" + c.file))
        guard case .failure(let e) = r else {
            Issue.record("expected an error")
            return
        }
        switch (c.key, e) {
        case ("Error Message", .serviceErrorMessage(let source, let m)):
            #expect(source == "alphavantage")
            #expect(m.hasPrefix("Invalid API call."))
        case ("Note", .serviceNote(_, let m)):
            #expect(m.contains("5 calls per minute"))
        case ("Information", .serviceInformation(_, let m)):
            #expect(m.hasPrefix("Thank you for using Alpha Vantage!"))
        default:
            Issue.record("\(c.file) gave \(e)")
        }
        #expect(e.isRateLimit == c.isRateLimit)
        #expect(!e.detail.isEmpty)
    }

    @Test func theUsersKeyIsNeverQuotedBack() {
        let r = AlphaVantageTimeSeriesDecoder.decode(
            HistoryFixture.fixture("alphavantage/errors/SYNTHETIC_information_key-echo.json"), symbol: "AAPL",
            zone: HistoryFixture.newYork, interval: .daily, apiKey: "SECRETKEY123")
        guard case .failure(let e) = r, case .serviceInformation(_, let m) = e else {
            Issue.record("expected Information, got \(r)")
            return
        }
        #expect(m.hasPrefix("We have detected your API key as REDACTED and"))
        #expect(!e.detail.contains("SECRETKEY123"))
        #expect(e.isRateLimit)
    }

    /// The public demo key's answer is a key to set, as on the quote path (it read "refused the
    /// request" on a chart and "rate limiting" on a quote).
    @Test func theDemoKeysAnswerSaysToSetAKey() {
        let r = decode(HistoryFixture.fixture("alphavantage/errors/SYNTHETIC_information_demo-key.json"))
        guard case .failure(.response(.notConfigured(_, let detail))) = r else {
            Issue.record("expected a key to set, got \(r)")
            return
        }
        #expect(detail.contains("demo key") && detail.contains("ALPHAVANTAGE_API_KEY"))
    }

    @Test func otherBodies() {
        #expect(
            decode(HistoryFixture.body("{\"Meta Data\": {}}"))
                == .failure(
                    .response(
                        .unexpectedBody(
                            source: "alphavantage", status: 200, kind: .json, excerpt: "{\"Meta Data\": {}}", hint: nil)
                    )))
        #expect(
            decode(HistoryFixture.body("oops", status: 503))
                == .failure(.response(.httpStatus(source: "alphavantage", status: 503, excerpt: "oops"))))
        let overload = decode(HistoryFixture.body("<html><body>application-error.html</body></html>"))
        guard case .failure(.response(.unexpectedBody(_, _, .html, _, let hint?))) = overload else {
            Issue.record("expected an HTML error, got \(overload)")
            return
        }
        #expect(hint.contains("overloaded"))
        #expect(
            decode(HistoryFixture.body("timestamp,open,high,low,close\r\n"))
                == .success(
                    HistorySeries(symbol: "AAPL", zone: HistoryFixture.newYork, interval: .minutes(1), bars: [])))
        // Portfolio Performance's rule: a first line that is not the header is the error message.
        #expect(
            decode(HistoryFixture.body("Invalid API call\n"))
                == .failure(
                    .response(
                        .unexpectedBody(
                            source: "alphavantage", status: 200, kind: .text, excerpt: "Invalid API call", hint: nil))))
        #expect(
            decode(HistoryFixture.body("timestamp,open,high,low,close,vol\r\n"))
                == .failure(
                    .unexpectedHeader(
                        source: "alphavantage", line: 1, column: 6, expected: "Volume", found: "vol", hint: nil)))
    }

    @Test func badTimestampIsMalformedAtItsColumn() {
        let r = decode(HistoryFixture.body("timestamp,open,high,low,close,volume\r\n2020-04-20 16:00,1,1,1,1,1\r\n"))
        #expect(
            r
                == .failure(
                    .malformed(
                        source: "alphavantage", line: 2, column: 1,
                        detail: "not a date or date and time: \"2020-04-20 16:00\"")))
    }
}
