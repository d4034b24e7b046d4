import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// The quotes.csv fast path (`YahooCSVLineScanner`, rows kept as their place in the body,
/// `YahooQuoteLineReader` reading values from the bytes, `YahooCSVStockReader` keeping venues and
/// sessions across lines) against the general path and against the reading as it was
/// (`LegacyYahooCSV`), on the lines that make either one hard.
struct YahooCSVLineTests {
    static let bench = "sl1d1t1c1ohgv"
    static let standard = YahooFieldCode.standard

    /// Each body read three ways must give the same rows and stocks, line by line.
    func expectSameReadings(_ body: String, codes: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let r = LegacyYahooCSV.readings(body, codes: codes)
        #expect(r.fast == r.oracle, sourceLocation: sourceLocation)
        #expect(r.general == r.oracle, sourceLocation: sourceLocation)
        #expect(r.streamed == r.oracleStocks, sourceLocation: sourceLocation)
    }

    @Test func regularLinesOfTheBenchmarkShape() {
        expectSameReadings(
            """
            "TSLA",549.68,"1/3/2012","5:34pm",-3.43,553.11,N/A,547.77,45944790
            "AMZN",415,"1/3/2012","8:38pm",+0.65,414.35,416.33,414.6,43313576
            "YHOO",493.63,"1/3/2012","11:11pm",N/A,492.42,494.05,492.94,13799422
            "SAP.DE",163.35,"1/3/2012","6:47pm",+3.2,160.15,164.7,162.44,19466069
            "C6L.SI",423.75,"1/3/2012","11:18pm",-3.94,427.69,424.64,423.43,13507919
            "^GSPC",714.99,"1/3/2012","1:41pm",+3.57,711.42,716.81,N/A,87501592
            "CSCO",N/A,"1/3/2012","8:31am",-0.42,326.8,328.28,324.74,84043980
            "EURUSD=X",1.3021,"N/A","N/A",N/A,1.3,1.31,1.29,0
            "BTC-USD",9000.5,"5/6/2020","4:00pm",+100,8900.5,9100,8800,12345
            "7203.T",6000,"5/7/2020","3:00pm",-20,6020,6050,5990,1000000

            """, codes: Self.bench)
    }

    @Test func hoursAtTheEdgesOfTheTwelveHourClock() {
        expectSameReadings(
            """
            "AAPL",300.1,"5/6/2020","12:00am",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","12:30pm",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","12:05 AM",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","11:59pm",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","09:30:15 PM",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","13:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","0:30am",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","4:00",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","",+1,299.1,301,299,1
            "AAPL",300.1,"3/8/2020","2:30am",+1,299.1,301,299,1
            "AAPL",300.1,"11/1/2020","1:30am",+1,299.1,301,299,1

            """, codes: Self.bench)
        // 12:00am is midnight and 12:30pm half past noon, New York wall clock (EDT).
        let r = LegacyYahooCSV.readings(
            "\"AAPL\",300.1,\"5/6/2020\",\"12:00am\",+1,299.1,301,299,1\n\"AAPL\",300.1,\"5/6/2020\",\"12:30pm\",+1,299.1,301,299,1\n",
            codes: Self.bench)
        #expect(r.fast[0].contains("2020-05-06T04:00:00Z"))
        #expect(r.fast[1].contains("2020-05-06T16:30:00Z"))
    }

    /// A date whose time is missing or unreadable is that day's session with no last trade (a
    /// made-up midnight read "delayed (no trade for 13h)" during the session); the legacy
    /// answer for an unknown ticker (0.00 and nothing else) is no data, not an impossible price;
    /// a negative volume is missing.
    @Test func aDateWithoutATimeAndTheLegacyAnswerForAnUnknownTicker() {
        let body = """
            "AAPL",268.84,"10/29/2025",N/A,-0.17,269.10,271.41,267.11,-5
            "AAPLE",0.00,N/A,N/A,N/A,N/A,N/A,N/A,N/A
            "AAPL",268.84,"10/29/2025","13:05pm",-0.17,269.10,271.41,267.11,100
            "^IRX",0.00,"10/29/2025","4:00pm",N/A,N/A,N/A,N/A,N/A

            """
        expectSameReadings(body, codes: Self.bench)
        let r = LegacyYahooCSV.readings(body, codes: Self.bench)
        for i in [0, 2] {
            #expect(r.fast[i].contains("lastTrade: nil"), "\(r.fast[i])")
            #expect(r.fast[i].contains("gives only the trading day (2025-10-29)"), "\(r.fast[i])")
            // 09:30 to 16:00 New York (EDT) that day.
            #expect(r.fast[i].contains("2025-10-29T13:30:00Z...2025-10-29T20:00:00Z"), "\(r.fast[i])")
        }
        #expect(r.fast[0].contains("volume: nil") && r.fast[2].contains("volume: Optional(100)"), "\(r.fast[0])")
        #expect(r.fast[1].contains("noData"), "\(r.fast[1])")
        // A zero with a date is a price (a yield of 0.00), left to the quote's own checks.
        #expect(!r.fast[3].contains("noData"), "\(r.fast[3])")
    }

