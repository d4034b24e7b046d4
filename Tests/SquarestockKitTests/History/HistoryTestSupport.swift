import TestSupport

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockMarket
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockSearch
@testable import SquarestockServices
@testable import SquarestockWatch

/// Shared bits of the history decoder tests.
enum H {
    static let newYork = try! ExchangeTimeZone(identifier: "America/New_York")
    static let tokyo = try! ExchangeTimeZone(identifier: "Asia/Tokyo")

    static func fixture(_ path: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Fixture.bytes("history/" + path))
    }

    static func body(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(text.utf8))
    }

    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }
    static func date(_ s: String) -> CivilDate { DateTimeParsing.isoDate(s)! }

    /// Bars strictly oldest first.
    static func isOldestFirst(_ bars: [Bar]) -> Bool {
        zip(bars, bars.dropFirst()).allSatisfy { $0.time < $1.time }
    }
}
