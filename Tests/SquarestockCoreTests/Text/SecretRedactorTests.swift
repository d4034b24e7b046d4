import Foundation
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// The one redaction pass every excerpt of network text goes through (issue 22).
struct SecretRedactorTests {
    static let key = "Ab+Cd/Ef=Gh42"

    @Test func everyFormOfTheKeyIsReplaced() {
        let r = SecretRedactor(secrets: [Self.key])
        #expect(r.redact("raw Ab+Cd/Ef=Gh42 end") == "raw REDACTED end")
        #expect(r.redact("lower ab+cd/ef=gh42 upper AB+CD/EF=GH42") == "lower REDACTED upper REDACTED")
        #expect(r.redact("url ?apikey=Ab%2BCd%2FEf%3DGh42&x") == "url ?apikey=REDACTED&x")
        #expect(r.redact("hex ab%2bcd%2fef%3dgh42.") == "hex REDACTED.")
        #expect(r.redact("nothing here") == "nothing here")
    }

    /// A request's signature is kept out of messages until `passingKept` newer ones came (a sync
    /// of a thousand pages would otherwise make every write search thousands); the key stays.
    @Test func aRequestsSignatureIsKeptUntilNewerOnesCame() {
        let r = SecretRedactor(secrets: [Self.key])
        let signatures = (0...SecretRedactor.passingKept).map { "sig\($0)/Zm9vYmFyYmF6cXV4+" }
        for s in signatures { r.registerPassing(s) }
        #expect(r.redact("echo \(signatures.last!) end") == "echo REDACTED end")
        let escaped = signatures.last!.replacingOccurrences(of: "/", with: "\\/")
        #expect(r.redact("json \(escaped) end") == "json REDACTED end")
        #expect(r.redact("old \(signatures[0]) end") == "old \(signatures[0]) end")
        #expect(r.redact("raw Ab+Cd/Ef=Gh42 end") == "raw REDACTED end")
    }

    @Test func shortValuesAreNotSecrets() {
        let r = SecretRedactor(secrets: ["k", "abc", nil, ""])
        #expect(r.isEmpty)
        #expect(r.redact("kick abc") == "kick abc")
    }

