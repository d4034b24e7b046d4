import SquarestockCore
import Testing

@testable import SquarestockSearch

/// How an online hit the directory lacks is scored against the offline ranking.
struct SearchMergerTests {
    static func hit(_ symbol: String, _ name: String, origin: String = "yahoo") -> OnlineSymbolMatch {
        OnlineSymbolMatch(symbol: symbol, name: name, exchange: "Tokyo", type: "EQUITY", origin: origin)
    }

    @Test func anOnlineHitIsScoredByHowItsNameAnswersTheQuery() {
        func score(_ m: OnlineSymbolMatch, _ query: String, rank: Int = 0) -> Int {
            SearchMerger.onlineScore(m, rank: rank, query: query, queryWords: SearchMerger.words(query))
        }
        #expect(score(Self.hit("7203.T", "Toyota Motor Corp"), "7203.t") == 95)
        #expect(score(Self.hit("7203.T", "TOYOTA MOTOR CORP"), "toyota motor") == 75)
        // Every word, but not the name's first: one word of it.
        #expect(score(Self.hit("6201.T", "Toyota Industries Corp"), "industries toyota") == 55)
        #expect(score(Self.hit("7203.T", "Toyota Motor Corp"), "toy") == 55)
        #expect(score(Self.hit("BA", "Boeing Company"), "apple") == 40)
        // Less 3 for each hit the service placed before it, never below 1.
        #expect(score(Self.hit("7203.T", "Toyota Motor Corp"), "toyota", rank: 2) == 69)
        #expect(score(Self.hit("BA", "Boeing Company"), "apple", rank: 20) == 1)
        #expect(SearchMerger.words("T. Rowe Price (TROW)") == ["t", "rowe", "price", "trow"])
    }

    @Test func rowsComeBestFirstAndOneListingOnce() {
        let rows = SearchMerger.merge(
            offline: [],
            online: [
                Self.hit("X.T", "Other"), Self.hit("7203.T", "Toyota Motor"),
                Self.hit("7203.T", "Toyota Motor", origin: "alphavantage"),
            ],
            limit: 10, query: "toyota")
        #expect(rows.map(\.symbol) == ["7203.T", "X.T"])
        #expect(rows[0].origin == "yahoo+alphavantage" && rows[0].score == 72)
    }
}
