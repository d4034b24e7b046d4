import SquarestockCore

/// What `watch --count N` needs to know about a whole run: how many refreshes are complete, and
/// the exit status over the run.
///
/// A refresh is a complete round over every symbol: symbols are fetched in batches on their
/// own schedules (a failing one backs off while the others go on), so counting batches would
/// stop before the slow symbol was asked again. The exit status follows `quote`'s table over
/// the run, not the last batch: 0 when every symbol got a good quote at least once, 3 when none
/// ever did and the last answer of each was the source failing, else 1. So a symbol that failed
/// on every refresh never exits 0.
package struct WatchRunTally: Sendable {
    package let symbols: [String]
    /// Complete refreshes so far.
    package private(set) var rounds = 0
    private var waitingFor: Set<String>
    private var quoted: Set<String> = []
    private var lastError: [String: QuoteError] = [:]

    package init(symbols: [String]) {
        self.symbols = symbols
        waitingFor = Set(symbols)
    }

    /// Takes in one batch of results; a round ends once every symbol has had a result in it.
    package mutating func record(_ results: [StockResult]) {
        for r in results {
            waitingFor.remove(r.symbol)
            switch r.outcome {
            case .success:
                quoted.insert(r.symbol)
                lastError[r.symbol] = nil
            case .failure(let e):
                lastError[r.symbol] = e
            }
        }
        if waitingFor.isEmpty && !symbols.isEmpty {
            rounds += 1
            waitingFor = Set(symbols)
        }
    }

    package var exitStatus: ExitStatus {
        let never = symbols.filter { !quoted.contains($0) }
        if never.isEmpty { return .ok }
        if never.count == symbols.count && never.allSatisfy({ lastError[$0]?.isServiceLevel == true }) {
            return .nothingFetched
        }
        return .someFailed
    }
}
