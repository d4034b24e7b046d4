import Testing

@testable import SquarestockCore

/// An error names what the service answers: a JSON service's HTML page is "instead of JSON"
/// (`notJSON`; Yahoo's said "instead of CSV"), a CSV service's "instead of CSV"; "no data" does
/// not quote one service's token for every service (yahoo-csv's N/A was called N/D).
struct QuoteErrorWordingTests {
    @Test func eachServiceIsNamedWithWhatItAnswers() {
        #expect(
            QuoteError.notJSON(source: "yahoo", status: 200, kind: .html, excerpt: "").detail
                .hasPrefix("the server sent an HTML page instead of JSON (HTTP 200)"))
        #expect(
            QuoteError.unexpectedBody(source: "stooq", status: 200, kind: .html, excerpt: "", hint: nil).detail
                .hasPrefix("the server sent an HTML page instead of CSV (HTTP 200)"))
        #expect(!QuoteError.noData(source: "yahoo-csv").detail.contains("N/D"))
    }
}
