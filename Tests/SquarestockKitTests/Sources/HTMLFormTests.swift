import Testing
import TestSupport
@testable import SquarestockKit

/// The consent form reader: only what Yahoo's form needs, read from bytes.
struct HTMLFormTests {
    @Test func recordedConsentFormGivesItsFourHiddenInputs() {
        let page = WrappedRecording.response("yahoo-json/session/yahoo-finance2__wrapped_collectConsent_form-html_2025-02-16.json")
        let inputs = HTMLForm.hiddenInputs(page.body)
        #expect(inputs.map(\.name) == ["csrfToken", "sessionId", "originalDoneUrl", "namespace"])
        #expect(inputs.first { $0.name == "originalDoneUrl" }?.value == "https://finance.yahoo.com/quote/AAPL?guccounter=1")
        #expect(inputs.first { $0.name == "csrfToken" }?.value == "GoNrer0")
    }

    @Test func tagsAndAttributeNamesIgnoreCaseAndQuotesMayBeEither() {
        let html = "<INPUT TYPE='HIDDEN' Name='a' VALUE='1 &amp; 2'><input type=hidden name=b value=x y><Input type=\"text\" name=\"c\">"
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
