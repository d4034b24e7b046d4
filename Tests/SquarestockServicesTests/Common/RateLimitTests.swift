import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Every service turns HTTP 429 into the same error, with the wait the server asked for (the
/// transport's reading, or the seconds form of the header on a response no transport received).
struct RateLimitTests {
    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_588_881_600))

    static func limited(_ body: String, header: String? = "120", read: Double? = nil) -> HTTPResponse {
        var r = HTTPResponse(
            status: 429, headers: header.map { [HTTPHeader(name: "Retry-After", value: $0)] } ?? [],
            body: Array(body.utf8))
        r.retryAfter = read
        return r
    }

    static let decoders = ["chart", "search", "crumb", "csv", "chart history"]

    /// The error the decoder named `name` returns for `r`.
    static func decode(_ name: String, _ r: HTTPResponse) -> QuoteError? {
        switch name {
        case "chart":
            return YahooChartQuote.stock(symbol: "AAPL", response: r, context: context, sourceName: "yahoo")
                .failureValue
        case "search": return YahooSearchDecoder.matches(r).failureValue
        case "crumb": return YahooSessionFlow.crumb(from: r).failureValue
        case "csv": return ResponseScreen.csv(r, source: "yahoo", headerStarts: ["date"], htmlHint: nil)
        default:
            let history = YahooChartHistory.fetched(r, symbol: "AAPL", registry: .standard, requested: .daily)
            if case .failure(.response(let e)) = history { return e }
            return nil
        }
    }

    @Test(arguments: decoders) func everyDecoderKeepsTheServersWait(_ name: String) throws {
        let fromHeader = try #require(Self.decode(name, Self.limited("slow down")), "\(name)")
        guard case .rateLimited(_, _, let wait) = fromHeader else {
            Issue.record("\(name): \(fromHeader)")
            return
        }
        #expect(wait == 120, "\(name)")
        // The transport's reading (an HTTP date it resolved) wins over the header's text.
        let read = try #require(
            Self.decode(name, Self.limited("slow down", header: "Wed, 21 Oct 2015 07:28:05 GMT", read: 30)))
        guard case .rateLimited(_, _, let wait2) = read else {
            Issue.record("\(name): \(read)")
            return
        }
        #expect(wait2 == 30, "\(name)")
    }

    @Test func anEmptyBodyIsNotQuoted() {
        let e = RateLimit.error(Self.limited("", header: nil), source: "yahoo")
        #expect(
            e.detail
                == "yahoo is rate limiting requests (HTTP 429); wait a while before trying again, or use another --source"
        )
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
