import Testing

@testable import SquarestockCore
@testable import SquarestockSearch

@Suite("Fuzzy matcher")
struct FuzzyMatcherTests {
    @Test(arguments: [
        ("apple", "apple", 0), ("aple", "apple", 1), ("appel", "apple", 1), ("microsft", "microsoft", 1),
        ("mircosoft", "microsoft", 1), ("nvidea", "nvidia", 1), ("berkshre", "berkshire", 1), ("teslaa", "tesla", 1),
        ("ab", "ba", 1), ("kitten", "sitting", 3), ("", "abc", 3),
    ])
    func distance(_ a: String, _ b: String, _ d: Int) {
        #expect(FuzzyMatcher.distance(a, b, maxDistance: 3) == d)
    }

    @Test func boundedDistanceStopsAtTheCap() {
        #expect(FuzzyMatcher.distance("aaaaaaaa", "zzzzzzzz", maxDistance: 1) == 2)
    }

    @Test func prefixDistance() {
        let q = Array("nvide".utf8)
        let t = Array("nvidia".utf8)
        let d = q.withUnsafeBufferPointer { qp in
            t.withUnsafeBufferPointer { FuzzyMatcher.distance(qp, $0, maxDistance: 1) }
        }
        #expect(d.prefix == 1)
        #expect(d.full == 2)
    }
}
