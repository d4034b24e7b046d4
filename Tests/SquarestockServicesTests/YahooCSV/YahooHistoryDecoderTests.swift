import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// The two legacy Yahoo history CSVs: table.csv (real recordings, newest first) and the v7
/// download (oldest first, columns swapped, `null` rows, CRLF).
struct YahooHistoryDecoderTests {
    @Test func realTableCSVDailyIsReversedToOldestFirst() throws {
        let s = try YahooHistoryCSVDecoder.decode(
            HistoryFixture.fixture("yahoo-csv/table_TSLA_1Y_D.csv"), layout: .table, symbol: "TSLA",
            zone: HistoryFixture.newYork
        ).get()
        #expect(s.bars.count == 252)
        #expect(HistoryFixture.isOldestFirst(s.bars))
        #expect(s.bars.first?.session == HistoryFixture.date("2015-09-11"))
        #expect(s.bars.first?.close?.description == "250.24")
        #expect(s.bars.last?.session == HistoryFixture.date("2016-09-09"))
        // Close is Close, not Adj Close (equal here), and Volume is the sixth column.
        // The legacy CSV printed 32-bit floats to six decimals: 194.470001 was 194.47.
        #expect(s.bars.last?.close?.description == "194.47")
        #expect(s.bars.last?.volume?.description == "3742900")
        #expect(s.bars.last?.open?.description == "199.09")
    }

    @Test func realTableCSVMonthlyRowsDatedAtPeriodStart() throws {
        let s = try YahooHistoryCSVDecoder.decode(
            HistoryFixture.fixture("yahoo-csv/table_GOOG_1Y_M.csv"), layout: .table, symbol: "GOOG",
            zone: HistoryFixture.newYork,
            interval: .monthly
        ).get()
        #expect(s.bars.count == 13)
        #expect(s.bars.map(\.session.description).suffix(3) == ["2016-07-01", "2016-08-01", "2016-09-01"])
        // Float noise dropped (`782.72998`, trailing zero trimmed, was 782.73); a price with
        // fewer decimals is as sent.
        #expect(s.bars.last?.high?.description == "782.73")
        #expect(s.bars.last?.open?.description == "769.25")
        #expect(s.interval == .monthly)
    }

    /// Only a six-decimal print of a 32-bit float is shortened: a real six-decimal price (an FX
    /// rate, a penny stock) whose float does not print back to it is kept.
    @Test func onlyAFloatsSixDecimalPrintIsShortened() {
        func clean(_ t: String) -> String { YahooFloatPrice.fromSixDecimals(ExactDecimal(t)!).description }
        #expect(clean("650.900024") == "650.9")
        #expect(clean("589.380005") == "589.38")
        #expect(clean("1.234567") == "1.234567")
        #expect(clean("650.900025") == "650.900025")
        #expect(clean("0.000123") == "0.000123")
        #expect(clean("12.5") == "12.5")
        #expect(clean("-3.430000") == "-3.43")
        // A tie at the sixth decimal, printed rounded to even (63590.5703125): still noise.
        #expect(clean("63590.570312") == "63590.57")
        // Trailing zeros dropped below five decimals (94807.6875 is 94807.687500).
        #expect(clean("94807.6875") == "94807.69")
        // From 131072 a float holds no cents: its shortest text would be made up.
        #expect(clean("340781.84375") == "340781.84375")
    }

    @Test func downloadCSVSkipsNullRowsAndReadsSwappedColumns() throws {
        let s = try YahooHistoryCSVDecoder.decode(
            HistoryFixture.fixture("yahoo-csv/SYNTHETIC_v7-download_AAPL_null-row_crlf.csv"), layout: .download,
            symbol: "AAPL",
            zone: HistoryFixture.newYork
        ).get()
        #expect(
            s.bars.map(\.session.description) == ["2020-03-13", "2020-03-16", "2020-03-17", "2020-03-19", "2020-03-20"])
        #expect(s.bars[0].close?.description == "277.97")  // Close, not the Adj Close after it
        #expect(s.bars[0].volume?.description == "92683000")  // Volume is the last column here
        #expect(!s.bars.contains { $0.session == HistoryFixture.date("2020-03-18") })
    }

    @Test func eachDecoderNamesTheOtherLayout() {
        let v7 = HistoryFixture.fixture("yahoo-csv/SYNTHETIC_v7-download_AAPL_null-row_crlf.csv")
        guard
            case .failure(.unexpectedHeader(_, 1, 6, "Volume", "Adj Close", let hint?)) = YahooHistoryCSVDecoder.decode(
                v7, layout: .table, symbol: "AAPL", zone: HistoryFixture.newYork)
        else {
            Issue.record("table.csv decoder should reject the v7 layout at column 6")
            return
        }
        #expect(hint.contains(".download layout"))
        let table = HistoryFixture.fixture("yahoo-csv/table_TSLA_1Y_D.csv")
        guard
            case .failure(.unexpectedHeader(_, 1, 6, "Adj Close", "Volume", let hint2?)) =
                YahooHistoryCSVDecoder.decode(table, layout: .download, symbol: "TSLA", zone: HistoryFixture.newYork)
        else {
            Issue.record("download decoder should reject the table.csv layout at column 6")
            return
        }
        #expect(hint2.contains(".table layout"))
    }

    @Test func partialNullRowKeepsWhatItHas() throws {
        let body = "Date,Open,High,Low,Close,Adj Close,Volume\r\n2020-03-13,264.89,279.92,252.94,null,null,92683000\r\n"
        let s = try YahooHistoryCSVDecoder.decode(
            HistoryFixture.body(body), layout: .download, symbol: "AAPL", zone: HistoryFixture.newYork
        )
        .get()
        #expect(s.bars.count == 1)
        #expect(s.bars[0].close == nil)  // never a zero
        #expect(s.bars[0].open?.description == "264.89")
    }

    @Test func shuffledRowsAreSortedAndDuplicatesKeepTheLaterRow() throws {
        let body =
            "Date,Open,High,Low,Close,Volume,Adj Close\n2016-09-08,1,1,1,1,1,1\n2016-09-09,2,2,2,2,2,2\n2016-09-07,3,3,3,3,3,3\n2016-09-08,4,4,4,4,4,4\n"
        let s = try YahooHistoryCSVDecoder.decode(
            HistoryFixture.body(body), layout: .table, symbol: "X", zone: HistoryFixture.newYork
        ).get()
        #expect(s.bars.map(\.session.description) == ["2016-09-07", "2016-09-08", "2016-09-09"])
        // Newest-first reading reverses first, so the row written first in the file is the later one.
        #expect(s.bars[1].close?.description == "1")
    }

    @Test func httpErrorAndHTMLAreScreened() {
        let r = YahooHistoryCSVDecoder.decode(
            HistoryFixture.body("<html><title>Yahoo - 404</title></html>", status: 404), layout: .table, symbol: "X",
            zone: HistoryFixture.newYork
        )
        #expect(r == .failure(.response(.httpStatus(source: "yahoo-csv", status: 404, excerpt: "Yahoo - 404"))))
        let html = YahooHistoryCSVDecoder.decode(
            HistoryFixture.body("<!doctype html><title>Sorry</title>"), layout: .download, symbol: "X",
            zone: HistoryFixture.newYork)
        guard case .failure(.response(.unexpectedBody(_, 200, .html, "Sorry", _))) = html else {
            Issue.record("expected an HTML error, got \(html)")
            return
        }
    }
}
