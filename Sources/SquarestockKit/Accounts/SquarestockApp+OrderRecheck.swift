import SquarestockCore
import SquarestockRendering
import SquarestockServices

extension SquarestockApp {
    /// A market order's checks made again on a fresh book, after the user confirmed it and right
    /// before it is sent: the confirmation may have waited for minutes, and the preview's
    /// expected cost is what the user agreed to. Answers the order as the new book shows it, with
    /// the problems that stop it (none: send):
    /// - the book cannot be read or no longer fills the order;
    /// - `max_order_value` (and the balance the preview read) against the new expected cost;
    /// - the new expected cost worse than the confirmed one by more than `max_price_distance`
    ///   (the user's own "this far from the market" limit), unless `far`.
    ///
    /// Only public requests. A limit order needs none of this (its price bounds what it pays), and
    /// a paper order fills from the book it reads when it is placed: both come back as they were.
    public func recheck(_ confirmed: OrderPreview, far: Bool) -> OrderPreview {
        let request = confirmed.request
        guard request.type == .market, !confirmed.paper else { return confirmed }
        // Nothing of the confirmed book is kept: a market order has no cost until a walk gives one.
        var now = confirmed
        now.walk = nil
        now.bookProblem = nil
        now.mid = nil
        now.cost = request.cost
        now.convertedValue = nil
        readBook(into: &now)
        var limits = settings.orderLimits
        limits.far = far
        // The pair list only when a rate is needed (max_order_value in another currency).
        var directory: Result<PairDirectory, QuoteError>?
        let (limitProblems, converted) = OrderLimitChecks.problems(
            now, limits: limits, configPath: settings.configPath,
            rate: { from, to in
                let listed = directory ?? pairDirectory()
                directory = listed
                return listed.mapError {
                    OrderLimitChecks.RateUnavailable("the pair list could not be read: \($0.detail)")
                }
                .flatMap { exchangeRate(from: from, to: to, in: $0) }
            })
        now.convertedValue = converted
        var problems = limitProblems
        if let walk = now.walk, walk.complete {
            problems += OrderChecks.problems(
                request, listing: confirmed.listing, available: confirmed.available, expectedCost: walk.cost)
            if !far, let moved = Self.moved(from: confirmed, to: walk, limit: limits.maxPriceDistance) {
                problems.append(moved)
            }
        }
        now.problems = problems
        return now
    }

    /// Why the new walk's cost is too far from the confirmed one (a buy costing more, a sale
    /// bringing less, by more than `limit` percent), or cannot be compared with it; nil when it
    /// is within the limit.
    static func moved(from confirmed: OrderPreview, to walk: BookWalk, limit: ExactDecimal) -> String? {
        let r = confirmed.request
        let stop = "run the command again to see the new preview, or add --far to send it anyway"
        guard let before = confirmed.walk, before.complete, before.cost.sign > 0, let change = walk.cost - before.cost,
            let hundred = change.magnitude * ExactDecimal(100), let allowed = limit * before.cost
        else {
            // A check that cannot be made refuses: the order is not sent on a cost nobody compared.
            return "max_price_distance = \(limit.normalized)%: the book's new expected cost could not be compared "
                + "with the one you confirmed; \(stop)"
        }
        let worse = r.side == .buy ? change.sign > 0 : change.sign < 0
        // Compared exactly (|change| x 100 against the limit x the confirmed cost).
        guard worse, hundred > allowed else { return nil }
        // Only the text is rounded, and never to "5% more" against a 5% limit.
        let percent = OrderLimitChecks.percent(hundred, of: before.cost, beyond: limit)?.normalized
        let average = { (w: BookWalk) in OrderPreviewText.averagePrice(w, confirmed.listing).map { "\($0)" } ?? "?" }
        return
            "max_price_distance = \(limit.normalized)%: the book moved since the preview; a market "
            + "\(r.side == .buy ? "buy" : "sale") of \(r.amount) \(r.pair.base) now expects an average of "
            + "\(average(walk)) \(r.pair.quote) against the \(average(before)) \(r.pair.quote) you confirmed "
            + "(\(percent.map { "\($0)" } ?? "more than \(limit.normalized)")% \(r.side == .buy ? "more" : "less")); "
            + stop
    }
}
