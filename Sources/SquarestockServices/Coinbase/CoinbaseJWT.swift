import Crypto
import Foundation
import SquarestockCore

/// The token Coinbase Advanced Trade wants on every private request (`Authorization: Bearer`):
/// an ES256 JWT made fresh per request, valid two minutes. Header `alg`, `kid` (the key name),
/// a random `nonce`, `typ`; claims `iss: "cdp"`, `sub` (the key name), `nbf`, `exp` (+120 s),
/// and `uri`: the method, a space, host and path, with no scheme and no query. The signature is
/// the raw 64-byte r‖s, base64url without padding like the two JSON parts.
package enum CoinbaseJWT {
    /// The key in the PEM Coinbase gives (SEC1 `EC PRIVATE KEY` or PKCS#8), whose line ends
    /// often arrive as the two characters `\n`; nil when it is no P-256 key (an Ed25519 key is
    /// refused: Coinbase's ES256 signing needs an ECDSA key).
    package static func privateKey(_ pem: String) -> P256.Signing.PrivateKey? {
        let text = pem.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\r", with: "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"' \n\t"))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return try? P256.Signing.PrivateKey(pemRepresentation: lines.joined(separator: "\n"))
    }

    /// The token for one request; `host` is `api.coinbase.com` (or the `--endpoint` host and port).
    package static func token(
        keyName: String, key: P256.Signing.PrivateKey, method: String, host: String, path: String, now: Int64
    ) -> String? {
        let nonce = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let header = "{\"alg\":\"ES256\",\"kid\":\(JSONText.quoted(keyName)),\"nonce\":\"\(nonce)\",\"typ\":\"JWT\"}"
        let claims =
            "{\"iss\":\"cdp\",\"sub\":\(JSONText.quoted(keyName)),\"nbf\":\(now),\"exp\":\(now + 120),\"uri\":\(JSONText.quoted(method + " " + host + path))}"
        let input = base64URL(Data(header.utf8)) + "." + base64URL(Data(claims.utf8))
        guard let signature = try? key.signature(for: Data(input.utf8)) else { return nil }
        return input + "." + base64URL(signature.rawRepresentation)
    }

    package static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
