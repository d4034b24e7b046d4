import SquarestockCore

/// The latest trade a stream sent for each row, for the polls that come after it.
///
/// A poll's REST answer lags the stream by a few seconds on a busy pair, so its last trade is
/// often older than the streamed one the row shows. Refused as older data, the row was marked
/// stale on every poll, and the poll's slower fields (previous close, open, volume, the
/// session's status and bars) never reached it. Here the poll is taken with the newer streamed
/// trade laid on it again (`Stock.streamed`): the row keeps its newest price and gets the rest.
package struct StreamedTrades: Sendable {
    private var latest: [String: StreamQuote] = [:]

    package init() {}

    /// Keeps `quote` as `symbol`'s latest regular-session trade (a pre- or post-market one moves
    /// only the extended-hours quote, which a poll brings whole).
    package mutating func record(_ quote: StreamQuote, for symbol: String) {
        guard quote.session != "pre" && quote.session != "post", let time = quote.time else { return }
        if let kept = latest[symbol]?.time, kept > time { return }
        latest[symbol] = quote
    }

    /// `results` with each stock whose last trade is older than its row's latest streamed one
    /// brought up to that trade; the others as they are.
    package func reapplied(to results: [StockResult]) -> [StockResult] {
        results.map { r in
            guard case .success(let stock) = r.outcome, let q = latest[r.symbol], let streamedAt = q.time,
                let polledAt = stock.price.lastTrade, polledAt < streamedAt
            else { return r }
            var out = r
            out.outcome = .success(stock.streamed(q))
            return out
        }
    }
}
