import Testing

@testable import SquarestockCore

/// What the user is shown of a body that was not what we asked for.
struct BodyKindTests {
    @Test func classifiesByTheFirstMeaningfulBytes() {
        #expect(BodyKind.classify([]) == .empty)
        #expect(BodyKind.classify(Array(" \r\n".utf8)) == .empty)
        #expect(BodyKind.classify(Array("\u{FEFF}<!doctype html>".utf8)) == .html)
        #expect(BodyKind.classify(Array("  {\"a\":1}".utf8)) == .json)
        #expect(BodyKind.classify(Array("cb({\"a\":1})".utf8)) == .json)
        #expect(BodyKind.classify(Array("Exceeded the daily hits limit".utf8)) == .text)
        #expect(BodyKind.classify([0, 1, 2, 3, 4, 5, 65]) == .binary)
    }

    @Test func excerptPrefersTheHTMLTitleWhateverItsCase() {
        let page = "<html><HEAD><TiTlE lang=\"en\">Yahoo is unavailable</tItLe></HEAD><body>long text</body></html>"
        #expect(BodyKind.excerpt(Array(page.utf8)) == "Yahoo is unavailable")
    }

    /// A key removed from a short body (replaced by a shorter word) is no sign of a cut: the
    /// excerpt ended in "…" though nothing was left out.
    @Test func aRedactedShortBodyIsNotShownAsCut() {
        let redactor = SecretRedactor(secrets: ["SEKRETKEY123"])
        let body = Array("Internal error with key SEKRETKEY123".utf8)
        let excerpt = BodyKind.excerpt(body, redactor: redactor)
        #expect(!excerpt.hasSuffix("…") && !excerpt.contains("SEKRETKEY123"), "\(excerpt)")
        // A body longer than what is looked at, on one line, still is.
        let long = Array(repeating: UInt8(ascii: "a"), count: 70 * 1024)
        #expect(BodyKind.excerpt(long, redactor: redactor).hasSuffix("…"))
    }

    @Test func excerptWithoutATitleIsTheFirstNonBlankLine() {
        #expect(
            BodyKind.excerpt(Array("\u{FEFF}\n\n   Exceeded the daily hits limit\nsecond".utf8))
                == "Exceeded the daily hits limit")
        #expect(BodyKind.excerpt(Array("<title>unclosed\nnext".utf8)) == "<title>unclosed")
    }

    @Test func excerptStripsControlsAndEscapes() {
        let body = Array("bad \u{1B}]52;c;aGk=\u{07}news\u{1B}[31m here".utf8)
        let e = BodyKind.excerpt(body)
        #expect(!e.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(e.hasPrefix("bad "))
    }

    /// Error pages can be megabytes on one line; the excerpt is cut to the limit with an ellipsis
    /// however long the line is, and whatever the line holds.
    @Test func aHugeFirstLineIsCutWithAnEllipsis() {
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20)
        let e = BodyKind.excerpt(body, limit: 80)
        #expect(e.count == 80)
        #expect(e.hasSuffix("…"))
        let controls = [UInt8](repeating: 0x01, count: 1 << 20) + Array("tail".utf8)
        let c = BodyKind.excerpt(controls, limit: 80)
        #expect(
            c.hasSuffix("…"), "a line longer than the window is marked as cut even when its start sanitises to nothing")
        #expect(c.count <= 80)
    }

    @Test func aShortLineIsNotMarkedAsCut() {
        #expect(BodyKind.excerpt(Array("Service Unavailable".utf8), limit: 80) == "Service Unavailable")
        let exactly = String(repeating: "y", count: 80)
        #expect(BodyKind.excerpt(Array(exactly.utf8), limit: 80) == exactly)
    }
}
