import SquarestockCore

/// Turns alert rules into events that fire once per crossing: a rule fires when its condition
/// becomes true while armed, then stays quiet until the value moves back past the threshold
/// (condition false), which re-arms it. Without this a price hovering above 200 would ring the
/// bell on every refresh.
///
/// A rule whose condition already holds at the first good value fires then: the user asked to
/// know when the price is above 200, and it is. Unknown values (no change % sent) and failed
/// refreshes decide nothing; only fresh data is evaluated.
package struct AlertTracker: Sendable {
    package let rules: [AlertRule]
    private var armed: [Bool]
    private var holding: [Bool]

    package init(rules: [AlertRule]) {
        self.rules = rules
        armed = Array(repeating: true, count: rules.count)
        holding = Array(repeating: false, count: rules.count)
    }

    /// Rules with what a previous run left (`squarestock check` keeps it between runs): a rule
    /// that fired and has not re-armed does not fire again.
    package init(rules: [AlertRule], armed: [Bool]) {
        self.init(rules: rules)
        for i in rules.indices where i < armed.count { self.armed[i] = armed[i] }
    }

    /// Whether each rule will fire at its next crossing, in rule order (to keep between runs).
    package var armedStates: [Bool] { armed }

    /// Evaluates the rules of `symbol` against fresh data; returns the events that fire now.
    package mutating func evaluate(symbol: String, stock: Stock) -> [AlertEvent] {
        var events = evaluate(
            symbol: symbol, price: stock.price.last, changePercent: stock.price.changePercent,
            time: stock.price.lastTrade, priceDecimals: stock.priceDecimals)
        if stock.recordedAt != nil { for i in events.indices { events[i].recorded = true } }
        return events
    }

    /// The same for values that are not a quote's (the portfolio's value and day change, its
    /// drawdown as the change %).
    package mutating func evaluate(
        symbol: String, price: ExactDecimal?, changePercent: ExactDecimal?, time: Instant?, priceDecimals: Int? = nil
    ) -> [AlertEvent] {
        var events: [AlertEvent] = []
        for (i, rule) in rules.enumerated() where rule.symbol == symbol {
            guard let value = rule.value(price: price, changePercent: changePercent) else { continue }
            let holds = rule.holds(value)
            holding[i] = holds
            if holds && armed[i] {
                armed[i] = false
                events.append(
                    AlertEvent(
                        rule: rule, price: price, changePercent: changePercent, value: value, time: time,
                        priceDecimals: priceDecimals))
            } else if !holds {
                armed[i] = true
            }
        }
        return events
    }

    /// The rules of `symbol` that `evaluate` passes over for want of their value (a change %
    /// the source did not send): `check` says each, or a cron job would trust a rule it never
    /// looked at.
    package func unanswered(symbol: String, price: ExactDecimal?, changePercent: ExactDecimal?) -> [AlertRule] {
        rules.filter { $0.symbol == symbol && $0.value(price: price, changePercent: changePercent) == nil }
    }

    /// Rules of `symbol` that fired and still hold: the row stays highlighted while they do.
    package func activeRules(for symbol: String) -> [AlertRule] {
        rules.indices.filter { rules[$0].symbol == symbol && holding[$0] && !armed[$0] }.map { rules[$0] }
    }

    /// Whether rule `index` will fire at its next crossing.
    package func isArmed(_ index: Int) -> Bool { armed[index] }
}
