import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// A last price that is there but cannot be held exactly (not a number, or more digits than
/// `ExactDecimal` keeps) used to come out as "unknown symbol" / "N/D", which sends the user
/// looking for a typo. Every source now says what it received, per symbol.
struct UnreadablePriceTests {
    static let now = Instant(secondsSinceEpoch: 1_588_881_600)  // 2020-05-07T20:00:00Z

    @Test func stooqBatchKeepsTheOtherSymbols() throws {
        let body = """
            Symbol,Date,Time,Open,High,Low,Close,Volume,Name
            AAPL.US,2020-05-06,22:00:01,300.46,303.24,298.87,300.63,35583438,APPLE
            MSFT.US,2020-05-06,22:00:02,182.08,184.2,181.63,1234567890123456789.5,32139299,MICROSOFT
            XXXX.US,N/D,N/D,N/D,N/D,N/D,N/D,N/D,XXXX.US

            """
        let t = ScriptedTransport()
        t.on("/q/l/", text: body)
        t.on("i=5", text: "Date,Time,Open,High,Low,Close,Volume\n")
        t.on("i=d", text: "Date,Open,High,Low,Close,Volume\n")
        let r = StooqSource().quotes(
            for: ["AAPL", "MSFT", "XXXX"], context: SourceContext(now: Self.now), transport: t)
        #expect(r[0].stock?.price.last?.description == "300.63")
        #expect(r[1].error == .unreadablePrice(source: "stooq", text: "1234567890123456789.5"))
        #expect(r[2].error == .noData(source: "stooq"))
    }

    @Test func stooqCloseThatIsNotANumber() throws {
        let body = "Symbol,Date,Time,Open,High,Low,Close,Volume\nAAPL.US,2020-05-06,22:00:01,1,2,3,12O.5,100\n"
        let rows = try StooqDecoder.quotes(HTTPResponse(status: 200, body: Array(body.utf8))).get()
        #expect(rows[0].close == nil)
        #expect(rows[0].unreadableClose == "12O.5")
        // A missing marker is not unreadable: N/D stays "no data".
        let nd = try StooqDecoder.quotes(
            HTTPResponse(
                status: 200,
                body: Array("Symbol,Date,Time,Open,High,Low,Close,Volume\nX.US,N/D,N/D,N/D,N/D,N/D,N/D,N/D\n".utf8))
        ).get()
        #expect(nd[0].unreadableClose == nil)
    }

    @Test func quotedTextIsInertAndShort() {
        let hostile = "\u{1B}]52;c;ZXZpbA==\u{07}9\u{202E}" + String(repeating: "9", count: 200)
        let e = QuoteError.priceNotReadable(source: "stooq", sent: hostile)
        guard case .unreadablePrice(_, let text) = e else {
            Issue.record("expected unreadablePrice, got \(e)")
            return
        }
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.count <= 40)
        #expect(text.hasSuffix("…"))
    }

    @Test func messageSaysWhatArrivedAndIsNotAnUnknownSymbol() {
        let e = QuoteError.unreadablePrice(source: "yahoo", text: "1e999")
        #expect(
            e.message(symbol: "AAPL")
                == "AAPL: yahoo sent a last price squarestock cannot read exactly (\"1e999\": not a number, or more than 18 significant digits); try again, or use another --source"
        )
        #expect(!e.meansUnknownSymbol)  // no "did you mean"
        #expect(!e.isServiceLevel)  // belongs to this symbol only
    }

    @Test func yahooCSV() {
        let context = SourceContext(now: Self.now)
        let bad = YahooCSVRow(symbol: "AAPL", values: ["s": "AAPL", "l1": "300.6.3"])
        #expect(
            YahooCSVSource.stock(symbol: "AAPL", row: bad, context: context, sourceName: "yahoo-csv").error
                == .unreadablePrice(source: "yahoo-csv", text: "300.6.3"))
        let missing = YahooCSVRow(symbol: "AAPL", values: ["s": "AAPL", "l1": "N/A"])
        #expect(
            YahooCSVSource.stock(symbol: "AAPL", row: missing, context: context, sourceName: "yahoo-csv").error
                == .noData(source: "yahoo-csv"))
    }

    @Test func yahooQuoteJSON() {
        let context = SourceContext(now: Self.now)
        var tooPrecise = YahooQuoteRow()
        tooPrecise.unreadablePrice = "1.2345678901234567e-30"
        #expect(
            YahooQuoteDecoder.stock(
                symbol: "SHIB-USD", row: tooPrecise, chart: nil, context: context, sourceName: "yahoo"
            ).error
                == .unreadablePrice(source: "yahoo", text: "1.2345678901234567e-30"))
        let absent = YahooQuoteRow()
        #expect(
            YahooQuoteDecoder.stock(symbol: "SHIB-USD", row: absent, chart: nil, context: context, sourceName: "yahoo")
                .error
                == .noData(source: "yahoo"))
    }

    @Test func yahooChart() throws {
        let recorded = String(decoding: Fixture.bytes("yahoo-json/chart_AAPL_no-data.json"), as: UTF8.self)
        #expect(recorded.contains("\"regularMarketPrice\":244.87"))
        let body = recorded.replacingOccurrences(
            of: "\"regularMarketPrice\":244.87", with: "\"regularMarketPrice\":99999999999999999999")
        let r = YahooChartQuote.stock(
            symbol: "AAPL", response: HTTPResponse(status: 200, body: Array(body.utf8)),
            context: SourceContext(now: Self.now), sourceName: "yahoo-chart")
        #expect(r.error == .unreadablePrice(source: "yahoo", text: "99999999999999999999"))
    }

    @Test func alphaVantageOverHTTP() throws {
        let quote =
            "symbol,open,high,low,price,volume,latestDay,previousClose,change,changePercent\r\nAAPL,277.0,279.0,275.0,2.76.855,32503750,2020-04-20,282.8,-5.945,-2.1022%\r\n"
        let routes = RouteTable()
        routes.add(path: "/query", queryContains: ["function=GLOBAL_QUOTE", "symbol=AAPL"], response: .text(quote))
        routes.add(
            path: "/query", queryContains: ["function=GLOBAL_QUOTE", "symbol=MSFT"],
            response: .text(
                quote.replacingOccurrences(of: "AAPL", with: "MSFT").replacingOccurrences(
                    of: "2.76.855", with: "276.855")))
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_INTRADAY"],
            response: .text("timestamp,open,high,low,close,volume\r\n"))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(
            now: Self.now, endpoint: server.baseURL, settings: [AlphaVantageService.apiKey: "SECRETKEY123"])
        let r = StockManager(source: AlphaVantageSource(), transport: CurlTransport(), context: ctx).quotes(for: [
            "AAPL", "MSFT",
        ])
        #expect(r[0].error == .unreadablePrice(source: "alphavantage", text: "2.76.855"))
        #expect(r[1].stock?.price.last?.description == "276.855")
    }
}
