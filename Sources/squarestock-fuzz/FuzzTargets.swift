import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockSearch
import SquarestockServices
import SquarestockWatch

/// Every parser that reads bytes from the network or from disk, as a fuzz target: each must
/// return a value or a typed error for any input, never trap, hang or read out of bounds.
enum FuzzTargets {
    static let names =
        FuzzByteTargets.names + FuzzServiceTargets.names + FuzzLocalTargets.names + [
            "quote-render", "directory-search", "watch-render", "fx-convert",
        ] + FuzzExchangeTargets.names

    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_761_755_819))
    static let newYork = try? ExchangeTimeZone(identifier: "America/New_York")
    /// Every eighth listing of the shipped directory (from SQUARESTOCK_DATA or the checkout),
    /// indexed once for the search target. The query is what is fuzzed: a 1/8 sample keeps every
    /// kind of name, share class and venue the full index has and makes each query 8x cheaper,
    /// which is what lets the target reach its ten million executions.
    static let searchIndex: SymbolIndex? = {
        guard let full = try? SymbolDirectoryStore(environment: ProcessInfo.processInfo.environment).loadIndex().get()
        else { return nil }
        return SymbolIndex(listings: stride(from: 0, to: full.count, by: 8).map { full.listing(at: $0) })
    }()

    /// A snapshot of every 256th listing of the shipped directory (a few dozen listings, a few
    /// KB, so one run stays cheap), made once.
    static let smallSnapshot: [UInt8]? = searchIndex.map { sample in
        SymbolIndex(listings: stride(from: 0, to: sample.count, by: 32).map { sample.listing(at: $0) }).snapshot()
    }

    /// Why `target` cannot be fuzzed in this process, if it cannot. An unknown name, or a search
    /// target without the symbol directory, would otherwise run every input through nothing and
    /// count millions of executions that tested nothing.
    static func unusable(_ target: String) -> String? {
        guard names.contains(target) else {
            return "unknown target '\(target)'; targets: " + names.joined(separator: " ")
        }
        if target == "search-query" || target == "snapshot", searchIndex == nil {
            return
                "\(target) needs the symbol directory: run from a checkout, or set SQUARESTOCK_DATA to its data/ folder"
        }
        return nil
    }

    static func run(_ target: String, _ bytes: [UInt8]) {
        let groups: [(String, [UInt8]) -> Bool] = [
            FuzzByteTargets.run, FuzzServiceTargets.run, FuzzLocalTargets.run, FuzzExchangeTargets.run,
        ]
        for run in groups where run(target, bytes) { return }
        switch target {
        case "quote-render":
            // A quote as the user sees it: the first byte picks the decoder (Yahoo chart, Yahoo
            // quote, Stooq, legacy Yahoo CSV), then the stock goes through the market status, the
            // table with its sparkline, and the CSV and JSON writers, so absurd values that decode
            // (a trade in year 292277026596, a zero previous close) reach the arithmetic on them.
            guard let (selector, body) = FuzzRenderTargets.split(bytes) else { return }
            let results = FuzzRenderTargets.decodedQuotes(selector: selector, body: body)
            guard !results.isEmpty else { return }
            FuzzOracle.requireInert(
                [
                    QuoteTableRenderer(
                        width: 100, style: selector & 4 == 0 ? .unicode : .ascii, palette: .plain, userZone: newYork
                    )
                    .render(results, now: context.now),
                    QuoteCSVWriter.render(results, now: context.now), QuoteJSONWriter.render(results, now: context.now),
                ], "a quote")
        case "directory-search": FuzzRenderTargets.directorySearch(bytes)
        case "watch-render": FuzzRenderTargets.watchRender(bytes)
        case "fx-convert": FuzzRenderTargets.fxConvert(bytes)
        default: break
        }
    }
}
