import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// The consent form reader: only what Yahoo's form needs, read from bytes.
struct HTMLFormTests {
    @Test func recordedConsentFormGivesItsFourHiddenInputs() {
        let page = WrappedRecording.response(
            "yahoo-json/session/yahoo-finance2__wrapped_collectConsent_form-html_2025-02-16.json")
        let inputs = HTMLForm.hiddenInputs(page.body)
        #expect(inputs.map(\.name) == ["csrfToken", "sessionId", "originalDoneUrl", "namespace"])
        #expect(
            inputs.first { $0.name == "originalDoneUrl" }?.value == "https://finance.yahoo.com/quote/AAPL?guccounter=1")
        #expect(inputs.first { $0.name == "csrfToken" }?.value == "GoNrer0")
    }

    @Test func tagsAndAttributeNamesIgnoreCaseAndQuotesMayBeEither() {
        let html =
            "<INPUT TYPE='HIDDEN' Name='a' VALUE='1 &amp; 2'><input type=hidden name=b value=x y><Input type=\"text\" name=\"c\">"
        let inputs = HTMLForm.hiddenInputs(html)
        #expect(inputs.map(\.name) == ["a", "b"])
        #expect(inputs.map(\.value) == ["1 & 2", "x"])
    }

    @Test func anAttributeCountsOnlyAfterWhiteSpace() {
        let inputs = HTMLForm.hiddenInputs("<input data-type=\"text\" type=\"hidden\" data-name=\"no\" name=\"yes\">")
        #expect(inputs.map(\.name) == ["yes"])
    }

    @Test func brokenTagsYieldNothingRatherThanGarbage() {
        #expect(HTMLForm.hiddenInputs("<input type=\"hidden\" name=\"a").isEmpty, "no closing >")
        #expect(HTMLForm.hiddenInputs("<input type=\"hidden\" name=\"a>").isEmpty, "unclosed quote")
        #expect(HTMLForm.hiddenInputs("<input type=\"hidden\">").isEmpty, "no name")
        #expect(HTMLForm.hiddenInputs("").isEmpty)
        #expect(HTMLForm.hiddenInputs("<inpu").isEmpty)
    }
}

/// Entity decoding works on the value's bytes; what is not a reference we read stays as written.
struct HTMLEntityTests {
    @Test func namedAndNumericReferencesDecode() {
        #expect(HTMLForm.decodeEntities("guccounter&#x3D;1") == "guccounter=1")
        #expect(HTMLForm.decodeEntities("&amp;&lt;&gt;&quot;&apos;&#39;&#X41;&#65;") == "&<>\"''AA")
        #expect(HTMLForm.decodeEntities("&#x1F600;&#233;") == "\u{1F600}é")
    }

    @Test func whatIsNotAReferenceStaysAsWritten() {
        for text in [
            "&", "&amp", "a & b", "&nbsp;", "&#;", "&#x;", "&#xZZ;", "&#+65;", "&#-1;",
            "&#xD800;", "&#x110000;", "&#99999999999;", "&#x0000000041;", "&AMP;",
        ] {
            #expect(HTMLForm.decodeEntities(text) == text, "\(text)")
        }
    }

    @Test func textAroundReferencesIsKeptByteForByte() {
        #expect(HTMLForm.decodeEntities("é&amp;ü — &lt;x&gt;") == "é&ü — <x>")
        #expect(HTMLForm.decodeEntities("&&amp;;") == "&&;")
        let page = "<input type=hidden name=n value=\"caf\u{E9}&#x3D;&amp\">"
        #expect(HTMLForm.hiddenInputs(page).map(\.value) == ["caf\u{E9}=&amp"])
    }

    @Test func damagedUTF8IsRepairedNotDropped() {
        let bytes: [UInt8] = Array("<input type=hidden name=n value='a".utf8) + [0xFF] + Array("&amp;b'>".utf8)
        #expect(HTMLForm.hiddenInputs(bytes).map(\.value) == ["a\u{FFFD}&b"])
    }

    @Test func formBodyPercentEncodesEveryByteButTheUnreserved() {
        #expect(HTMLForm.encode([("a b", "x&y=z"), ("é", "-._~09AZaz")]) == "a%20b=x%26y%3Dz&%C3%A9=-._~09AZaz")
        #expect(Endpoint.encode("") == "")
        #expect(Endpoint.encode("BRK.B") == "BRK.B")
        #expect(Endpoint.encode("^GSPC/\u{0}") == "%5EGSPC%2F%00")
    }
}
