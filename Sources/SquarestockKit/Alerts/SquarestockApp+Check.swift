import SquarestockCore
import SquarestockMarket
import SquarestockRendering
import SquarestockWatch

/// What one `check` found: the alerts that fired now, the symbols that could not be quoted, and
/// the rules of quoted symbols that had nothing to compare (no change % sent).
package struct CheckReport: Sendable {
    package var fired: [AlertEvent]
    package var failures: [(symbol: String, message: String)]
    package var unanswered: [AlertRule]
    /// The rules compared with a value this run (not failed, not unanswered): none means nothing
    /// was checked at all, which `check` exits 3 for.
    package var rulesChecked: Int
}

extension SquarestockApp {
    /// `squarestock check`: quotes the rules' symbols once, fires each rule that crossed since the
    /// last run (the armed states are kept in `$XDG_STATE_HOME/squarestock/alerts`), and keeps
    /// the new states. A symbol that cannot be quoted decides nothing for its rules.
    package func checkAlerts(_ rules: [AlertRule]) -> CheckReport {
        let store = AlertStateStore(environment: settings.environment)
        let loaded = store.load()
        var tracker = AlertTracker(rules: rules, armed: rules.map { loaded[$0.description] ?? true })
        var symbols: [String] = []
        for r in rules where !r.isPortfolio && !symbols.contains(r.symbol) { symbols.append(r.symbol) }
        let manager = StockManager(source: settings.quoteSource, transport: transport, context: settings.sourceContext)
        var fired: [AlertEvent] = []
        var failures: [(String, String)] = []
        var unanswered: [AlertRule] = []
        for r in manager.quotes(for: symbols) {
            guard let stock = r.stock else {
                failures.append((r.symbol, r.errorDetail ?? "no quote"))
                continue
            }
            var events = tracker.evaluate(symbol: r.symbol, stock: stock)
            // A quote whose last trade is old while its market is in session says so, as the
            // quote and the status line do: cron mail must not read it as this minute's price.
            let market = QuoteFacts.marketStatus(of: stock, now: settings.now).report
            if stock.recordedAt == nil, market.status == .delayed, let reason = market.reason {
                for i in events.indices { events[i].note = reason }
            }
            fired += events
            unanswered += tracker.unanswered(
                symbol: r.symbol, price: stock.price.last, changePercent: stock.price.changePercent)
        }
        if rules.contains(where: \.isPortfolio) {
            let (events, problems, passed) = checkPortfolio(rules, tracker: &tracker)
            fired += events
            failures += problems
            unanswered += passed
        }
        var states: [String: Bool] = [:]
        for (rule, armed) in zip(rules, tracker.armedStates) { states[rule.description] = armed }
        let firedElsewhere = store.save(states, loaded: loaded)
        fired.removeAll { firedElsewhere.contains($0.rule.description) }
        let failed = Set(failures.map(\.0))
        return CheckReport(
            fired: fired, failures: failures, unanswered: unanswered,
            rulesChecked: rules.filter { !failed.contains($0.symbol) }.count - unanswered.count)
    }

    /// The portfolio's rules: `@portfolio` against its net value at live quotes (in the configured
    /// currency) and its holdings' day change in percent of yesterday's value; `@drawdown`
    /// against how far its time-weighted growth stands below the past year's peak, at the daily
    /// closes the ledger keeps (fetched as `portfolio returns` fetches them).
    func checkPortfolio(_ rules: [AlertRule], tracker: inout AlertTracker) -> (
        fired: [AlertEvent], failures: [(String, String)], unanswered: [AlertRule]
    ) {
        var fired: [AlertEvent] = []
        var failures: [(String, String)] = []
        var unanswered: [AlertRule] = []
        if rules.contains(where: { $0.symbol == AlertRule.portfolio }) {
            do throws(PortfolioError) {
                let r = try holdings(currency: nil)
                let exponent = CurrencyExponent.of(r.baseCurrency) ?? 2
                if let net = r.netValue, let held = r.totalValue {
                    // A day change no holding has (manual closes only) leaves the percent rules
                    // unanswered (`evaluate` skips a rule without its value), not the value rules.
                    let percent = r.totalDayChange.flatMap { day in MinorUnits.percent(day, of: held - day) }
                    let value = MinorUnits.decimal(net, exponent: exponent)
                    // The value is as old as its oldest price (cash alone is now's), a recording's
                    // when one priced it, and a day's close's when a holding has no newer price.
                    let priced = r.rows.filter { $0.baseValue != nil }
                    let recorded = priced.contains { $0.priceSource == Settings.offlineSourceName }
                    let time = priced.compactMap(\.priceTime).min() ?? (priced.isEmpty ? settings.now : nil)
                    let oldestClose = priced.filter { $0.priceTime == nil }.compactMap(\.priceDay).min()
                    var events = tracker.evaluate(
                        symbol: AlertRule.portfolio, price: value, changePercent: percent, time: time,
                        priceDecimals: exponent)
                    for i in events.indices {
                        events[i].currency = r.baseCurrency
                        events[i].recorded = recorded
                        events[i].note = oldestClose.map { "valued at closes as old as \($0)" }
                    }
                    fired += events
                    unanswered += tracker.unanswered(
                        symbol: AlertRule.portfolio, price: value, changePercent: percent)
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
        return (fired, failures, unanswered)
    }
}
