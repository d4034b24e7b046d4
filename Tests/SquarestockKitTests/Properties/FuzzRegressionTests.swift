import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockServices

/// Every input that once crashed a fuzz target (`Tests/Fixtures/fuzz-regressions/<target>/`),
/// replayed through the same parser on every test run.
struct FuzzRegressionTests {
    static let directory = Fixture.testsDirectory + "/Fixtures/fuzz-regressions"

    static var cases: [String] {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return targets.sorted().flatMap { t in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + t)) ?? []).sorted().map {
                t + "/" + $0
            }
        }
    }

    @Test(arguments: cases)
    func replay(_ path: String) {
        let bytes = Fixture.bytes("fuzz-regressions/" + path)
        let response = HTTPResponse(status: 200, body: bytes)
        switch String(path.split(separator: "/")[0]) {
        case "stooq-quote":
            // Once a trap: a header of 6 columns let 6-field rows through to column 8.
            guard case .failure(let e) = StooqDecoder.quotes(response) else {
                Issue.record("expected an error")
                return
            }
            #expect(!e.detail.isEmpty)
        case "stooq-bars":
            _ = StooqHistoryDecoder.decode(
                response, symbol: "AAPL", zone: try! ExchangeTimeZone(identifier: "America/New_York"),
                interval: .minutes(5))
        case "quote-render" where bytes.first.map({ $0 & 3 }) == 3:
            // Once a trap: the legacy Yahoo CSV row has a change of 2987687530061750 and a previous
            // close of .17687530061750000; deriving the change percent overflowed Int128 in the
            // division. The percent cannot be held, so it is absent; the quote still renders.
            let context = SourceContext(now: Instant(secondsSinceEpoch: 1_761_757_200))
            let body = HTTPResponse(status: 200, body: Array(bytes.dropFirst()))
            guard
                case .success(let rows) = YahooCSVDecoder.rows(
                    body, codes: YahooFieldCode.split(YahooFieldCode.standard) ?? []),
                let row = rows.first
            else {
                Issue.record("expected a row")
                return
            }
            let result = YahooCSVSource.stock(symbol: row.symbol, row: row, context: context, sourceName: "fuzz")
            guard case .success(let stock) = result else {
                Issue.record("expected a stock: \(result)")
                return
            }
            #expect(stock.price.change?.description == "2987687530061750")
            #expect(stock.price.previousClose?.description == "0.17687530061750000")
            #expect(stock.price.changePercent == nil)
            let rendered = QuoteCSVWriter.render([StockResult(symbol: row.symbol, outcome: result)], now: context.now)
            #expect(rendered.contains("1761.46"))
        case "quote-render":
            // Once a trap: a trade time of Int64.min overflowed the age in the market status.
            // Time stamps outside years 1970-9999 are now no time at all, and the chart point
            // stamped Int64.max is dropped rather than drawn.
            let context = SourceContext(now: Instant(secondsSinceEpoch: 1_761_757_200))
            let result = YahooChartQuote.stock(
                symbol: "AAPL", response: HTTPResponse(status: 200, body: Array(bytes.dropFirst())),
                context: context, sourceName: "fuzz")
            guard case .success(let stock) = result else {
                Issue.record("expected a stock: \(result)")
                return
            }
            #expect(stock.price.lastTrade == nil)
            #expect(stock.intraday.map(\.time) == [Instant(secondsSinceEpoch: 1_761_744_600)])
            let rendered = QuoteCSVWriter.render([StockResult(symbol: "AAPL", outcome: result)], now: context.now)
            #expect(rendered.contains("AAPL,"))
        case "cookies":
            // Once traps: a huge Max-Age overflowed the expiry, a huge year the day arithmetic.
            let now = Instant(secondsSinceEpoch: 1_761_755_819)
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                var jar = CookieJar()
                jar.absorb(setCookie: String(line), now: now)
                for c in jar.cookies {
                    #expect(c.expires.map { $0 <= now.secondsSinceEpoch + CookieJar.maxLifetime } ?? true)
                }
                _ = RetryPolicy.parseRetryAfter(String(line), now: now)
            }
        default: Issue.record("no replay for \(path)")
        }
    }
}
