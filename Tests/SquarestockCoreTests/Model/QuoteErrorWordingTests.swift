import Testing

@testable import SquarestockCore

/// An error names what the service answers: Yahoo's endpoints JSON (an HTML page was "instead of
/// CSV"), the CSV services CSV; JSON of an unknown shape is no format mismatch; the token a
/// service answered for "no data" is its own (yahoo-csv's N/A was called N/D).
struct QuoteErrorWordingTests {
    @Test func eachServiceIsNamedWithWhatItAnswers() {
        #expect(
            QuoteError.unexpectedBody(source: "yahoo", status: 200, kind: .html, excerpt: "", hint: nil).detail
                .hasPrefix("the server sent an HTML page instead of JSON (HTTP 200)"))
        #expect(
            QuoteError.unexpectedBody(source: "stooq", status: 200, kind: .html, excerpt: "", hint: nil).detail
                .hasPrefix("the server sent an HTML page instead of CSV (HTTP 200)"))
        #expect(
            QuoteError.unexpectedBody(source: "yahoo", status: 200, kind: .json, excerpt: "", hint: nil).detail
                .hasPrefix("the server sent JSON squarestock cannot read (HTTP 200)"))
        #expect(QuoteError.noData(source: "yahoo-csv").detail.contains("(it answered N/A)"))
        #expect(QuoteError.noData(source: "stooq").detail.contains("(it answered N/D)"))
    }
}
