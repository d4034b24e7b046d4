import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// The pair list is kept for a day, only for the host it came from, and survives a round trip
/// exactly (decimals, statuses, keys).
struct PairListCacheTests {
    static let now = Instant(secondsSinceEpoch: 1_790_000_000)
    static let listings = [
        PairListing(
            pair: TradingPair(base: "BTC", quote: "USD"), nativeName: "XBTUSD", responseKey: "XXBTZUSD",
            status: .online, priceDecimals: 1, tickSize: ExactDecimal("0.1"), sizeIncrement: ExactDecimal("0.00000001"),
            minimumSize: ExactDecimal("0.00005"), minimumCost: ExactDecimal("0.5")),
        PairListing(pair: TradingPair(base: "SOL", quote: "EUR"), nativeName: "SOLEUR", status: .postOnly),
        PairListing(pair: TradingPair(base: "FOO", quote: "USD"), nativeName: "FOOUSD", status: .other("frozen")),
    ]

    static func folder() -> String {
        let dir = TemporaryPath.make("pairs")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o700)
        return dir
    }

    @Test func aListRoundTripsExactlyForADay() throws {
        let cache = PairListCache(folder: Self.folder())
        cache.store(Self.listings, exchange: "kraken", origin: "https://api.kraken.com", now: Self.now)
        let later = Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch + 86_399)
        let loaded = try #require(cache.load(exchange: "kraken", origin: "https://api.kraken.com", now: later))
        #expect(loaded == Self.listings)
        let expired = Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch + 86_400)
        #expect(cache.load(exchange: "kraken", origin: "https://api.kraken.com", now: expired) == nil)
        // A clock that went back does not make an old list new.
        let before = Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch - 1)
        #expect(cache.load(exchange: "kraken", origin: "https://api.kraken.com", now: before) == nil)
    }

    @Test func aListFromAnotherHostOrExchangeIsNotUsed() {
        let cache = PairListCache(folder: Self.folder())
        cache.store(Self.listings, exchange: "kraken", origin: "http://127.0.0.1:9", now: Self.now)
        #expect(cache.load(exchange: "kraken", origin: "https://api.kraken.com", now: Self.now) == nil)
        #expect(cache.load(exchange: "coinbase", origin: "http://127.0.0.1:9", now: Self.now) == nil)
        #expect(cache.load(exchange: "kraken", origin: "http://127.0.0.1:9", now: Self.now) != nil)
    }

    @Test func aNameWithATabIsLeftOutRatherThanShiftingColumns() {
        var odd = Self.listings[1]
        odd.nativeName = "SOL\tEUR"
        let bytes = PairListCache.encode([Self.listings[0], odd], exchange: "k", origin: "o", now: Self.now)
        #expect(PairListCache.decode(bytes, exchange: "k", origin: "o", now: Self.now) == [Self.listings[0]])
    }

    @Test func aDamagedFileIsIgnored() {
        let good = PairListCache.encode(Self.listings, exchange: "k", origin: "o", now: Self.now)
        #expect(PairListCache.decode(Array(good.dropLast(9)), exchange: "k", origin: "o", now: Self.now) == nil)
        #expect(PairListCache.decode(Array("garbage\n".utf8), exchange: "k", origin: "o", now: Self.now) == nil)
        #expect(PairListCache.decode([], exchange: "k", origin: "o", now: Self.now) == nil)
    }

    @Test func withoutAFolderNothingIsKept() {
        let cache = PairListCache(folder: nil)
        cache.store(Self.listings, exchange: "kraken", origin: "x", now: Self.now)
        #expect(cache.load(exchange: "kraken", origin: "x", now: Self.now) == nil)
    }
}