    @Test func datesTheParserRefusesOrReadsTheLongWay() {
        expectSameReadings(
            """
            "AAPL",300.1,"2/30/2016","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"13/1/2016","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"11/4/16","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"01/04/2016","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1," 1/4/2016 ","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"2016-01-04","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"N/D","n/a",+1,299.1,301,299,1
            "AAPL",300.1,"1/4/2016","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"1/4/2016","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"1/4/20160","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"12/31/9999","11:59pm",+1,299.1,301,299,1

            """, codes: Self.bench)
    }

    @Test func numbersThatAreNotPlainDecimals() {
        expectSameReadings(
            """
            "AAPL",N/A,"5/6/2020","4:00pm",N/A,N/A,N/A,N/A,N/A
            "AAPL",300.6.3,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL","1,234.50","5/6/2020","4:00pm",-0.71,1235.21,1240,1230,1
            "AAPL",1.5e2,"5/6/2020","4:00pm",+1.53%,148.5,151,148,38.88B
            "AAPL", 17.60 ,"5/6/2020","4:00pm", -0.5 ,18.1,18.2,17.5,522.09M
            "AAPL","17.60","5/6/2020","4:00pm","-0.5","18.1","18.2","17.5","1000"
            "AAPL",-,"5/6/2020","4:00pm",null,none,nan,N/D,
            "AAPL",1234567890123456789.5,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL",0.17687530061750000,"5/6/2020","4:00pm",2987687530061750,0.17687530061750000,1,1,1
            "AAPL",12O.5,"5/6/2020","4:00pm",+0.00,0,0,0,0
            "AAPL",+.5,"5/6/2020","4:00pm",-.5,1.,.,-,+
            "AAPL",-3.43,"5/6/2020","4:00pm",-3.43,-0.00,+0,00012.50,1K

            """, codes: Self.bench)
        let r = LegacyYahooCSV.readings(
            "\"AAPL\",300.6.3,\"5/6/2020\",\"4:00pm\",+1,299.1,301,299,1\n\"MSFT\",N/A,\"5/6/2020\",\"4:00pm\",+1,299.1,301,299,1\n",
            codes: Self.bench)
        #expect(r.fast[0].contains("unreadablePrice"))
        #expect(r.fast[0].contains("300.6.3"))
        #expect(r.fast[1].contains("noData"))
    }

    @Test func quotesSpacesAndTextTheGeneralReaderHandles() {
        expectSameReadings(
            """
            " AAPL ",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            aapl,300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "msft",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AA""PL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL"x,300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            AA"PL,300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020" ,"4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,5/6/2020,4:00pm,+1,299.1,301,299,1
            "AA PL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AA  PL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL\u{1B}[31m",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "ÄPFEL.DE",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1\t
            \t"AAPL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,
            "AAPL",300.1,"5/6/2020","4:00pm",+1,299.1,301,,1

            """, codes: Self.bench)
    }

    @Test func lineEndsBlankLinesAndMarks() {
        let line = "\"AAPL\",300.1,\"5/6/2020\",\"4:00pm\",+1,299.1,301,299,1"
        for body in [
            line, line + "\r\n" + line + "\r\n", line + "\r" + line, "\n\n" + line + "\n\n\n" + line,
            "\u{FEFF}" + line + "\n", line + "\n\r\n" + line, line + "\n" + line + ",",
        ] {
            expectSameReadings(body, codes: Self.bench)
        }
    }

