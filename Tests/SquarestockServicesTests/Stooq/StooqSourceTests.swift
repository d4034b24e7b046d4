import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Stooq through a protocol-level fake: decoding, composition, time zones and every error body.
struct StooqSourceTests {
    static let now = Instant(secondsSinceEpoch: 1_588_881_600)  // 2020-05-07T20:00:00Z, a Thursday

    func context() -> SourceContext { SourceContext(now: Self.now) }

    /// The recorded answers; `row`, a quote line of one's own under Stooq's header, and
    /// `intraday` or `daily`, a body of one's own, in their place.
    func transport(
        quote: String = "stooq/quote_aapl.us_2020-05-06.csv", row: String? = nil, intraday: String? = nil,
        daily: String? = nil
    ) -> ScriptedTransport {
        let t = ScriptedTransport()
        if let row {
            t.on("/q/l/", text: "Symbol,Date,Time,Open,High,Low,Close,Volume\r\n" + row + "\r\n")
        } else {
            t.on("/q/l/", body: Fixture.bytes(quote))
        }
        if let intraday {
            t.on("i=5", text: intraday)
        } else {
            t.on("i=5", body: Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv"))
        }
        if let daily {
            t.on("i=d", text: daily)
        } else {
            t.on("i=d", body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv"))
        }
        return t
    }

    @Test func realQuoteWithHistoryBuildsAFullStock() throws {
        let t = transport()
        let r = StooqSource().quotes(for: ["AAPL"], context: context(), transport: t)
        let s = try #require(r.first?.stock)
        #expect(s.price.last?.description == "300.63")
        #expect(s.price.open?.description == "300.46")
        #expect(s.price.high?.description == "303.24")
        #expect(s.price.low?.description == "298.87")
        #expect(s.price.volume?.description == "35583438")
        #expect(s.price.previousClose?.description == "297.56")  // the bar before the trade's own day
        #expect(s.price.change?.description == "3.07")
        #expect(s.price.changePercent?.description == "1.0317")
        // 22:00:01 Warsaw (CEST) is 16:00:01 in New York (EDT).
        #expect(s.price.lastTrade?.iso8601UTC == "2020-05-06T20:00:01Z")
        #expect(s.timeZone?.iso8601(at: s.price.lastTrade!) == "2020-05-06T16:00:01-04:00")
        // Only the trade day's bars, converted from Warsaw time, in order.
        #expect(
            s.intraday.map(\.time.iso8601UTC) == [
                "2020-05-06T13:35:00Z", "2020-05-06T13:40:00Z", "2020-05-06T13:45:00Z",
                "2020-05-06T14:00:00Z", "2020-05-06T16:00:00Z", "2020-05-06T18:00:00Z", "2020-05-06T20:00:00Z",
            ])
        #expect(
            s.session.map { $0.lowerBound.iso8601UTC + " " + $0.upperBound.iso8601UTC }
                == "2020-05-06T13:30:00Z 2020-05-06T20:00:00Z")
        #expect(s.source == "stooq")
        #expect(s.company.name == nil)  // no Name column in this recording
    }

