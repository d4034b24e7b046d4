import SquarestockCore

/// An alert that fired: what the bell, the highlighted row, the log line and the `--on-alert`
/// command are told.
package struct AlertEvent: Sendable, Equatable {
    package var rule: AlertRule
    package var price: ExactDecimal?
    /// The venue's price decimals, so the alert shows the price as its row does.
    package var priceDecimals: Int?
    package var changePercent: ExactDecimal?
    /// The value that crossed the threshold (price or change %).
    package var value: ExactDecimal
    /// Data time of the crossing (the last trade if known).
    package var time: Instant?
    /// Whether the price came from a recording rather than the market (`--source samples`), so
    /// an alert on it says so.
    package var recorded = false

    package init(
        rule: AlertRule, price: ExactDecimal?, changePercent: ExactDecimal?, value: ExactDecimal, time: Instant?,
        priceDecimals: Int? = nil
    ) {
        self.priceDecimals = priceDecimals
        self.rule = rule
        self.price = price
        self.changePercent = changePercent
        self.value = value
        self.time = time
    }

    /// The environment an `--on-alert` command gets.
    package var environment: [String: String] {
        var env = [
            "SQUARESTOCK_ALERT_SYMBOL": rule.symbol,
            "SQUARESTOCK_ALERT_RULE": rule.description,
            "SQUARESTOCK_ALERT_VALUE": value.description,
        ]
        if let p = price { env["SQUARESTOCK_ALERT_PRICE"] = p.description }
        if let c = changePercent { env["SQUARESTOCK_ALERT_CHANGE_PERCENT"] = c.description }
        if let t = time { env["SQUARESTOCK_ALERT_TIME"] = t.iso8601UTC }
        return env
    }
}
