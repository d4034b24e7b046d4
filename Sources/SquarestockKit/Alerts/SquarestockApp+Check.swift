import SquarestockCore
import SquarestockRendering
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
        for r in rules where !r.isPortfolio && !symbols.contains(r.symbol) { symbols.append(r.symbol) }
        let manager = StockManager(source: settings.quoteSource, transport: transport, context: settings.sourceContext)
        var fired: [AlertEvent] = []
        var failures: [(String, String)] = []
        for r in manager.quotes(for: symbols) {
            guard let stock = r.stock else {
                failures.append((r.symbol, r.errorDetail ?? "no quote"))
                continue
            }
            fired += tracker.evaluate(symbol: r.symbol, stock: stock)
        }
        if rules.contains(where: \.isPortfolio) {
            let (events, problems) = checkPortfolio(rules, tracker: &tracker)
            fired += events
            failures += problems
        }
        for (rule, armed) in zip(rules, tracker.armedStates) { states[rule.description] = armed }
        store.store(states)
        let subjects = Set(rules.filter(\.isPortfolio).map(\.symbol)).count
        return CheckReport(fired: fired, failures: failures, checked: symbols.count + subjects)
    }

    /// The portfolio's rules: `@portfolio` against its net value at live quotes (in the configured
    /// currency) and its holdings' day change in percent of yesterday's value; `@drawdown`
    /// against how far its time-weighted growth stands below the past year's peak, at the daily
    /// closes the ledger keeps (fetched as `portfolio returns` fetches them).
    func checkPortfolio(_ rules: [AlertRule], tracker: inout AlertTracker) -> (
        fired: [AlertEvent], failures: [(String, String)]
    ) {
        var fired: [AlertEvent] = []
        var failures: [(String, String)] = []
        if rules.contains(where: { $0.symbol == AlertRule.portfolio }) {
            do throws(PortfolioError) {
                let r = try holdings(currency: nil)
                let exponent = CurrencyExponent.of(r.baseCurrency) ?? 2
                if let net = r.netValue, let held = r.totalValue {
                    // A day change no holding has (manual closes only) leaves the percent rules
                    // unanswered (`evaluate` skips a rule without its value), not the value rules.
                    let percent = r.totalDayChange.flatMap { day in MinorUnits.percent(day, of: held - day) }
                    fired += tracker.evaluate(
                        symbol: AlertRule.portfolio, price: MinorUnits.decimal(net, exponent: exponent),
                        changePercent: percent, time: settings.now, priceDecimals: exponent)
                } else {
                    failures.append((AlertRule.portfolio, r.notes.first ?? "no holding could be valued"))
                }
            } catch {
                failures.append((AlertRule.portfolio, error.description))
            }
        }
        if rules.contains(where: { $0.symbol == AlertRule.drawdown }) {
            do throws(ReturnsError) {
                let q = ReturnsQuestion(
                    from: ChartRange.year1.startDate(endingOn: portfolioToday), to: nil, benchmark: nil, base: nil,
                    byHolding: false, explain: false, offline: false)
                var clamped = q
                clamped.fromFirstEntryAtTheEarliest = true
                let (report, _, _) = try returnsWithPrices(clamped)
                let d = Drawdown.of(report.total.steps)
                let percent = ReturnsFigures.decimal(d.current, times: 100, places: 2)
                fired += tracker.evaluate(
                    symbol: AlertRule.drawdown, price: nil, changePercent: percent, time: settings.now)
            } catch {
                failures.append((AlertRule.drawdown, error.description))
            }
        }
        return (fired, failures)
    }
}
