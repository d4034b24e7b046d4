import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// The wallet API's (`/v2`) answers, written in its documented shape (no answer was recorded):
/// times with their offsets, a send's network fee taken apart from what was sent, only completed
/// transactions, the next page from `next_starting_after` or `next_uri`.
struct CoinbaseWalletsDecoderTests {
    @Test func timesKeepTheirOffsets() {
        #expect(CoinbaseWalletsDecoder.instant("2024-03-01T21:00:00-05:00")?.secondsSinceEpoch == 1_709_344_800)
        #expect(CoinbaseWalletsDecoder.instant("2024-03-02T02:00:00Z")?.secondsSinceEpoch == 1_709_344_800)
        #expect(CoinbaseWalletsDecoder.instant("2024-03-02T07:30:00.125+05:30")?.secondsSinceEpoch == 1_709_344_800)
        #expect(CoinbaseWalletsDecoder.instant("2024-03-02T02:00:00 junk") == nil)
    }

    @Test func aSendsFeeIsApartAndOnlyCompletedCount() throws {
        let body = try JSONReader.parse(
            Array(
                """
                {"pagination":{"next_uri":"/v2/accounts/w/transactions?limit=2&starting_after=b"},"data":[
                 {"id":"a","type":"send","status":"completed","amount":{"amount":"-0.0051","currency":"BTC"},
                  "created_at":"2024-03-12T10:14:09Z","network":{"transaction_fee":{"amount":"0.0001","currency":"BTC"}}},
                 {"id":"b","type":"send","status":"pending","amount":{"amount":"-1","currency":"BTC"},
                  "created_at":"2024-03-13T10:14:09Z"},
                 {"id":"c","type":"staking_reward","status":"completed","amount":{"amount":"0.5","currency":"DOT"},
                  "created_at":"2024-03-14T00:00:00Z"},
                 {"id":"d","type":"advanced_trade_fill","status":"completed","amount":{"amount":"1","currency":"ETH"},
                  "created_at":"2024-03-14T00:00:00Z"},
                 {"id":"e","type":"pro_withdrawal","status":"completed","amount":{"amount":"2","currency":"ETH"},
                  "created_at":"2024-03-14T00:00:00Z"}
                ]}
                """.utf8))
        let page = try CoinbaseWalletsDecoder.transactions(body).get()
        #expect(page.next == "b")
        #expect(page.movements.map(\.id) == ["a", "c", "e"])
        #expect(page.movements.map(\.kind) == [.withdrawal, .reward, .transfer])
        #expect(page.movements[0].amount == ExactDecimal("-0.0050") && page.movements[0].fee == ExactDecimal("0.0001"))
    }

    @Test func walletsAndTheirNextPage() throws {
        let body = try JSONReader.parse(
            Array(#"{"pagination":{"next_starting_after":"w2"},"data":[{"id":"w1"},{"id":"w2"}]}"#.utf8))
        let page = try CoinbaseWalletsDecoder.wallets(body).get()
        #expect(page.ids == ["w1", "w2"] && page.next == "w2")
        let last = try JSONReader.parse(Array(#"{"pagination":{"next_uri":null},"data":[]}"#.utf8))
        #expect(try CoinbaseWalletsDecoder.wallets(last).get().next == nil)
    }
}