    @Test func fieldsMissingOrExtraAreTheGeneralReadersErrors() {
        let line = "\"AAPL\",300.1,\"5/6/2020\",\"4:00pm\",+1,299.1,301,299,1"
        for body in [
            line + "\n\"MSFT\",1,\"5/6/2020\",\"4:00pm\",+1,2,3,4\n",
            line + "\n\"MSFT\",1,\"5/6/2020\",\"4:00pm\",+1,2,3,4,5,6\n",
            line + "\n\"MSFT\",1,\"5/6/2020\",\"4:00pm\",+1,2,3,4,\"5\n",
            line + "\n\"MSFT\",\"1\n2\",\"5/6/2020\",\"4:00pm\",+1,2,3,4,5\n",
            line + "\n\"MSFT\",1,\"5/6/2020\",\"4:00pm\",+1,2,3,4,\"5,6\"\n",
            "It has come to our attention",
        ] {
            let r = LegacyYahooCSV.readings(body, codes: Self.bench)
            #expect(r.fast == r.oracle)
            #expect(r.general == r.oracle)
            #expect(r.streamed == r.oracleStocks)
        }
    }

    @Test func theStandardCodesWithNamesExchangesAndCurrencies() {
        expectSameReadings(
            """
            "AIR.PA","AIRBUS GROUP","PAR","EUR",55.63,"9/9/2016","5:35pm",-0.34,"-0.61%",55.97,55.97,56.11,55.41,1646398
            "INTC","Intel Corporation","NMS","USD",35.44,"9/9/2016","4:00pm",-0.98,"-2.69%",36.28,36.42,36.59,35.43,29876542
            "VOD.L","VODAFONE GRP.","LSE","GBp",221.15,"9/9/2016","4:35pm",N/A,N/A,221.5,222.5,222.8,220.5,N/A
            "BRK.B","Berkshire ""B""\","NYQ","usd",144.5,"9/9/2016","4:00pm",+0.5,+0.35%,144,144,145,143,1
            "XYZ","Some name","ZZZ","N/A",1,"9/9/2016","4:00pm",N/A,N/A,1,1,1,1,1
            "XYZ.L","N/A","N/A","ZAc",1,"9/9/2016","4:00pm",N/A,N/A,1,N/A,1,1,1
            "^DJI","Dow Jones","DJI","",18085.45,"9/9/2016","4:35pm",-394.46,-2.13%,18479.91,18479.91,18479.91,18083.97,0
            "TSLA","Tesla, Inc.","NMS","USD",194.47,"9/9/2016","4:00pm",N/A,N/A,N/A,199.09,N/A,N/A,3742900

            """, codes: Self.standard)
    }

    /// Lines of one venue naming different currencies, back and forth: the reader keeps one
    /// template per venue and currency, and each line must still get its own currency (or the
    /// venue's, when it names none).
    @Test func currenciesChangingLineByLineOnOneVenue() {
        expectSameReadings(
            """
            "AAPL","NMS","USD",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "AAPL","NMS","GBp",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
            "MSFT","NMS","GBp",180.5,"5/6/2020","4:00pm",+1,179.5,181,179,1
            "MSFT","NMS","N/A",180.5,"5/6/2020","4:00pm",+1,179.5,181,179,1
            "msft","","usd",180.5,"5/6/2020","4:00pm",+1,179.5,181,179,1
            "VOD.L","LSE","GBp",221.15,"5/6/2020","4:35pm",N/A,221.5,222.5,220.5,1
            "VOD.L","LSE","USD",2.75,"5/6/2020","4:35pm",N/A,2.7,2.8,2.6,1
            "VOD.L","LSE","",221.15,"5/6/2020","4:35pm",N/A,221.5,222.5,220.5,1
            "7203","","ZAc",1,"5/6/2020","4:00pm",N/A,1,1,1,1
            "AAPL","NMS","USD",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1

            """, codes: "sxc4l1d1t1c1ohgv")
    }

    @Test func repeatedAndUnreadCodes() {
        expectSameReadings(
            """
            "AAPL",1,2,"5/6/2020",3,"4:00pm","N/A",x,"NMS","AAPL"
            "AAPL",N/A,2,"5/6/2020",3,"4:00pm","N/A",x,"PAR","AAPL"

            """, codes: "sl1l1d1pt1xyxs")
    }

