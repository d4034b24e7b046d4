import SquarestockCore
import SquarestockNetworking

/// Shared bits of the history decoder tests (services, the facade's history, chart labels).
package enum HistoryFixture {
    package static let newYork = try! ExchangeTimeZone(identifier: "America/New_York")
    package static let tokyo = try! ExchangeTimeZone(identifier: "Asia/Tokyo")

    package static func fixture(_ path: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Fixture.bytes("history/" + path))
    }

    package static func body(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(text.utf8))
    }

    package static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }
    package static func date(_ s: String) -> CivilDate { DateTimeParsing.isoDate(s)! }

    /// Bars strictly oldest first.
    package static func isOldestFirst<Bars: Collection<Bar>>(_ bars: Bars) -> Bool {
        zip(bars, bars.dropFirst()).allSatisfy { $0.time < $1.time }
    }
}
