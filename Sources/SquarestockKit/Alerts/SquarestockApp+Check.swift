import SquarestockCore
import SquarestockWatch

/// What one `check` found: the alerts that fired now, and the symbols that could not be quoted.
package struct CheckReport: Sendable {
    package var fired: [AlertEvent]
    package var failures: [(symbol: String, message: String)]
    package var checked: Int
}

extension SquarestockApp {
    /// `squarestock check`: quotes the rules' symbols once, fires each rule that crossed since the
    /// last run (the armed states are kept in `$XDG_STATE_HOME/squarestock/alerts`), and keeps
    /// the new states. A symbol that cannot be quoted decides nothing for its rules.
    package func checkAlerts(_ rules: [AlertRule]) -> CheckReport {
        let store = AlertStateStore(environment: settings.environment)
        var states = store.load()
        var tracker = AlertTracker(rules: rules, armed: rules.map { states[$0.description] ?? true })
        var symbols: [String] = []
        for r in rules where !symbols.contains(r.symbol) { symbols.append(r.symbol) }
        let manager = StockManager(source: settings.quoteSource, transport: transport, context: settings.sourceContext)
        var fired: [AlertEvent] = []
        var failures: [(String, String)] = []
        for r in manager.quotes(for: symbols) {
            guard let stock = r.stock else {
                failures.append((r.symbol, r.errorMessage ?? "no quote"))
                continue
            }
            fired += tracker.evaluate(symbol: r.symbol, stock: stock)
        }
        for (rule, armed) in zip(rules, tracker.armedStates) { states[rule.description] = armed }
        store.store(states)
        return CheckReport(fired: fired, failures: failures, checked: symbols.count)
    }
}