    /// One reader across an answer answers as a fresh reader per line: venues by symbol and by
    /// code, sessions across days, one symbol on several exchanges.
    @Test func oneReaderForAnAnswerReadsAsAFreshReaderPerLine() {
        var body = ""
        let symbols = ["AAPL", "AIR.PA", "7203.T", "0700.HK", "BTC-USD", "EURUSD=X", "^GSPC", "VOD.L", "BRK.B"]
        let codes = ["", "PAR", "NMS", "TYO", "ZZZ", "N/A"]
        var k = 0
        for day in [4, 5, 6, 7, 8, 9, 10, 11] {
            for s in symbols {
                k += 1
                let hour = 1 + k % 12
                let marker = k % 2 == 0 ? "am" : "pm"
                let code = codes[k % codes.count]
                body +=
                    "\"\(s)\",\"\(code)\",\(100 + k).\(k % 100),\"11/\(day)/2020\",\"\(hour):\(k % 60 < 10 ? "0" : "")\(k % 60)\(marker)\",+0.\(k),\(100 + k),\(101 + k),\(99 + k),\(k * 1000)\n"
            }
        }
        expectSameReadings(body, codes: "sxl1d1t1c1ohgv")
    }

    @Test func theScannerAcceptsRegularLinesOnly() {
        func scan(_ line: String, fields: Int = 3) -> (Int, String) {
            let bytes = Array(line.utf8)
            return bytes.withUnsafeBytes { raw in
                var scanner = YahooCSVLineScanner(fieldCount: fields, symbolColumn: 0)
                let next = scanner.scan(raw, from: 0)
                guard next >= 0 else { return (next, "") }
                return (next, String(decoding: raw[scanner.symbolStart..<scanner.symbolEnd], as: UTF8.self))
            }
        }
        #expect(scan("\"AAPL\",1,2\nX").0 == 11)
        #expect(scan("\"AAPL\",1,2\nX").1 == "AAPL")
        #expect(scan("AAPL,1,2\r\nX").0 == 10)
        #expect(scan("AAPL,1,2\rX").0 == 9)
        #expect(scan("AAPL,1,2").0 == 8)
        #expect(scan("AAPL,1,").0 == 7)
        #expect(scan("AAPL,,").0 == 6)
        #expect(scan("\"\",1,2").1 == "")
        #expect(scan("AAPL,1,2,3\n").0 == -1)
        #expect(scan("AAPL,1\n").0 == -1)
        #expect(scan("\"AA\"\"PL\",1,2\n").0 == -1)
        #expect(scan("\"AA,PL\",1,2\n").0 == -1)
        #expect(scan("\"AAPL\"x,1,2\n").0 == -1)
        #expect(scan("AA\"PL,1,2\n").0 == -1)
        #expect(scan("\"AAPL,1,2\n").0 == -1)
        #expect(scan("\"AA\nPL\",1,2\n").0 == -1)
        #expect(scan("\nAAPL,1,2\n").0 == -1)
        #expect(scan("\r\nAAPL,1,2\n").0 == -1)
        // Long fields cross the scanner's 8-byte steps.
        #expect(scan("\"ABCDEFGHIJKLMNOPQRSTUVWXYZ\",12345678901234567,\"abcdefghijklmnopq\"\n").0 == 67)
        #expect(scan("\"ABCDEFGHIJKLMNOPQRSTUVWXYZ\",1234567890\"1234567,2\n").0 == -1)
    }

    @Test func rowsOfTheFastPathAreTheRowsOfTheGeneralPath() throws {
        let body = Array(
            "\"aapl\",300.1,\"5/6/2020\",\"4:00pm\",+1,299.1,301,299,1\n\" MSFT \",N/A,\"N/A\",\"N/A\",N/A,1,2,3,4\n"
                .utf8)
        let codes = YahooFieldCode.split(Self.bench) ?? []
        let fast = try YahooCSVDecoder.rows(HTTPResponse(status: 200, body: body), codes: codes).get()
        let general = try YahooCSVDecoder.rows(HTTPResponse(status: 200, body: body), codes: codes, lineScanner: false)
            .get()
        #expect(fast == general)
        #expect(fast.map(\.symbol) == ["AAPL", "MSFT"])
        #expect(fast[0].text("d1") == "5/6/2020")
        #expect(fast[0].number("c1")?.description == "1")
        #expect(fast[1].text("d1") == nil)
        #expect(fast[1].number("l1") == nil)
        #expect(fast[0].fields == ["aapl", "300.1", "5/6/2020", "4:00pm", "+1", "299.1", "301", "299", "1"])
    }
}
