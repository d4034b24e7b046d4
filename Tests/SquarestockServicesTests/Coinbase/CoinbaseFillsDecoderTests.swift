import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Fills decoded from answers recorded from Coinbase's live API (ccxt's static tests): each fill
/// the trade's two legs, exact, keyed by its `entry_id`, the cursor the next page's.
struct CoinbaseFillsDecoderTests {
    static func page(_ file: String) throws -> AccountMovement.Page {
        let body = try JSONReader.parse(Fixture.bytes("imports/coinbase/" + file))
        return try CoinbaseFillsDecoder.page(body).get()
    }

    /// SELL 10 ADA-USDT at 0.392, commission 0.03136 USDT: 10 ADA out, 3.92 USDT in less the fee.
    @Test func aRecordedSpotFill() throws {
        let page = try Self.page("ccxt__coinbase.json_fetchMyTrades_spot_httpResponse_PRETTY.json")
        let id = "dc7424ac5193601ae273cf704ece1667987d8c0b1077faa5fe3213e8e9efbd30"
        let time = Instant(secondsSinceEpoch: 1_700_993_987)  // 2023-11-26T10:19:47Z
        #expect(
            page.movements == [
                AccountMovement(
                    id: id + "/base", reference: id, time: time, kind: .trade, asset: "ADA",
                    amount: ExactDecimal("-10")!),
                AccountMovement(
                    id: id + "/quote", reference: id, time: time, kind: .trade, asset: "USDT",
                    amount: ExactDecimal("3.920")!, fee: ExactDecimal("0.03136")!),
            ])
        #expect(page.next == "114994851")
    }

    /// A perpetual future's fill is a position, passed on by name for the sync to refuse.
    @Test func aRecordedPerpetualFill() throws {
        let page = try Self.page("ccxt__coinbase.json_fetchMyTrades_perp_httpResponse_PRETTY.json")
        #expect(page.movements.count == 1)
        #expect(page.movements.first?.kind == .other("fill of ADA-PERP-INTX"))
    }

    /// A size in the quote currency buys `size / price` of the base; no fills, no next page.
    @Test func aSizeInQuoteAndTheLastPage() throws {
        let body = try JSONReader.parse(
            Array(
                #"{"fills":[{"entry_id":"e1","product_id":"BTC-USD","side":"BUY","price":"40000","size":"100","size_in_quote":true,"commission":"0.6","trade_time":"2024-03-02T14:01:17.441Z"}],"cursor":""}"#
                    .utf8))
        let page = try CoinbaseFillsDecoder.page(body).get()
        #expect(page.movements.map(\.amount) == [ExactDecimal("0.0025")!, ExactDecimal("-100")!])
        #expect(page.next == nil)
        let empty = try JSONReader.parse(Array(#"{"fills":[],"cursor":"x"}"#.utf8))
        #expect(try CoinbaseFillsDecoder.page(empty).get() == AccountMovement.Page(movements: [], next: nil))
    }
}