    /// Alpha Vantage's published `demo` key is every user's: registered, it turned the
    /// service's message about it into "The **REDACTED** API key is for REDACTED purposes only".
    @Test func aPublicDemoKeyIsNoSecret() {
        let r = SecretRedactor(secrets: ["demo", "DEMO"])
        #expect(r.isEmpty)
        #expect(
            r.redact("The **demo** API key is for demo purposes only.")
                == "The **demo** API key is for demo purposes only.")
    }

    /// A cut falling inside the key used to leave all of it but the last character.
    @Test func excerptIsRedactedBeforeItIsCut() {
        let r = SecretRedactor(secrets: [Self.key])
        for pad in 60...80 {
            let body = Array((String(repeating: "x", count: pad) + Self.key + " tail").utf8)
            let e = BodyKind.excerpt(body, redactor: r)
            #expect(!e.contains("Ab+Cd/"), "pad \(pad): \(e)")
        }
        let title = Array(("<title>" + String(repeating: "y", count: 70) + Self.key + "</title>").utf8)
        #expect(!BodyKind.excerpt(title, redactor: r).contains("Ab+Cd/"))
    }

    /// A key straddling the 64 KiB the excerpt looks at is still found.
    @Test func keyAcrossTheHeadLimitIsFound() {
        let r = SecretRedactor(secrets: [Self.key])
        let body = Array((String(repeating: "z", count: 64 * 1024 - 5) + Self.key).utf8)
        let head = r.redactedHead(body, limit: 64 * 1024)
        #expect(head.count == 64 * 1024)
        #expect(!String(decoding: head, as: UTF8.self).contains("Ab+Cd"))
    }

    @Test func endpointPasswordIsHiddenInURLs() {
        #expect(
            Endpoint.redact("http://alice:hunter2@127.0.0.1:8080/q/l/?s=x&apikey=k1")
                == "http://alice:***@127.0.0.1:8080/q/l/?s=x&apikey=REDACTED")
        #expect(Endpoint.password("https://u:p%40ss@host/") == "p%40ss")
        #expect(Endpoint.password("https://u@host/") == nil)
        #expect(Endpoint.password("https://host/a:b@c") == nil)
        let r = SecretRedactor()
        r.register(context: SourceContext(endpoint: "http://u:p%40ssw0rd@h:1"))
        #expect(r.redact("said p@ssw0rd and p%40ssw0rd") == "said REDACTED and REDACTED")
    }

    /// Issue 28: a message cut to length after redaction never keeps part of a key, wherever
    /// the cut falls.
    @Test func messageExcerptRedactsBeforeTheCut() {
        let key = "KEY-0123456789abcdefghij"
        let r = SecretRedactor(secrets: [key])
        for pad in 130...170 {
            let e = r.excerpt(String(repeating: "x", count: pad) + key + " tail", limit: 160)
            #expect(!e.lowercased().contains("key-0123"), "pad \(pad): \(e)")
            #expect(e.count <= 160)
        }
        #expect(r.excerpt("short \u{1B}]52;c;aGk=\u{07}text") == "short text")
        // Invisible padding longer than any window before the key: still found whole.
        let padded = String(repeating: "\u{01}", count: 70_000) + key + " tail"
        #expect(!r.excerpt(padded).lowercased().contains("key-0123"))
        for pad in [600, 630, 635] {
            let body = Array((String(repeating: "\u{01}", count: pad) + key + " tail").utf8)
            #expect(!BodyKind.excerpt(body, redactor: r).lowercased().contains("key-0123"), "pad \(pad)")
        }
    }

    /// Every alignment of a secret inside base64 and base64url text is found: an echoed
    /// `Authorization: Basic base64(key:secret)` header, a JWT's claims naming a key.
    @Test func base64FormsAreFoundAtEveryAlignment() {
        let key = "org/7f3a-api-key-41d05b86"
        let secret = "s3cr3t+value/with=signs"
        let r = SecretRedactor(secrets: [key, secret])
        for prefix in ["", "a", "ab", "abc", "{\"kid\":\""] {
            let blob = Data((prefix + key + ":" + secret + "\"}").utf8)
            for encoded in [
                blob.base64EncodedString(),
                blob.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""),
            ] {
                let out = r.redact("Authorization: Basic " + encoded)
                // Both found; between them stand only the `:` and a few edge characters.
                let parts = out.components(separatedBy: "REDACTED")
                #expect(parts.count == 3, "\(prefix): \(out)")
                if parts.count == 3 { #expect(parts[1].count <= 6, "\(prefix): \(out)") }
            }
        }
        #expect(r.redact("said org\\/7f3a-api-key-41d05b86") == "said REDACTED")
    }

    /// Invisible characters are not text: a zero-width space cannot hide inside a name.
    @Test func zeroWidthCharactersAreRemoved() {
        #expect(TerminalText.sanitize("BT\u{200B}C") == "BTC")
        #expect(TerminalText.sanitize("a\u{2060}b\u{FFF9}c\u{180E}d") == "abcd")
        // ZWJ stays where emoji sequences need it, not after ASCII, where it only splits a word.
        #expect(TerminalText.sanitize("👩\u{200D}💻") == "👩\u{200D}💻")
        #expect(TerminalText.sanitize("AB\u{200C}CD\u{00AD}EF\u{FE0F}GH\u{E0041}") == "ABCDEFGH")
        // A key split by invisible characters is still found once sanitized.
        let r = SecretRedactor(secrets: ["KEY-0123456789"])
        #expect(r.excerpt("x KEY-01\u{200C}2345\u{00AD}6789 y") == "x REDACTED y")
    }
}
