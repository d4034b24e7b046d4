import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Kraken's request signature against its published test vector, and against the loopback
/// fake's independent implementation for other inputs.
struct KrakenSigningTests {
    /// docs.kraken.com, Spot REST authentication (copied from the recorded vector).
    static let secret = "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg=="

    @Test func reproducesKrakensPublishedVector() {
        let sign = KrakenSigner.signature(
            path: "/0/private/AddOrder", nonce: "1616492376594",
            body: "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25",
            secret: Self.secret)
        #expect(sign == "4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==")
    }

    @Test(arguments: ["/0/private/BalanceEx", "/0/private/CancelOrder", "/0/private/AddOrder"])
    func agreesWithTheFakesOwnImplementation(path: String) {
        for nonce in ["1", "1790000000000", "18446744073709551615"] {
            let body = "nonce=\(nonce)&txid=O12345-ABCDE-FGHIJK&volume=0.01"
            let ours = KrakenSigner.signature(path: path, nonce: nonce, body: body, secret: Self.secret)
            #expect(ours != nil)
            #expect(ours == KrakenPrivateFake.signature(path: path, nonce: nonce, body: body, secret: Self.secret))
        }
        // One byte changed anywhere changes the signature.
        let a = KrakenSigner.signature(path: path, nonce: "5", body: "nonce=5&volume=1", secret: Self.secret)
        #expect(a != KrakenSigner.signature(path: path, nonce: "5", body: "nonce=5&volume=2", secret: Self.secret))
        #expect(a != KrakenSigner.signature(path: path, nonce: "6", body: "nonce=5&volume=1", secret: Self.secret))
    }

    @Test func aSecretThatIsNotBase64IsRefusedNotSigned() {
        #expect(
            KrakenSigner.signature(path: "/0/private/Balance", nonce: "1", body: "nonce=1", secret: "not base64!")
                == nil)
    }

    @Test func credentialsNeverPrintThemselves() {
        let c = ExchangeCredentials(key: "KEY-abcdef", secret: Self.secret)
        #expect(!"\(c)".contains("abcdef") && !"\(c)".contains("kQH5"))
        #expect(!String(reflecting: c).contains("kQH5"))
    }

    @Test func noncesIncreaseAcrossSourcesSharingAFile() throws {
        let path = TemporaryPath.make("nonce")
        let a = KrakenNonceSource(path: path)
        let b = KrakenNonceSource(path: path)
        var seen: [UInt64] = []
        for i in 0..<200 {
            let n = try (i % 2 == 0 ? a : b).withNonce { .success(UInt64($0)!) }.get()
            seen.append(n)
        }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
    }
}
