import Testing

@testable import SquarestockCore

/// Instants come from services; arithmetic on an absurd one must give an absurd answer, not a trap.
struct InstantTests {
    @Test func differencesAndSumsSaturate() {
        let now = Instant(secondsSinceEpoch: 1_761_757_200)
        #expect(now.seconds(since: Instant(secondsSinceEpoch: .min)) == .max)
        #expect(Instant(secondsSinceEpoch: .min).seconds(since: now) == .min)
        #expect(Instant(secondsSinceEpoch: .max).seconds(since: Instant(secondsSinceEpoch: -1)) == .max)
        #expect(now.adding(seconds: .max).secondsSinceEpoch == .max)
        #expect(Instant(secondsSinceEpoch: -5).adding(seconds: .min).secondsSinceEpoch == .min)
        #expect(now.seconds(since: Instant(secondsSinceEpoch: 1_761_757_000)) == 200)
        #expect(now.adding(seconds: -200).secondsSinceEpoch == 1_761_757_000)
    }

    @Test func onlyTimeStampsOfYears1970To9999AreInstants() throws {
        func stamp(_ text: String) throws -> Instant? { try JSONReader.parse(Array(text.utf8)).epochInstant }
        #expect(try stamp("1761744600") == Instant(secondsSinceEpoch: 1_761_744_600))
        #expect(try stamp("0") == Instant(secondsSinceEpoch: 0))
        #expect(try stamp("253402300799") == Instant.latestPlausible)
        #expect(try stamp("253402300800") == nil)
        #expect(try stamp("-1") == nil)
        #expect(try stamp("-9223372036854775808") == nil)
        #expect(try stamp("9223372036854775807") == nil)
        #expect(try stamp("\"1761744600\"") == nil)
    }
}
