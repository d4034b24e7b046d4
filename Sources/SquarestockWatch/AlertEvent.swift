import SquarestockCore
import SquarestockRendering

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
    /// The currency of a value that is not a quote's (`@portfolio`'s base), said after it.
    package var currency: String?
    /// What the reader must know about the figure's age (`no trade for 3h`).
    package var note: String?

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

    /// The price as its row shows it (the venue's decimals), unless that rounding contradicts
    /// the rule that fired (268.835 shown as `268.84` under `AAPL<268.84`): then exactly.
    package var priceText: String? {
        price.map { p in
            let scale = NumberFormatting.priceScale(of: p, decimals: priceDecimals)
            guard rule.metric == .price, !rule.holds(p.rounded(toScale: scale)) else {
                return NumberFormatting.price(p, decimals: priceDecimals)
            }
            return NumberFormatting.grouped(p)
        }
    }

    /// The change in percent to two places, the same way exactly when two places contradict the
    /// rule (`-0.06%` under `<-0.061%`).
    package var changePercentText: String? {
        changePercent.map { c in
            guard rule.metric == .changePercent, !rule.holds(c.rounded(toScale: 2)) else {
                return NumberFormatting.signedPercent(c)
            }
            return NumberFormatting.signedPercent(c, places: c.scale)
        }
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
