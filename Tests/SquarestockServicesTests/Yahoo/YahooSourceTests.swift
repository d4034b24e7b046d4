import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockSearch
@testable import SquarestockServices

/// The Yahoo JSON source: decoding the recorded quote states, and the whole session flow
/// (cookie, consent, crumb, cache, one renewal) through libcurl against a loopback server.
struct YahooSourceTests {
    static func quoteRows(_ fixture: String) -> [String: YahooQuoteRow] {
        if case .rows(let rows) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: Fixture.bytes(fixture))) {
            return rows
        }
        return [:]
    }

    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_759_325_000))

    @Test func preMarketPriceIsShownLabelledAndExact() throws {
        let row = try #require(Self.quoteRows("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_PRE_2025-10-01.json")["AAPL"])
        let s = try YahooQuoteDecoder.stock(
            symbol: "AAPL", row: row, chart: nil, context: Self.context, sourceName: "yahoo"
        ).get()
        #expect(s.reportedStatus == .pre)
        let e = try #require(s.extendedHours)
        #expect(e.session == .pre)
        #expect(e.price.description == "255.1")
        #expect(e.change?.description == "0.47")  // 255.1 - 254.63, exactly; Yahoo sent 0.47000122
        #expect(e.time?.iso8601UTC == "2025-10-01T13:16:23Z")
        #expect(s.price.last?.description == "254.63")
        #expect(s.company.exchange?.id == "XNAS")
        #expect(s.timeZone?.identifier == "America/New_York")
    }

    @Test func postMarketAndClosedStates() throws {
        let post = try #require(
            Self.quoteRows("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_POST_2025-10-15.json")["MSFT"])
        let s = try YahooQuoteDecoder.stock(
            symbol: "MSFT", row: post, chart: nil, context: Self.context, sourceName: "yahoo"
        ).get()
        #expect(s.reportedStatus == .post)
        #expect(s.extendedHours?.price.description == "512.84")
        #expect(s.extendedHours?.change?.description == "-0.59")
        #expect(s.price.change?.description == "-0.14")  // 513.43 - 513.57
        let closed = try #require(
            Self.quoteRows("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_CLOSED_2025-10-11.json")["AAPL"])
        let c = try YahooQuoteDecoder.stock(
            symbol: "AAPL", row: closed, chart: nil, context: Self.context, sourceName: "yahoo"
        ).get()
        #expect(c.reportedStatus == .closed)
        #expect(c.extendedHours == nil)  // post-market fields linger on a closed day but are not shown
    }

    @Test func penceAreNormalisedToPounds() throws {
        let t = ScriptedTransport()
        let row = try #require(
            Self.quoteRows("yahoo-json/quote/yahoo-finance2__v7_OCDO.L_GBp_2025-02-17.body.json")["OCDO.L"])
        let s = Currency.normalizedToMajorUnit(
            try YahooQuoteDecoder.stock(
                symbol: "OCDO.L", row: row, chart: nil, context: Self.context, sourceName: "yahoo"
            ).get())
        _ = t
        #expect(s.currency?.code == "GBP")
        #expect(s.price.last?.description == "3.088")
        // Shown as the pence were (2 decimals), the point moved: 3.0880, not a rounded 3.09.
        #expect(s.priceDecimals == 4)
        #expect(s.notes.contains { $0.text.contains("GBp (pence) to GBP") })
        #expect(s.company.exchange?.id == "XLON")
    }

    /// A row whose symbol holds a control or invisible character names no symbol asked for: it
    /// is refused, not cleaned (`FLT<ESC>[0m` at 1.0 priced FLT at -99.6 %); `\/` is no reason.
    @Test func aRowWhoseSymbolWouldNeedCleaningNamesNoSymbol() throws {
        let body =
            #"{"quoteResponse":{"result":["#
            + #"{"symbol":"FLT\u001b[0m","regularMarketPrice":1.0},"#
            + #"{"symbol":"AA\u200bPL","regularMarketPrice":2.0},"#
            + "{\"symbol\":\"MS\u{1B}FT\",\"regularMarketPrice\":3.0},"
            + #"{"symbol":"BTC\/USD","regularMarketPrice":4.0},"#
            + #"{"symbol":"IBM","regularMarketPrice":5.0}],"error":null}}"#
        guard case .rows(let rows) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: Array(body.utf8))) else {
            Issue.record("no rows")
            return
        }
        #expect(Set(rows.keys.filter { !$0.isEmpty }) == ["BTC/USD", "IBM"], "\(rows.keys.sorted())")
    }

    @Test func cryptoIsOpenAroundTheClock() throws {
        let row = try #require(
            Self.quoteRows("yahoo-json/quote/yahoo-finance2__v7_BTC-USD_CRYPTOCURRENCY_2025-02-17.body.json")["BTC-USD"]
        )
        let s = try YahooQuoteDecoder.stock(
            symbol: "BTC-USD", row: row, chart: nil, context: Self.context, sourceName: "yahoo"
        ).get()
        #expect(s.company.exchange?.id == "CRYPTO")
        let sunday = Instant(secondsSinceEpoch: (s.price.lastTrade?.secondsSinceEpoch ?? 0) + 60)
        #expect(QuoteFacts(stock: s, now: sunday).status.status == .open)
    }

    /// Yahoo's `REGULAR` against the calendar: with a fresh trade it stands (the source knows
    /// the session), but on a holiday with no trade since the day before it does not (Yahoo
    /// answers `REGULAR` through Thanksgiving with Wednesday's last trade; it said "open").
    @Test func aReportedOpenWithOldTradesOnAHolidayIsTheHoliday() throws {
        let row = try #require(
            Self.quoteRows("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json")["AAPL"])
        let s = try YahooQuoteDecoder.stock(
            symbol: "AAPL", row: row, chart: nil, context: Self.context, sourceName: "yahoo"
        ).get()
        #expect(s.reportedStatus == .open)
        let traded = try #require(s.price.lastTrade)
        #expect(QuoteFacts(stock: s, now: traded.adding(seconds: 60)).status.status == .open)
        // Thanksgiving 2025, 11:00 in New York.
        let thanksgiving = QuoteFacts(stock: s, now: Instant(secondsSinceEpoch: 1_764_259_200))
        #expect(thanksgiving.status.status == .closed)
        #expect(thanksgiving.status.reason?.contains("Thanksgiving") == true, "\(thanksgiving.status)")
        // The calendar's after-hours and pre-market stand too against a lingering REGULAR with an
        // old trade (it read "open (as reported by yahoo)" after an early close).
        #expect(QuoteFacts(stock: s, now: Instant(secondsSinceEpoch: 1_761_687_000)).status.status == .post)
        #expect(QuoteFacts(stock: s, now: Instant(secondsSinceEpoch: 1_761_732_000)).status.status == .pre)
    }

    // MARK: the session flow over HTTP

    final class YahooServer: @unchecked Sendable {
        let routes = RouteTable()
        let server: LoopbackHTTPServer

        init(
            quote: [LoopbackResponse] = [
                LoopbackResponse(
                    body: Fixture.bytes("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json"))
            ],
            fcSetsCookie: Bool = true, crumb: LoopbackResponse = .text("haT3oykhHqZ"), port: Int? = nil
        ) throws {
            YahooSessionRoutes.add(to: routes, setsCookie: fcSetsCookie, crumb: crumb)
            routes.add(path: "/v7/finance/quote", responses: quote)
            // Yahoo leaves a symbol it does not know (NOPE) out of a spark answer.
            routes.add(
                path: "/v7/finance/spark",
                response: LoopbackResponse(body: Fixture.bytes("yahoo-json/spark_AAPL_mid-session.json")))
            // A given port stands for "the same origin again": a cached session is only reused there.
            if let port {
                server = try LoopbackHTTPServer(port: port, routes: routes)
            } else {
                server = try LoopbackHTTPServer(routes: routes)
            }
        }

        func paths() -> [String] { server.requests.map(\.path) }
    }

    static func tempCache() -> String {
        let dir = TemporaryPath.make("yahoo")
        return dir
    }

    func run(_ server: YahooServer, _ symbols: [String], cache: String?) -> [StockResult] {
        let ctx = SourceContext(
            now: Instant(secondsSinceEpoch: 1_761_680_000), endpoint: server.server.baseURL, cacheDirectory: cache)
        return StockManager(source: YahooSource(), transport: CurlTransport(), context: ctx).quotes(for: symbols)
    }

    @Test func cookieThenCrumbThenQuoteAndChart() throws {
        let y = try YahooServer()
        let cache = Self.tempCache()
        let r = run(y, ["AAPL", "NOPE"], cache: cache)
        let aapl = try #require(r[0].stock)
        #expect(aapl.source == "yahoo")
        #expect(aapl.price.last != nil)
        #expect(aapl.intraday.count == 39)  // from the spark request
        #expect(r[1].error == .unknownSymbol(source: "yahoo"))
        // Cookie, crumb, then one quote batch and one spark batch for both symbols.
        #expect(y.paths().count == 4 && y.paths().prefix(2) == ["/", "/v1/test/getcrumb"])
        #expect(Set(y.paths().dropFirst(2)) == ["/v7/finance/quote", "/v7/finance/spark"])
        let spark = try #require(y.server.requests.first { $0.path == "/v7/finance/spark" })
        #expect(spark.queryItem("symbols") == "AAPL,NOPE")
        #expect(spark.queryItem("range") == "1d" && spark.queryItem("interval") == "5m")
        #expect(spark.header("User-Agent")?.hasPrefix("Mozilla/5.0") == true)
        let quoteRequest = try #require(y.server.requests.first { $0.path == "/v7/finance/quote" })
        #expect(quoteRequest.queryItem("crumb") == "haT3oykhHqZ")
        #expect(quoteRequest.queryItem("symbols") == "AAPL,NOPE")
        #expect(quoteRequest.header("Cookie")?.hasPrefix("A3=d=AQABBF08R2g") == true)
        #expect(quoteRequest.header("User-Agent")?.hasPrefix("Mozilla/5.0") == true)
        #expect(Array(y.paths().prefix(2)) == ["/", "/v1/test/getcrumb"])
        // The session is cached, owner-only.
        var st = stat()
        #expect(stat(cache + "/yahoo-session.json", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        // A second run against the same origin reuses it: no cookie or crumb requests.
        y.server.stop()
        let y2 = try YahooServer(port: y.server.port)
        _ = run(y2, ["AAPL"], cache: cache)
        #expect(!y2.paths().contains("/v1/test/getcrumb"))
        #expect(y2.server.requests.first { $0.path == "/v7/finance/quote" }?.queryItem("crumb") == "haT3oykhHqZ")
    }

    /// A US share class is typed with a dot (`BRK.B`, as `search` shows it) and Yahoo spells it
    /// with a hyphen: it is asked as `BRK-B` and its row and chart found under that, shown under
    /// the symbol asked. Every share class read as unknown. A venue's suffix keeps its dot.
    @Test func aShareClassIsAskedAsYahooSpellsIt() throws {
        func renamed(_ fixture: String) -> [UInt8] {
            Array(
                String(decoding: Fixture.bytes(fixture), as: UTF8.self).replacingOccurrences(
                    of: #""symbol":"AAPL""#, with: #""symbol":"BRK-B""#
                ).utf8)
        }
        let y = try YahooServer(quote: [
            LoopbackResponse(body: renamed("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json"))
        ])
        // Asked as Yahoo spells it, or the recorded AAPL answer is served.
        y.routes.add(
            path: "/v7/finance/spark", queryContains: ["symbols=BRK-B,VOD.L"],
            response: LoopbackResponse(body: renamed("yahoo-json/spark_AAPL_mid-session.json")))
        let r = run(y, ["BRK.B", "VOD.L"], cache: Self.tempCache())
        let brk = try #require(r[0].stock, "\(String(describing: r[0].error))")
        #expect(brk.company.symbol == "BRK.B" && brk.price.last != nil && brk.intraday.count == 39)
        #expect(r[1].error == .unknownSymbol(source: "yahoo"))
        let quote = try #require(y.server.requests.first { $0.path == "/v7/finance/quote" })
        #expect(quote.queryItem("symbols") == "BRK-B,VOD.L")
        let spark = try #require(y.server.requests.first { $0.path == "/v7/finance/spark" })
        #expect(spark.queryItem("symbols") == "BRK-B,VOD.L")
        let registry = Self.context.registry
        #expect(YahooTicker.wire("BF.B", registry: registry) == "BF-B")
        for kept in ["VOD.L", "7203.T", "ABR-PD", "AAPL", "AAM.WS", "^GSPC", "X.1", ".B", "A.B.C"] {
            #expect(YahooTicker.wire(kept, registry: registry) == kept, "\(kept)")
        }
        #expect(
            YahooSource().historyRequest("BRK.B", range: .year1, context: Self.context).url.contains("/chart/BRK-B?"))
    }

    /// MSFT's quote answered and the spark answer (AAPL's alone) left it out: its missing day is
    /// said as that, not as "yahoo does not know this symbol" under a good quote.
    @Test func aQuoteTheSparkLeftOutSaysSoNotUnknown() throws {
        let y = try YahooServer()
        let r = run(y, ["AAPL", "MSFT"], cache: Self.tempCache())
        let msft = try #require(r[1].stock)
        #expect(msft.price.last != nil && msft.intraday.isEmpty)
        #expect(msft.intradayUnavailable == "Yahoo's spark answer has no points for it")
    }

    /// Issue 22: a session is a credential of the origin that issued it. One made at server A
    /// must never reach server B, even though both stand for Yahoo through `--endpoint`.
    @Test func sessionFromOneOriginIsNeverSentToAnother() throws {
        let cache = Self.tempCache()
        let a = try YahooServer()
        #expect(run(a, ["AAPL"], cache: cache)[0].stock != nil)
        let b = try YahooServer(crumb: .text("bbbCrumb42"))
        #expect(run(b, ["AAPL"], cache: cache)[0].stock != nil)
        // B made its own session: its first request carried no cookie at all (A's would have
        // been sent with a quote request straight away), and the crumb B saw is B's.
        #expect(b.paths().first == "/")
        #expect(b.server.requests.first?.header("Cookie") == nil)
        #expect(b.paths().contains("/v1/test/getcrumb"))
        #expect(b.server.requests.allSatisfy { $0.queryItem("crumb") != "haT3oykhHqZ" })
        #expect(b.server.requests.first { $0.path == "/v7/finance/quote" }?.queryItem("crumb") == "bbbCrumb42")
    }

    /// A cache file written before sessions recorded their origin is no session at all.
    @Test func sessionFileWithoutAnOriginIsNotUsed() throws {
        let cache = Self.tempCache()
        try FileManager.default.createDirectory(
            atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let old =
            #"{"cookies":{"cookies":[{"name":"A3","value":"d=OLDSECRET","expires":1861680000}]},"crumb":"oldCrumb99","created":1761679000}"#
        try Data(old.utf8).write(to: URL(fileURLWithPath: cache + "/yahoo-session.json"))
        let y = try YahooServer()
        #expect(run(y, ["AAPL"], cache: cache)[0].stock != nil)
        #expect(y.paths().first == "/")
        #expect(!y.server.requests.contains { ($0.header("Cookie") ?? "").contains("OLDSECRET") })
        #expect(!y.server.requests.contains { $0.queryItem("crumb") == "oldCrumb99" })
    }

    @Test func refusedCachedCrumbIsRenewedOnce() throws {
        let cache = Self.tempCache()
        let primer = try YahooServer()
        _ = run(primer, ["AAPL"], cache: cache)  // primes the cache
        primer.server.stop()
        let y = try YahooServer(
            quote: [
                LoopbackResponse(status: 401, body: Fixture.bytes("yahoo-json/quote_401_invalid-crumb.json")),
                LoopbackResponse(
                    body: Fixture.bytes("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json")),
            ],
            port: primer.server.port)
        let r = run(y, ["AAPL"], cache: cache)
        #expect(r[0].stock != nil)
        #expect(y.paths().filter { $0 == "/v7/finance/quote" }.count == 2)
        #expect(y.paths().filter { $0 == "/v1/test/getcrumb" }.count == 1)
    }

    @Test func crumbStillRefusedAfterRenewalIsAClearError() throws {
        let y = try YahooServer(quote: [
            LoopbackResponse(status: 401, body: Fixture.bytes("yahoo-json/quote_401_invalid-crumb.json"))
        ])
        let r = run(y, ["AAPL"], cache: nil)
        let message = try #require(r[0].error).message(symbol: "AAPL")
        #expect(message.contains("Invalid Crumb"))
        #expect(y.paths().filter { $0 == "/v7/finance/quote" }.count == 1)  // a fresh session is not renewed again
    }

    @Test func rateLimitedCrumbIsNeverCached() throws {
        let cache = Self.tempCache()
        let y = try YahooServer(crumb: LoopbackResponse(body: Fixture.bytes("errors/getcrumb_429.txt")))
        let r = run(y, ["AAPL"], cache: cache)
        guard case .rateLimited("yahoo", _, _)? = r[0].error else {
            Issue.record("expected rate limit, got \(String(describing: r[0].error))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: cache + "/yahoo-session.json"))
    }

    @Test func euConsentFlowFromTheRecordedPages() throws {
        let y = try YahooServer(fcSetsCookie: false)
        y.routes.add(
            path: "/quote/AAPL/",
            response: WrappedRecording.response(
                "yahoo-json/session/yahoo-finance2__wrapped_finance-quote-AAPL_307-to-guce_2025-02-17.json"))
        y.routes.add(
            path: "/consent",
            response: WrappedRecording.response(
                "yahoo-json/session/yahoo-finance2__wrapped_guce-consent_302-to-collectConsent_2025-02-16.json"))
        y.routes.add(
            path: "/v2/collectConsent",
            response: WrappedRecording.response(
                "yahoo-json/session/yahoo-finance2__wrapped_collectConsent_form-html_2025-02-16.json"))
        y.routes.add(
            method: "POST", path: "/v2/collectConsent",
            response: WrappedRecording.response(
                "yahoo-json/session/yahoo-finance2__wrapped_collectConsent-POST_302_2025-02-16.json"))
        y.routes.add(
            path: "/copyConsent",
            response: WrappedRecording.response(
                "yahoo-json/session/yahoo-finance2__wrapped_copyConsent_302_sets-A1-A3-A1S-GUC-EuConsent_2025-02-16.json"
            ))
        let r = run(y, ["AAPL"], cache: nil)
        #expect(r[0].stock != nil)
        #expect(
            y.paths().prefix(7) == [
                "/", "/quote/AAPL/", "/consent", "/v2/collectConsent", "/v2/collectConsent", "/copyConsent",
                "/v1/test/getcrumb",
            ])
        let post = try #require(y.server.requests.first { $0.method == "POST" })
        let form = String(decoding: post.body, as: UTF8.self)
        #expect(form.contains("csrfToken=GoNrer0"))
        #expect(form.contains("originalDoneUrl=https%3A%2F%2Ffinance.yahoo.com%2Fquote%2FAAPL%3Fguccounter%3D1"))
        #expect(form.hasSuffix("agree=agree&agree=agree"))
        #expect(post.header("Cookie")?.contains("GUCS=") == true)
        let crumb = try #require(y.server.requests.first { $0.path == "/v1/test/getcrumb" })
        #expect(crumb.header("Cookie")?.contains("A3=") == true)
    }

    @Test func noCookieAnywhereIsASessionError() throws {
        let y = try YahooServer(fcSetsCookie: false)
        let r = run(y, ["AAPL"], cache: nil)
        let message = try #require(r[0].error).message(symbol: "AAPL")
        #expect(message.contains("could not get a Yahoo cookie"))
        #expect(ExitStatus.forResults(r) == .nothingFetched)
    }

    /// Through `--endpoint` both session hosts are the one server: one that did not answer is
    /// not asked again as finance.yahoo.com (the user waited the timeout twice, told once).
    @Test func aSilentServerThroughTheEndpointIsAskedForASessionOnce() throws {
        let routes = RouteTable()
        routes.add(path: "/", response: LoopbackResponse.text("", status: 404).with(.delay(seconds: 20)))
        routes.add(path: "/quote/AAPL/", response: .text("", status: 404))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(now: Instant(secondsSinceEpoch: 1_761_680_000), endpoint: server.baseURL)
        let transport = CurlTransport(options: TransportOptions(timeout: 1, retry: RetryPolicy(maxAttempts: 1)))
        let r = StockManager(source: YahooSource(), transport: transport, context: ctx).quotes(for: ["AAPL"])
        #expect(try #require(r[0].error).message(symbol: "AAPL").contains("could not get a Yahoo cookie"))
        #expect(server.requests.map(\.path) == ["/"], "\(server.requests.map(\.path))")
    }

    @Test func autoFallsBackToStooqWhenYahooIsBlocked() throws {
        let routes = RouteTable()
        routes.add(path: "/", response: .text("Edge: Too Many Requests", status: 429))
        routes.add(path: "/quote/AAPL/", response: .text("Edge: Too Many Requests", status: 429))
        routes.add(path: "/q/l/", response: LoopbackResponse(body: Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv")))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(
            now: Instant(secondsSinceEpoch: 1_588_881_600), endpoint: server.baseURL,
            settings: [StooqService.apiKey: "k"])
        let transport = CurlTransport(options: TransportOptions(retry: RetryPolicy(maxAttempts: 1)))
        let r = StockManager(
            source: FallbackSource.standard(context: ctx, exchange: KrakenAdapter()), transport: transport, context: ctx
        ).quotes(
            for: ["AAPL"])
        let s = try #require(r[0].stock)
        #expect(s.source == "stooq")
        guard case .fellBack(from: "yahoo", to: "stooq", let reason)? = s.notes.first else {
            Issue.record("the first note says why yahoo was skipped: \(s.notes)")
            return
        }
        #expect(reason.hasPrefix("yahoo session failed: could not get a Yahoo cookie"))
        #expect(
            s.notes.first?.text.hasPrefix(
                "fell back from yahoo to stooq: yahoo session failed: could not get a Yahoo cookie") == true)
    }

    @Test func cookieJarFollowsMaxAgeAndDeletions() {
        var jar = CookieJar()
        let now = Instant(secondsSinceEpoch: 1_000_000)
        jar.absorb(setCookie: "A3=abc; Max-Age=100; Domain=.yahoo.com", now: now)
        jar.absorb(setCookie: "GUCS=x; Max-Age=1800", now: now)
        jar.absorb(setCookie: "OTHD=EMPTY; Expires=Thu, 01 Jan 1970 00:00:01 GMT", now: now)
        #expect(jar.value("A3") == "abc")
        #expect(jar.cookies.first { $0.name == "A3" }?.expires == 1_000_100)
        #expect(jar.value("OTHD") == nil)
        #expect(jar.headerLine == "Cookie: A3=abc; GUCS=x")
        jar.absorb(setCookie: "A3=; Max-Age=0", now: now)
        #expect(jar.value("A3") == nil)
    }

    /// Found while fuzzing header values: an unbounded Max-Age overflowed the expiry (a trap).
    /// Lifetimes are capped at 400 days; dates outside years 1-9999 are not dates.
    @Test func cookieLifetimesAreCappedAndNeverOverflow() {
        var jar = CookieJar()
        let now = Instant(secondsSinceEpoch: 1_000_000)
        jar.absorb(setCookie: "A=1; Max-Age=9223372036854775807", now: now)
        jar.absorb(setCookie: "B=2; Expires=Fri, 31 Dec 9999 23:59:59 GMT", now: now)
        jar.absorb(setCookie: "C=3; Expires=Sun, 06 Nov 9223372036854775807 08:49:37 GMT", now: now)
        jar.absorb(setCookie: "D=4; Max-Age=-9223372036854775808", now: now)
        #expect(jar.cookies.first { $0.name == "A" }?.expires == 1_000_000 + CookieJar.maxLifetime)
        #expect(jar.cookies.first { $0.name == "B" }?.expires == 1_000_000 + CookieJar.maxLifetime)
        #expect(jar.value("C") == "3", "an unreadable date leaves a session cookie")
        #expect(jar.cookies.first { $0.name == "C" }?.expires == nil)
        #expect(jar.value("D") == nil, "a negative Max-Age deletes")
    }

    @Test(arguments: [
        ("haT3oykhHqZ", true), ("ptm/idCTN/J", true), ("Too Many Requests\r\n", false), ("<html>", false), ("", false),
        ("{\"finance\":1}", false),
    ])
    func crumbValidation(_ c: (String, Bool)) {
        #expect(YahooSession.isPlausibleCrumb(c.0) == c.1)
    }
}

struct YahooSearchDecoderTests {
    @Test func recordedSearchForApple() throws {
        let r = try YahooSearchDecoder.matches(
            HTTPResponse(
                status: 200,
                body: Fixture.bytes("yahoo-json/yfinance-rs__v1_search_q-apple_quotesCount-10_newsCount-0.json"))
        ).get()
        #expect(
            r.first
                == OnlineSymbolMatch(
                    symbol: "AAPL", name: "Apple Inc.", exchange: "NASDAQ", type: "Equity", origin: "yahoo"))
        #expect(!r.contains { $0.symbol.isEmpty })
        #expect(!r.contains { $0.type == "Option" })
    }

    /// Yahoo's error envelope with HTTP 200 is a refusal of the request, on the search path (it
    /// read as "no listing found", said nowhere) as on the quote path (it read as a body that
    /// could not be read "at line 1, column 1", exit 1).
    @Test func anErrorEnvelopeWith200IsARefusal() {
        let body = Array(
            #"{"finance":{"result":null,"error":{"code":"Bad Request","description":"Invalid input"}}}"#.utf8)
        let answer = HTTPResponse(status: 200, body: body)
        guard case .failure(let e) = YahooSearchDecoder.matches(answer), case .exchangeError(_, "Invalid input", _) = e
        else {
            Issue.record("\(YahooSearchDecoder.matches(answer))")
            return
        }
        #expect(e.isServiceLevel)
        guard case .failure(let q) = YahooQuoteDecoder.decode(answer), case .exchangeError(_, "Invalid input", _) = q
        else {
            Issue.record("\(YahooQuoteDecoder.decode(answer))")
            return
        }
        #expect(q.detail.hasPrefix("yahoo answered with an error (\"Invalid input\"); try again in a few minutes"))
        // An answer with no hits still has its (empty) list: no hits, no error.
        let none = YahooSearchDecoder.matches(HTTPResponse(status: 200, body: Array(#"{"count":0,"quotes":[]}"#.utf8)))
        #expect((try? none.get()) == [])
        let newsOnly = YahooSearchDecoder.matches(
            HTTPResponse(status: 200, body: Array(#"{"count":0,"news":[]}"#.utf8)))
        #expect((try? newsOnly.get()) == [])
    }

    @Test func rateLimitAndHTML() {
        let limited = YahooSearchDecoder.matches(HTTPResponse(status: 429, body: Fixture.bytes("errors/edge_429.txt")))
        guard case .failure(.rateLimited) = limited else {
            Issue.record("expected rate limit")
            return
        }
        let html = YahooSearchDecoder.matches(
            HTTPResponse(status: 200, body: Array("<html><title>Oops</title></html>".utf8)))
        guard case .failure(.notJSON(_, 200, .html, "Oops")) = html else {
            Issue.record("expected HTML error, got \(html)")
            return
        }
    }
}

struct YahooAutocompleteDecoderTests {
    @Test func recordedJSONPFindsNonUSListings() throws {
        let r = try YahooAutocompleteDecoder.matches(
            HTTPResponse(status: 200, body: Fixture.bytes("yahoo-autoc/autoc_query-bas._jsonp.txt"))
        ).get()
        #expect(
            r.first
                == OnlineSymbolMatch(
                    symbol: "BAS.DE", name: "BASF SE", exchange: "XETRA", type: "Equity", origin: "yahoo"))
        #expect(r.contains { $0.symbol == "BAS.AX" })
    }

    @Test func plainJSONTrailingSpacesAndOptions() throws {
        let body =
            #"{"ResultSet":{"Query":"jpm","Result":[{"symbol":"JPM","name":"JPMORGAN CHASE & CO. WARRANTS ","exch":"NYQ","type":"S","exchDisp":"Brussels Stock Exchange "},{"symbol":"AAPL180329C00170000","name":"AAPL Mar 2018 170 call","exch":"OPR","type":"O"}]}}"#
        let r = try YahooAutocompleteDecoder.matches(HTTPResponse(status: 200, body: Array(body.utf8))).get()
        #expect(
            r == [
                OnlineSymbolMatch(
                    symbol: "JPM", name: "JPMORGAN CHASE & CO. WARRANTS", exchange: "Brussels Stock Exchange",
                    type: "Equity", origin: "yahoo")
            ])
    }

    @Test func errorVariantWithCommentPrefix() {
        let body =
            #"/**/YAHOO.Finance.SymbolSuggest.ssCallback({"ResultSet":{"result":null,"error":{"code":"internal-error","description":"Timeout after 1000ms"}}});"#
        guard
            case .failure(.httpStatus(_, _, "Timeout after 1000ms")) = YahooAutocompleteDecoder.matches(
                HTTPResponse(status: 200, body: Array(body.utf8)))
        else {
            Issue.record("expected the service error")
            return
        }
    }

    @Test func emptyResult() throws {
        let r = try YahooAutocompleteDecoder.matches(
            HTTPResponse(status: 200, body: Array(#"{"ResultSet":{"Query":"X","Result":[]}}"#.utf8))
        ).get()
        #expect(r.isEmpty)
    }
}

struct CorruptCacheTests {
    @Test func corruptSessionFileIsIgnoredAndReplaced() throws {
        let cache = TemporaryPath.make("corrupt")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        try Data("{\"cookies\": not json".utf8).write(to: URL(fileURLWithPath: cache + "/yahoo-session.json"))
        let y = try YahooSourceTests.YahooServer()
        let ctx = SourceContext(
            now: Instant(secondsSinceEpoch: 1_761_680_000), endpoint: y.server.baseURL, cacheDirectory: cache)
        let r = StockManager(source: YahooSource(), transport: CurlTransport(), context: ctx).quotes(for: ["AAPL"])
        #expect(r[0].stock != nil)
        #expect(
            YahooSessionStore(cacheDirectory: cache).load(origin: YahooSession.origin(endpoint: y.server.baseURL))?
                .crumb == "haT3oykhHqZ")
    }

    @Test func corruptIndexSnapshotIsRebuilt() throws {
        let cache = TemporaryPath.make("snap")
        let store = SymbolDirectoryStore(
            userDirectory: nil, shippedDirectory: Fixture.repositoryRoot + "/data/symbols", cacheDirectory: cache)
        _ = try store.loadIndex().get()
        let snapshot = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".idx") })
        // Damage it: keep the size, scramble the middle.
        var bytes = try #require(FileManager.default.contents(atPath: cache + "/" + snapshot))
        for i in stride(from: bytes.count / 3, to: bytes.count / 2, by: 7) { bytes[i] ^= 0x5A }
        try bytes.write(to: URL(fileURLWithPath: cache + "/" + snapshot))
        let index = try store.loadIndex().get()
        #expect(index.search("apple", limit: 1).first?.symbol == "AAPL")
    }
}
