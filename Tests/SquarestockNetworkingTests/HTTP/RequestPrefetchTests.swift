import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking

/// Code that asks for its requests one at a time gets them sent in one batch, and its result is
/// the one it computes from real answers.
@Suite struct RequestPrefetchTests {
    static func text(_ result: Result<HTTPResponse, TransportError>) -> String {
        (try? result.get()).map { String(decoding: $0.body, as: UTF8.self) } ?? "failed"
    }

    @Test func oneAtATimeRequestsGoOutTogether() {
        let scripted = ScriptedTransport()
        scripted.on("/a", text: "A")
        scripted.on("/b", text: "B")
        scripted.on("/c", text: "C")
        let log = BatchLogTransport(scripted)
        let answers = RequestPrefetch.run(through: log) { t in
            ["/a", "/b", "/c", "/a"].map { Self.text(t.perform(HTTPRequest(url: "http://h" + $0))) }
        }
        #expect(answers == ["A", "B", "C", "A"])
        #expect(log.batches == [["http://h/a", "http://h/b", "http://h/c"]])
    }

    @Test func aRequestOnlyTheRealAnswersLeadToIsMadeThen() {
        let scripted = ScriptedTransport()
        scripted.on("/first", text: "go on")
        scripted.on("/second", text: "done")
        let log = BatchLogTransport(scripted)
        let answer = RequestPrefetch.run(through: log) { t -> String in
            let first = Self.text(t.perform(HTTPRequest(url: "http://h/first")))
            guard first == "go on" else { return first }
            return Self.text(t.perform(HTTPRequest(url: "http://h/second")))
        }
        #expect(answer == "done")
        #expect(log.batches == [["http://h/first"], ["http://h/second"]])
    }

    @Test func nothingAskedNothingSent() {
        let log = BatchLogTransport(ScriptedTransport())
        #expect(RequestPrefetch.run(through: log) { _ in 7 } == 7)
        #expect(log.batches.isEmpty)
    }
}
