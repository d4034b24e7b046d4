import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// `Ledgers` decoded from Kraken's documented answer (`Fixtures/imports/kraken/`, the JSON after
/// the test harness's three lines): ids, references, signed amounts and fees exact, times to the
/// second from their text, assets by their common names.
struct KrakenLedgerDecoderTests {
    static func body(_ file: String) throws -> JSONValue {
        let text = Fixture.text("imports/kraken/" + file)
        let json = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)[3]
        return try JSONReader.parse(Array(json.utf8))
    }

    @Test func theDocumentedLedgerPage() throws {
        let envelope = try Self.body("JKorf__GetLedgerInfo.txt")
        let result = try #require(envelope["result"])
        let page = try KrakenLedgerDecoder.page(result).get()
        #expect(page.next == nil)
        #expect(try KrakenLedgerDecoder.page(result, offset: 0).get().next == nil)
        #expect(
            page.movements == [
                AccountMovement(
                    id: "L4UESK-KG3EQ-UFO4T5", reference: "TJKLXF-PGMUI-4NTLXU",
                    time: Instant(secondsSinceEpoch: 1_688_464_484), kind: .trade, asset: "GBP",
                    amount: ExactDecimal("-24.5000")!, fee: ExactDecimal("0.0490")!),
                AccountMovement(
                    id: "LMKZCZ-Z3GVL-CXKK4H", reference: "TBZIP2-F6QOU-TMB6FY",
                    time: Instant(secondsSinceEpoch: 1_688_444_262), kind: .trade, asset: "USD",
                    amount: ExactDecimal("0.9852")!, fee: ExactDecimal("0.0010")!),
            ])
    }

    /// A staked balance's suffix is taken off and marked; a row without its amount is refused.
    @Test func aStakedAssetAndAMalformedRow() throws {
        let staked = try JSONReader.parse(
            Array(
                #"{"ledger":{"L1":{"refid":"R1","time":1710032711.0,"type":"staking","subtype":"","asset":"DOT.S","amount":"0.5","fee":"0"}},"count":1}"#
                    .utf8))
        let m = try #require(try KrakenLedgerDecoder.page(staked).get().movements.first)
        #expect(m.asset == "DOT" && m.staked && m.kind == AccountMovement.Kind.reward)
        let broken = try JSONReader.parse(Array(#"{"ledger":{"L1":{"refid":"R1","time":1,"asset":"ZEUR"}}}"#.utf8))
        guard case .failure(.malformed) = KrakenLedgerDecoder.page(broken) else {
            Issue.record("a row without its amount was read")
            return
        }
    }
}
