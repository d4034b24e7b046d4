import Crypto
import Foundation

/// Kraken's private-call signature (`API-Sign`): HMAC-SHA512, keyed with the base64-decoded
/// secret, of the URI path followed by SHA-256 of the nonce and the exact form body sent
/// (which holds the same nonce). Base64 of the 64-byte MAC. Reproduces Kraken's published test
/// vector (SigningTests).
package enum KrakenSigner {
    /// Nil when the secret is not base64 (a key pasted in the wrong field).
    package static func signature(path: String, nonce: String, body: String, secret: String) -> String? {
        guard let key = Data(base64Encoded: secret.trimmingCharacters(in: .whitespaces)), !key.isEmpty else {
            return nil
        }
        var inner = SHA256()
        inner.update(data: Array(nonce.utf8))
        inner.update(data: Array(body.utf8))
        var message = Array(path.utf8)
        message.append(contentsOf: inner.finalize())
        let mac = HMAC<SHA512>.authenticationCode(for: message, using: SymmetricKey(data: key))
        return Data(mac).base64EncodedString()
    }
}
