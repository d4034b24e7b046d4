import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockServices

/// `squarestock doctor`: asks every source for one well-known symbol and reports what came
/// back, plus the local setup (config, cache, keys, terminal), so a user can see at once why
/// quotes fail. Keys and cookies are reported as present or absent, never shown.
public struct Doctor: Sendable {
    public struct SourceReport: Sendable {
        public var name: String
        public var ok: Bool
        public var summary: String
        package var requests: [RecordingTransport.Entry]
    }

    public var probeSymbol = "AAPL"
    /// What exchanges are asked for: every exchange lists it.
    public var exchangeProbeSymbol = "BTC-USD"
    package let sources: [QuoteSource]

    /// Times each probe; injected so a test can pin the reported durations.
    package let clock: any MonotonicClock

    package init(sources: [QuoteSource], clock: any MonotonicClock = ProcessMonotonicClock()) {
        self.sources = sources
        self.clock = clock
    }

    package func check(context: SourceContext, transport: HTTPTransport) -> [SourceReport] {
        sources.map { source in
            let recorder = RecordingTransport(transport, clock: clock)
            let started = clock.now()
            let symbol = source is ExchangeSource ? exchangeProbeSymbol : probeSymbol
            let result = source.quotes(for: [symbol], context: context, transport: recorder)[0]
            let seconds = clock.now() - started
            let took = Self.seconds(seconds)
            switch result.outcome {
            case .success(let s):
                let price = s.price.last.map(NumberFormatting.price) ?? "no price"
                return SourceReport(
                    name: source.name, ok: true,
                    summary: "\(symbol) \(price) \(s.currency?.code ?? "") in \(took)"
                        + s.notes.map { note in
                            guard case .exchangeStatus = note else { return "" }
                            return "; " + note.text
                        }.joined(),
                    requests: recorder.entries)
            case .failure(let e):
                return SourceReport(
                    name: source.name, ok: false, summary: e.detail + " (\(took))", requests: recorder.entries)
            }
        }
    }

    /// One line about a file or folder: where, whether it exists, its permissions.
    public static func describePath(_ label: String, _ path: String?) -> String {
        guard let path else { return "\(label): unknown (no HOME)" }
        var st = stat()
        guard stat(path, &st) == 0 else { return "\(label): \(path) (not present)" }
        let mode = st.st_mode & 0o777
        var line = "\(label): \(path) (mode \(String(mode, radix: 8)))"
        if mode & 0o077 != 0 && label.contains("config") { line += " warning: readable by others; run chmod 600" }
        return line
    }

    package static func entryLine(_ e: RecordingTransport.Entry) -> String {
        let what: String
        if let err = e.error {
            what = "failed: " + err
        } else if e.url.hasPrefix("file://") {
            // A local file (the recorded samples) has no HTTP status: it read "HTTP 0".
            what = "read, \(e.kind?.description ?? "?")"
        } else {
            what = "HTTP \(e.status ?? 0), \(e.kind?.description ?? "?")"
        }
        return "    \(e.url)  \(what)  \(Int((e.seconds * 1000).rounded())) ms"
    }

    /// A duration as `1.23 s`. Not `String(format:)`: every quote writes its request log with
    /// these helpers, and Foundation's formatting (varargs boxed as `CVarArg`, dynamic casts
    /// that scan the binary's conformance records) cost a one-shot quote about 0.4 ms (issue 30).
    package static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
