import Foundation

/// The secrets the user configured (the Stooq and Alpha Vantage keys, a password in `--endpoint`)
/// and the one pass that removes them from text quoted back from the network.
///
/// Services echo what they were sent: an error page repeating the request URL, a JSON message
/// naming "your API key". Every excerpt of a body passes through `redact` before it is cut to
/// length, so a cut falling inside a key cannot leave most of it behind. Matching folds ASCII
/// case and also looks for the percent-encoded forms, because a URL echo carries the key encoded
/// and some services lower- or upper-case what they echo.
package final class SecretRedactor: @unchecked Sendable {
    /// What stands where a secret was (the same word `Endpoint.redact` puts in URLs).
    package static let marker = "REDACTED"

    /// Shorter values are left alone: a one- or three-character "key" would turn every matching
    /// letter of every message into the marker, and it protects nothing anyway.
    package static let minimumLength = 4

    /// Keys every user of a service shares, published in its documentation (Alpha Vantage's
    /// `demo`): no secret, and replacing the word wherever it appears garbled the service's own
    /// message about it ("The **REDACTED** API key is for REDACTED purposes only").
    static let publicKeys: Set<String> = ["demo"]

    /// The process's secrets, registered by the command line once it has read its settings.
    package static let shared = SecretRedactor()

    private let lock = Lock()
    /// Every form of every secret, ASCII letters lower-cased, longest first so that the longer of
    /// two overlapping forms is the one replaced.
    private var needles: [[UInt8]] = []
    /// The forms of the secrets `register` was given (needles is these and `passing`'s).
    private var kept: [[UInt8]] = []
    /// The forms of the last `passingKept` short-lived secrets (`registerPassing`), oldest first.
    private var passing: [[[UInt8]]] = []
    /// How many short-lived secrets are kept: an error is read right after its request.
    static let passingKept = 8

    package init(secrets: [String?] = []) {
        for s in secrets { register(s) }
    }

    /// Adds `secret` and every form it may be sent in, and so echoed back in: percent-encoded
    /// (a query or form value, `+` for a space), JSON-escaped (`\/`), and inside base64 or
    /// base64url text (an `Authorization: Basic base64(key:secret)` header, a JWT's header and
    /// claims). nil, empty and too-short values are ignored.
    package func register(_ secret: String?) {
        guard let secret, secret.utf8.count >= SecretRedactor.minimumLength,
            !SecretRedactor.publicKeys.contains(secret.lowercased())
        else { return }
        let forms = Self.sentForms(secret) + SecretRedactor.base64Cores(Array(secret.utf8))
        lock.withLock {
            for form in forms.map(Self.folded) where !kept.contains(form) { kept.append(form) }
            rebuild()
        }
    }

    /// A secret of one request (its signature, its signed token), in the forms it is sent in,
    /// until `passingKept` newer ones came: a server that echoes the request names it in its
    /// error. Not inside base64, and not kept for the process's life: a sync of a thousand pages
    /// would make every later write search thousands of them.
    package func registerPassing(_ secret: String) {
        guard secret.utf8.count >= SecretRedactor.minimumLength else { return }
        lock.withLock {
            passing.append(Self.sentForms(secret).map(Self.folded))
            if passing.count > Self.passingKept { passing.removeFirst() }
            rebuild()
        }
    }

    /// `secret` as a query or form value (percent-encoded, `+` for a space) and in JSON (`\/`).
    private static func sentForms(_ secret: String) -> [String] {
        let encoded = Endpoint.encode(secret)
        return [
            secret, encoded, encoded.replacingOccurrences(of: "%20", with: "+"),
            secret.replacingOccurrences(of: "/", with: "\\/"),
        ].filter { $0.utf8.count >= SecretRedactor.minimumLength }
    }

    private static func folded(_ form: String) -> [UInt8] { form.utf8.map(SecretRedactor.fold) }

    /// `needles` from `kept` and `passing`, each once, longest first (under the lock).
    private func rebuild() {
        var all = kept
        for form in passing.joined() where !all.contains(form) { all.append(form) }
        needles = all.sorted { $0.count > $1.count }
    }

    /// What base64 text holding `secret` anywhere always contains, in both alphabets.
    ///
    /// Base64 writes 3 bytes as 4 characters, so how `secret` is encoded depends on where it
    /// falls in the blob (its offset modulo 3): `key:secret` puts the secret at the key's length
    /// plus one, a JWT's claims put a key name wherever the JSON does. For each of the three
    /// alignments, the whole 3-byte groups made only of the secret's bytes encode to the same
    /// characters whatever surrounds them; those runs are registered. At most two bytes at
    /// either end (a few bits of base64) stay outside the marker.
    static func base64Cores(_ secret: [UInt8]) -> [String] {
        guard secret.count >= 6 else { return [] }
        var out: [String] = []
        for start in 0..<3 {
            let groups = (secret.count - start) / 3
            guard groups >= 2 else { continue }
            let core = Data(secret[start..<(start + 3 * groups)]).base64EncodedString()
            out.append(core)
            out.append(core.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        }
        return out
    }

    /// A message an exchange or a service wrote, fit to show: control and escape sequences
    /// removed, every secret replaced, and only then cut to `limit` characters (with `…`), so
    /// that a cut can never fall inside a secret and leave part of it. The whole message is
    /// cleaned before anything is cut (it came out of a body the transport already bounds):
    /// cutting first would let invisible padding push a key across the cut.
    package func excerpt(_ message: String, limit: Int = 160) -> String {
        let clean = redact(TerminalText.sanitize(message))
        return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
    }

    /// `bytes` with every secret replaced by the marker.
    package func redact<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        let needles = lock.withLock { self.needles }
        guard !needles.isEmpty else { return Array(bytes) }
        let hay = Array(bytes)
        let marker = Array(SecretRedactor.marker.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(hay.count)
        var i = 0
        scan: while i < hay.count {
            let first = SecretRedactor.fold(hay[i])
            for needle in needles where needle[0] == first && hay.count - i >= needle.count {
                var j = 1
                while j < needle.count, SecretRedactor.fold(hay[i + j]) == needle[j] { j += 1 }
                if j == needle.count {
                    out += marker
                    i += needle.count
                    continue scan
                }
            }
            out.append(hay[i])
            i += 1
        }
        return out
    }

    /// `text` with every secret replaced by the marker.
    package func redact(_ text: String) -> String {
        guard !isEmpty else { return text }
        return String(decoding: redact(text.utf8), as: UTF8.self)
    }

    /// The first `limit` bytes of `body`, redacted; a secret straddling the limit is still found,
    /// because the search looks as far past it as the longest secret is long.
    package func redactedHead(_ body: [UInt8], limit: Int) -> ArraySlice<UInt8> {
        let longest = lock.withLock { needles.first?.count ?? 0 }
        guard longest > 0 else { return body.prefix(limit) }
        return redact(body.prefix(limit + longest)).prefix(limit)
    }

    package var isEmpty: Bool { lock.withLock { needles.isEmpty } }

    private static func fold(_ b: UInt8) -> UInt8 { (b >= 65 && b <= 90) ? b | 0x20 : b }
}
