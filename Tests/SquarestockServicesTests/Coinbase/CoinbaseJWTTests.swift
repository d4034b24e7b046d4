import Crypto
import Foundation
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Coinbase's per-request JWT: the documented header and claims, the signature verified with the
/// key's public half, and the PEM forms keys arrive in.
struct CoinbaseJWTTests {
    /// A throwaway P-256 key made for these tests with `openssl ecparam -name prime256v1 -genkey`
    /// (SEC1 `EC PRIVATE KEY`), written with literal `\n` as the environment carries it.
    static let pem =
        "-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEIFaTh5lOCssiwZGySlJxRYUzsfvXt/EnXky5K+Z+9iOVoAoGCCqGSM49\\n"
        + "AwEHoUQDQgAEM/nLYVq6cAg2AV8NKkQU48UwUNlqfHOhTBKXirx+AbT/1CyG+ldt\\n"
        + "5WerKoZZ1C3WNpAnPddMGg/bpsruX7CmqQ==\\n-----END EC PRIVATE KEY-----\\n"
    static let keyName = "organizations/0f1e2d3c/apiKeys/4b5a6978"

    static func decode(_ part: Substring) throws -> [String: Any] {
        var b = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b.count % 4 != 0 { b += "=" }
        let data = try #require(Data(base64Encoded: b))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theTokenHasTheDocumentedHeaderClaimsAndAValidSignature() throws {
        let key = try #require(CoinbaseJWT.privateKey(Self.pem))
        let token = try #require(
            CoinbaseJWT.token(
                keyName: Self.keyName, key: key, method: "GET", host: "api.coinbase.com",
                path: "/api/v3/brokerage/accounts", now: 1_790_000_000))
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
        let header = try Self.decode(parts[0])
        #expect(header["alg"] as? String == "ES256" && header["typ"] as? String == "JWT")
        #expect(header["kid"] as? String == Self.keyName)
        #expect((header["nonce"] as? String)?.count == 32)
        let claims = try Self.decode(parts[1])
        #expect(claims["iss"] as? String == "cdp" && claims["sub"] as? String == Self.keyName)
        #expect(claims["nbf"] as? Int == 1_790_000_000 && claims["exp"] as? Int == 1_790_000_120)
        #expect(claims["uri"] as? String == "GET api.coinbase.com/api/v3/brokerage/accounts")
        var sig = String(parts[2]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while sig.count % 4 != 0 { sig += "=" }
        let raw = try #require(Data(base64Encoded: sig))
        #expect(raw.count == 64)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: raw)
        #expect(key.publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)))
        // Another request's token is another token (fresh nonce), and a changed claim fails.
        let again = CoinbaseJWT.token(
            keyName: Self.keyName, key: key, method: "GET", host: "api.coinbase.com",
            path: "/api/v3/brokerage/accounts", now: 1_790_000_000)
        #expect(again != token)
        let forged = CoinbaseJWT.base64URL(Data("{\"iss\":\"cdp\"}".utf8))
        #expect(!key.publicKey.isValidSignature(signature, for: Data((parts[0] + "." + forged).utf8)))
    }

    @Test func keysAreReadInEveryFormTheyArriveIn() throws {
        let real = Self.pem.replacingOccurrences(of: "\\n", with: "\n")
        #expect(CoinbaseJWT.privateKey(Self.pem) != nil)
        #expect(CoinbaseJWT.privateKey(real) != nil)
        #expect(CoinbaseJWT.privateKey("\"" + Self.pem + "\"") != nil)
        #expect(CoinbaseJWT.privateKey(real.replacingOccurrences(of: "\n", with: "\r\n")) != nil)
        let pkcs8 = P256.Signing.PrivateKey().pemRepresentation
        #expect(CoinbaseJWT.privateKey(pkcs8) != nil)
        #expect(CoinbaseJWT.privateKey(Curve25519.Signing.PrivateKey().rawRepresentation.base64EncodedString()) == nil)
        #expect(CoinbaseJWT.privateKey("not a key") == nil)
    }
}
