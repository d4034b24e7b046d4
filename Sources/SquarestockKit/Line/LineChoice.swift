import SquarestockCore
import SquarestockMarket
import SquarestockRendering

/// Which cached quote the status line shows for each symbol, and what it must say about it. The
/// quote of the source asked for, when it has a price; else the newest price another source
/// gave, naming that source (a bar with no network keeps showing something, never passing one
/// source's price off as another's). A recording says so, and so does a price that has not been
/// refreshed for two `--max-age`s while its market may be open, with its age, and a fresh one
/// whose last trade is over 30 minutes old while its market was in its session. One fetched
/// "later" than now (the clock set back since) says its age is unknown.
package enum LineChoice {
    package static func items(
        _ symbols: [String], asked: String, cached: [LineKey: LineQuote], now: Int64, maxAge: Int64
    ) -> [StatusLineWriter.Item] {
        symbols.map { s in
            let own = cached[LineKey(symbol: s, asked: asked)]
            var shown = own
            if own.map({ $0.price.isEmpty }) ?? true {
                shown =
                    cached.values.filter { $0.symbol == s && $0.asked != asked && !$0.price.isEmpty }
                    .max { $0.priced < $1.priced } ?? own
            }
            guard let q = shown, !q.price.isEmpty else {
                return StatusLineWriter.Item(symbol: s, price: nil, change: nil, changePercent: nil, currency: "")
            }
            var notes: [String] = []
            if q.asked != asked && q.source != asked && !q.source.isEmpty { notes.append(q.source) }
            if q.recorded {
                notes.append("recorded")
            } else if q.fetchedAfter(now) {
                // Its age cannot be told (the clock was set back since): never shown as fresh.
                notes.append("age unknown")
            } else if q.priceAge(now: now) > 2 * maxAge {
                notes.append(AgeFormatter.describe(seconds: q.priceAge(now: now)) + " old")
            } else if q.trading, q.traded > 0, now - q.traded > MarketStatusRules.defaultStaleAfter {
                // Fetched just now, but its last trade is old while its market may be open: the
                // quote view's "delayed (no trade for 2d)", said here too.
                notes.append("no trade for " + AgeFormatter.describe(seconds: now - q.traded))
            }
            var item = StatusLineWriter.Item(
                symbol: s, price: ExactDecimal(q.price), change: ExactDecimal(q.change),
                changePercent: ExactDecimal(q.changePercent), currency: q.currency)
            item.decimals = q.decimals
            item.mark = notes.joined(separator: ", ")
            return item
        }
    }
}
