import SquarestockCore
import SquarestockRendering

/// The user's limits and the book's own checks, made from public data before any private
/// request: a market order the book cannot fill (or whose price the book cannot show), a limit
/// price too far from the book's mid (`max_price_distance`, unless `--far`), an order worth more
/// than `max_order_value` (converted at the exchange's own rate when the currencies differ).
/// Each problem names the limit and how to change it.
enum OrderLimitChecks {
    static func problems(
        _ p: OrderPreview, limits: OrderLimits, configPath: String?,
        rate: (String, String) -> Result<ExactDecimal, RateUnavailable>
    ) -> (problems: [String], converted: OrderLimits.Value?) {
        let r = p.request
        let config = configPath ?? "the config file"
        var out: [String] = []
        if r.type == .market {
            if let problem = p.bookProblem {
                out.append(
                    "the book could not be read (\(problem)): a market order is not sent without its expected price; "
                        + "try again, or send a limit order")
            } else if p.walk == nil {
                out.append(
                    "the book's sizes and prices are too large to add up here: a market order is not sent without "
                        + "its expected price; send a limit order")
            } else if let walk = p.walk, !walk.complete {
                let side = r.side == .buy ? "asks" : "bids"
                out.append(
                    "the book's \(side) hold \(walk.filled.normalized) \(r.pair.base) in the \(walk.levels) level\(walk.levels == 1 ? "" : "s") read: "
                        + "a market \(r.side == .buy ? "buy" : "sale") of \(r.amount) \(r.pair.base) would not fill; "
                        + "send a smaller order, or a limit order")
            }
        }
        // A market order's expected average past the limit from the best price: the same bound
        // as a limit price's, which a market order of a size the book cannot carry escaped (a
        // scripted `--yes` buy paid 48 % over the best ask).
        if r.type == .market, !limits.far, let walk = p.walk, walk.complete, let best = walk.best, best.sign > 0,
            let atBest = best * walk.filled, let gap = walk.cost - atBest,
            let hundred = gap.magnitude * ExactDecimal(100), let allowed = limits.maxPriceDistance * atBest,
            hundred > allowed, let percent = Self.percent(hundred, of: atBest, beyond: limits.maxPriceDistance)
        {
            out.append(
                "max_price_distance = \(limits.maxPriceDistance.normalized)%: a market "
                    + "\(r.side == .buy ? "buy" : "sale") of \(r.amount) \(r.pair.base) is expected to average "
                    + "\(percent)% \(r.side == .buy ? "above the best ask" : "below the best bid") \(money(best, p)) "
                    + "\(r.pair.quote); send a smaller order or a limit order, add --far to send it anyway, or change "
                    + "max_price_distance in \(config)")
        }
        if let price = r.limitPrice, !limits.far {
            let limit = "max_price_distance = \(limits.maxPriceDistance.normalized)%"
            if let mid = p.mid, mid.sign > 0 {
                // Compared exactly (|price - mid| x 100 against the limit x mid); only the text is rounded.
                if let gap = price - mid, let hundred = gap.magnitude * ExactDecimal(100),
                    let allowed = limits.maxPriceDistance * mid, hundred > allowed,
                    let percent = Self.percent(hundred, of: mid, beyond: limits.maxPriceDistance)
                {
                    out.append(
                        "\(limit): the limit price \(price) \(r.pair.quote) is \(percent)% "
                            + "\(gap.isNegative ? "below" : "above") the book's mid \(money(mid, p)) \(r.pair.quote); "
                            + "add --far to send this order anyway, or change max_price_distance in \(config)")
                }
            } else {
                out.append(
                    "\(limit): the book could not be read (\(p.bookProblem ?? "it has no bid or no ask")), so the "
                        + "limit price cannot be checked against the mid; add --far to send it without that check")
            }
        }
        var converted: OrderLimits.Value?
        if let max = limits.maxOrderValue {
            let limit = "max_order_value = \(max)"
            if let cost = p.cost {
                var value: ExactDecimal? = cost
                if max.currency != r.pair.quote.uppercased() {
                    switch rate(r.pair.quote, max.currency) {
                    case .success(let rate):
                        value = cost * rate
                        if let v = value { converted = OrderLimits.Value(amount: v, currency: max.currency) }
                    case .failure(let unavailable):
                        let why = unavailable.why
                        value = nil
                        out.append(
                            "\(limit): this order's \(money(cost, p)) \(r.pair.quote) cannot be converted into "
                                + "\(max.currency) (\(why)), so it is refused; try again, or set max_order_value in "
                                + "\(r.pair.quote) in \(config) to trade this pair")
                    }
                }
                if let value, value > max.amount {
                    let worth =
                        "\(money(cost, p)) \(r.pair.quote)"
                        + (converted.map {
                            " (about \(MoneyText.text($0.amount, currency: $0.currency, fallback: 2)) \($0.currency) at the exchange's rate)"
                        } ?? "")
                    out.append(
                        "\(limit): the order is worth \(worth), above the limit; send a smaller order, or raise "
                            + "max_order_value in \(config)")
                } else if value == nil, converted == nil, max.currency == r.pair.quote.uppercased() {
                    out.append("\(limit): the order's value is too large to compare; send a smaller order")
                }
            } else if r.type == .limit {
                // A market order without a cost was refused above (its book); a limit order's
                // amount x price that does not fit is never let through unchecked.
                out.append("\(limit): the order's value (amount x price) is too large to compute; send a smaller order")
            }
        }
        return (out, converted)
    }

    /// `hundred / base`, a distance in percent past `limit`, for the text: at 2 places, or at up
    /// to 6 when 2 would read as the limit itself (never "5.00% above" a 5% limit); nil when it
    /// does not fit.
    static func percent(_ hundred: ExactDecimal, of base: ExactDecimal, beyond limit: ExactDecimal) -> ExactDecimal? {
        guard let percent = hundred.divided(by: base, scale: 2) else { return nil }
        if !(percent > limit), let finer = hundred.divided(by: base, scale: 6) { return finer.normalized }
        return percent
    }

    /// Why the exchange gave no rate between two currencies.
    struct RateUnavailable: Error {
        let why: String
        init(_ why: String) { self.why = why }
    }

    static func money(_ value: ExactDecimal, _ p: OrderPreview) -> String {
        MoneyText.text(value, currency: p.request.pair.quote, fallback: p.listing.effectivePriceDecimals)
    }
}