    /// A row whose time is `N/D` is dated by its own date: a made-up midnight in Warsaw was the
    /// evening before in New York, which took the bar before the day before as previous close.
    @Test func aQuoteWithoutItsTimeKeepsItsTradingDay() throws {
        let t = transport(row: "AAPL.US,2020-05-06,N/D,300.46,303.24,298.87,300.63,35583438")
        let s = try #require(StooqSource().quotes(for: ["AAPL"], context: context(), transport: t).first?.stock)
        #expect(s.price.lastTrade == nil)
        #expect(s.price.previousClose?.description == "297.56")
        #expect(s.price.change?.description == "3.07")
        #expect(s.intraday.count == 7)
        #expect(s.intraday.first?.time.iso8601UTC == "2020-05-06T13:35:00Z")
        #expect(
            s.session.map { $0.lowerBound.iso8601UTC + " " + $0.upperBound.iso8601UTC }
                == "2020-05-06T13:30:00Z 2020-05-06T20:00:00Z")
        #expect(s.notes.contains(.remark("Stooq gives only the trading day (2020-05-06) for this quote, not the time")))
    }

    @Test func requestsFollowTheRealServiceShape() {
        let t = ScriptedTransport()
        t.on(
            "/q/l/",
            text: "Symbol,Date,Time,Open,High,Low,Close,Volume\r\n"
                + "AAPL.US,2020-05-06,22:00:01,300.46,303.24,298.87,300.63,35583438\r\n"
                + "BRK-B.US,2020-05-06,22:00:01,183.2,184.0,182.1,183.5,5000000\r\n"
                + "7203.JP,2020-05-07,08:00:00,6400,6450,6380,6420,9000000\r\n")
        t.on("i=5", body: Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv"))
        t.on("i=d", body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv"))
        var ctx = context()
        ctx.settings[StooqService.apiKey] = "k3y"
        _ = StooqSource().quotes(for: ["AAPL", "BRK.B", "7203.T"], context: ctx, transport: t)
        let urls = t.requested.map(\.url)
        #expect(urls[0] == "https://stooq.com/q/l/?s=aapl.us+brk-b.us+7203.jp&f=sd2t2ohlcvn&h&e=csv&apikey=k3y")
        #expect(urls.contains("https://stooq.com/q/d/l/?s=aapl.us&i=5&apikey=k3y"))
        #expect(urls.contains("https://stooq.com/q/d/l/?s=7203.jp&i=d&d1=20200416&d2=20200508&apikey=k3y"))
        #expect(urls.count == 1 + 3 * 2)
    }

    @Test func batchesHoldAtMostTenSymbols() {
        let t = transport()
        let symbols = (0..<23).map { "S\($0)" }
        _ = StooqSource().quotes(for: symbols, context: context(), transport: t)
        let quoteURLs = t.requested.map(\.url).filter { $0.contains("/q/l/") }
        #expect(quoteURLs.count == 3)
        #expect(quoteURLs.map { $0.split(separator: "+").count } == [10, 10, 3])
    }

    @Test func dstMismatchWeekConvertsThroughWarsaw() throws {
        let t = transport(quote: "stooq/SYNTHETIC_quote_aapl.us_2020-03-23_dst-mismatch.csv")
        let s = try #require(StooqSource().quotes(for: ["AAPL"], context: context(), transport: t).first?.stock)
        // 17:49:23 Warsaw (CET, +1) on 2020-03-23 is 12:49:23 in New York (EDT, -4).
        #expect(s.price.lastTrade?.iso8601UTC == "2020-03-23T16:49:23Z")
        #expect(s.timeZone?.iso8601(at: s.price.lastTrade!) == "2020-03-23T12:49:23-04:00")
        #expect(s.company.name == "APPLE")
    }

    @Test func oneUnknownSymbolAmongGoodOnes() {
        let t = transport(quote: "stooq/SYNTHETIC_quote_batch_aapl_xxxx_msft.csv")
        let r = StooqSource().quotes(for: ["AAPL", "XXXX", "MSFT"], context: context(), transport: t)
        #expect(r.map(\.symbol) == ["AAPL", "XXXX", "MSFT"])
        #expect(r[0].stock?.price.last?.description == "300.63")
        #expect(r[1].error == .noData(source: "stooq"))
        #expect(r[2].stock?.price.last?.description == "182.54")
        #expect(r[2].stock?.company.name == "MICROSOFT")
        // The quote batch first; then history only of the two it priced, none of XXXX's.
        let urls = t.requested.map(\.url)
        #expect(urls.count == 1 + 2 * 2)
        #expect(urls.first?.contains("/q/l/") == true)
        #expect(!urls.contains { $0.contains("/q/d/l/?s=xxxx.us") })
    }

    @Test func realNDRowIsNoData() {
        let t = transport(quote: "stooq/quote_unknown-symbol_ND.csv")
        let r = StooqSource().quotes(for: ["APPL"], context: context(), transport: t)
        #expect(r[0].error == .noData(source: "stooq"))
        #expect(r[0].error?.message(symbol: "APPL").contains("its answer holds no data for it") == true)
    }

    /// A filled line whose Close alone is `N/D` (FORMATS: it occurs) is a known symbol with no
    /// last price, not one to check the spelling of; the history's `No data` after a quote is
    /// no intraday bars, not an unknown symbol.
    @Test func aCloseOfNDAloneAndNoIntradayDataSayWhatTheyAre() throws {
        let t = transport(row: "AAPL.US,2020-05-06,22:00:01,300.46,303.24,298.87,N/D,35583438")
        let r = StooqSource().quotes(for: ["AAPL"], context: context(), transport: t)
        #expect(r[0].error == .unreadablePrice(source: "stooq", text: "N/D"))
        #expect(r[0].error?.isUnknownSymbol == false)
        let bars = transport(intraday: "No data")
        let s = try #require(StooqSource().quotes(for: ["AAPL"], context: context(), transport: bars).first?.stock)
        #expect(s.intradayUnavailable == "Stooq sent no intraday bars for this symbol")
    }

    /// A currency pair is shown to the digits Stooq sent (1.0533, not the usual 2); a stock
    /// keeps the usual rule.
    @Test func aCurrencyPairKeepsTheDigitsSent() throws {
        let t = transport(
            row: "EURUSD,2020-05-06,22:00:01,1.0801,1.083,1.079,1.05,0", intraday: "No data", daily: "No data")
        let pair = try #require(StooqSource().quotes(for: ["EURUSD=X"], context: context(), transport: t).first?.stock)
        #expect(pair.priceDecimals == 4)
        let stock = try #require(
            StooqSource().quotes(for: ["AAPL"], context: context(), transport: transport()).first?.stock)
        #expect(stock.priceDecimals == nil)
    }

    @Test func symbolLeftOutOfTheAnswer() {
        let t = transport()
        let r = StooqSource().quotes(for: ["AAPL", "MSFT"], context: context(), transport: t)
        #expect(r[0].stock != nil)
        #expect(r[1].error == .missingFromResponse(source: "stooq"))
        #expect(!t.requested.contains { $0.url.contains("/q/d/l/?s=msft.us") })
    }

    static let errorBodies: [(name: String, status: Int, body: [UInt8], check: @Sendable (QuoteError) -> Bool)] = [
        (
            "HTML challenge with 200", 200, Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html"),
            { e in
                guard case .unexpectedBody(_, 200, .html, let excerpt, let hint) = e else { return false }
                return excerpt == "Checking your browser - stooq" && hint?.contains("STOOQ_API_KEY") == true
            }
        ),
        (
            "JSON error with 200", 200, Fixture.bytes("errors/json_error_message_200.json"),
            { e in
                guard case .unexpectedBody(_, 200, .json, let excerpt, _) = e else { return false }
                return excerpt.hasPrefix("Invalid API call.")
            }
        ),
        (
            "empty body", 200, [],
            { e in
                if case .unexpectedBody(_, 200, .empty, _, _) = e { return true }
                return false
            }
        ),
        (
            "daily hits limit", 200, Fixture.bytes("errors/stooq_daily_hits_limit.txt"),
            { e in
                if case .rateLimited(source: "stooq", _, _) = e { return true }
                return false
            }
        ),
        (
            "HTTP 503", 503, Array("Service Unavailable".utf8),
            { e in
                if case .httpStatus(_, 503, "Service Unavailable") = e { return true }
                return false
            }
        ),
        (
            "truncated body", 200,
            Array("Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPL.US,2020-05-06,22:00:01,300.46".utf8),
            { e in
                if case .truncated(source: "stooq", let detail) = e { return detail.contains("line 2 has 4 of 9") }
                return false
            }
        ),
        (
            "plain text", 200, Array("Service temporarily closed for maintenance".utf8),
            { e in
                if case .unexpectedBody(_, 200, .text, "Service temporarily closed for maintenance", _) = e {
                    return true
                }
                return false
            }
        ),
    ]

    @Test(arguments: errorBodies)
    func errorBodiesBecomeClearErrors(
        _ c: (name: String, status: Int, body: [UInt8], check: @Sendable (QuoteError) -> Bool)
    ) throws {
        let t = ScriptedTransport()
        t.on("/q/l/", status: c.status, body: c.body)
        let r = StooqSource().quotes(for: ["AAPL", "MSFT"], context: context(), transport: t)
        for result in r {
            let e = try #require(result.error, "\(c.name)")
            #expect(c.check(e), "\(c.name): \(e)")
        }
    }

    @Test func historyFailureKeepsTheQuote() throws {
        let t = ScriptedTransport()
        t.on("/q/l/", body: Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv"))
        t.on("i=5", body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html"))
        t.on("i=d", body: Fixture.bytes("errors/stooq_no_data.txt"))
        let s = try #require(StooqSource().quotes(for: ["AAPL"], context: context(), transport: t).first?.stock)
        #expect(s.price.last?.description == "300.63")
        #expect(s.price.previousClose == nil)
        #expect(s.price.change == nil)
        #expect(s.intraday.isEmpty)
        #expect(s.intradayUnavailable?.contains("HTML page") == true)
    }

    @Test func polishHeaderDailyHistoryIsReadByPosition() throws {
        let bars = try StooqHistoryDecoder.decode(
            HTTPResponse(status: 200, body: Fixture.bytes("stooq/daily_aapl.us_polish-header_head.csv")),
            symbol: "AAPL", zone: ExchangeTimeZone(identifier: "America/New_York"), interval: .daily
        ).get().bars
        #expect(bars.count == 29)
        #expect(bars[0].session == CivilDate(year: 1984, month: 9, day: 7))
        #expect(bars[0].close?.description == "0.100763")
        #expect(bars[0].volume?.description == "97676041.83885")
    }

    @Test func indexRowsWithoutVolumeField() throws {
        let body = Array(
            "Date,Open,High,Low,Close,Volume\n1789-05-01,0.51,0.51,0.51,0.51\n1950-01-03,16.66,16.66,16.66,16.66,1260000\n"
                .utf8)
        let bars = try StooqHistoryDecoder.decode(
            HTTPResponse(status: 200, body: body), symbol: "^SPX",
            zone: ExchangeTimeZone(identifier: "America/New_York"), interval: .daily
        ).get().bars
        #expect(bars.map(\.volume) == [nil, ExactDecimal("1260000")])
    }
}

struct StooqSymbolTests {
    static let cases: [(String, String)] = [
        ("AAPL", "aapl.us"), ("BRK.B", "brk-b.us"), ("7203.T", "7203.jp"), ("0700.HK", "700.hk"), ("VOD.L", "vod.uk"),
        ("SAP.DE", "sap.de"), ("^GSPC", "^spx"), ("^DJI", "^dji"), ("EURUSD=X", "eurusd"),
        ("ACHR.WS", "achr-ws.us"), ("XYZ.WI", "xyz-wi.us"),
    ]

    @Test(arguments: cases)
    func mapsToStooqSpelling(_ c: (String, String)) throws {
        #expect(try StooqSymbol.ticker(for: c.0, registry: .standard).get() == c.1)
    }

    @Test func venuesStooqDoesNotListAreRefusedWithAHint() {
        guard case .failure(.unsupportedSymbol(_, let reason)) = StooqSymbol.ticker(for: "AIR.PA", registry: .standard)
        else {
            Issue.record("AIR.PA should be unsupported")
            return
        }
        #expect(reason.contains("Euronext Paris"))
    }
}
