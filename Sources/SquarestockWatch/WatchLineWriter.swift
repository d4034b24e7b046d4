import SquarestockCore
import SquarestockMarket
import SquarestockRendering

/// Watch mode for pipes and files: one line per symbol per refresh (plain text or JSON), and
/// one per alert, so a log keeps the history and a script can react, with the same honesty as
/// the screen (stale values say so, with their age and reason).
///
/// Plain:
/// ```
/// 2025-10-29T13:40:00Z AAPL 270.05 +1.05 (+0.39%) range 269.63..270.73 last 09:40:00 EDT (0s ago) open
/// 2025-10-29T13:41:00Z MSFT 512.30 -1.10 (-0.21%) range 510.00..515.20 last 09:39:58 EDT (1m ago) stale 1m: could not connect ...
/// 2025-10-29T13:41:00Z ALERT AAPL>270 AAPL price 270.05 change +0.39%
/// ```
///
/// With `--portfolio`, a held row ends in its value and gain (`value 2688.40 USD gain +188.40
/// USD`; JSON `held`), and each refresh ends in the totals the table shows under it:
/// `2025-10-29T13:40:00Z HOLDINGS value 12345.67 USD, gain +7399.92 USD (without BADCO)`.
package struct WatchLineWriter: Sendable {
    package var format: WatchLineFormat
    /// `watch --portfolio`: the holdings by symbol (upper case).
    package var holdings: [String: WatchHolding]

    package init(format: WatchLineFormat, holdings: [String: WatchHolding] = [:]) {
        self.format = format
        self.holdings = holdings
    }

    /// The totals line over `entries` (every watched row) after a refresh; nil without holdings.
    package func totalsLine(_ entries: [WatchEntry], now: Instant) -> String? {
        guard !holdings.isEmpty else { return nil }
        switch format {
        case .plain:
            return now.iso8601UTC + " HOLDINGS " + WatchHoldingFigures.totalsText(entries, in: holdings) + "\n"
        case .json:
            let (totals, without) = WatchHoldingFigures.totals(entries, in: holdings)
            let items = totals.map { t in
                "{\"currency\": " + JSONText.quoted(t.currency) + ", \"value\": " + t.holding.text(t.value)
                    + ", \"gain\": " + t.holding.text(t.gain) + "}"
            }
            return "{\"time\": " + JSONText.quoted(now.iso8601UTC) + ", \"holdings\": [" + items.joined(separator: ", ")
                + "], \"without\": ["
                + without.map { JSONText.quoted(TerminalText.sanitize($0)) }.joined(separator: ", ")
                + "]}\n"
        }
    }

    /// One line (with its newline) for `entry` at screen time `now`.
    package func line(_ entry: WatchEntry, now: Instant) -> String {
        format == .json ? json(entry, now: now) : plain(entry, now: now)
    }

    package func alertLine(_ event: AlertEvent, now: Instant) -> String {
        switch format {
        case .plain:
            var s = now.iso8601UTC + " ALERT " + event.rule.description + " " + event.rule.symbol
            s += " price " + (event.priceText ?? "—")
            if let c = event.changePercentText { s += " change " + c }
            return s + "\n"
        case .json:
            var s = "{\"time\": " + JSONText.quoted(now.iso8601UTC)
            s += ", \"alert\": " + JSONText.quoted(event.rule.description)
            s += ", \"symbol\": " + JSONText.quoted(event.rule.symbol)
            s += ", \"price\": " + num(event.price) + ", \"changePercent\": " + num(event.changePercent)
            s += ", \"value\": " + event.value.description
            s += ", \"lastTrade\": " + (event.time.map { JSONText.quoted($0.iso8601UTC) } ?? "null")
            return s + "}\n"
        }
    }

    /// The line for a source held back by a rate limit, for standard error (in both formats:
    /// it is for the person reading the log, and keeps standard output one line per quote):
    /// `2020-05-06T20:05:00Z HOLD stooq: rate limited (Retry-After); no requests for 5 s`.
    package func holdLine(source: String, seconds: Int, fromRetryAfter: Bool, now: Instant) -> String {
        now.iso8601UTC + " HOLD " + source + ": rate limited" + (fromRetryAfter ? " (Retry-After)" : "")
            + "; no requests for \(seconds) s\n"
    }

    func plain(_ e: WatchEntry, now: Instant) -> String {
        var s = now.iso8601UTC + " " + e.symbol
        guard let stock = e.stock else {
            return s + " error: " + TerminalText.sanitize(e.failure?.reason ?? "no data yet") + "\n"
        }
        let rowNow = now.adding(seconds: e.clockOffset)
        let p = stock.price
        let d = stock.priceDecimals
        s +=
            " " + WatchCellText.price(p.last, decimals: d) + " "
            + WatchCellText.change(p.change, reference: p.last, decimals: d)
        s += " (" + WatchCellText.percent(p.changePercent) + ")"
        s += " range " + WatchCellText.range(low: p.low, high: p.high, decimals: d, unicode: false)
        if let t = p.lastTrade {
            s +=
                " last " + WatchCellText.lastTrade(t, zone: stock.timeZone, now: rowNow) + " ("
                + AgeFormatter.ago(from: t, now: rowNow) + ")"
        } else {
            s += " last unknown"
        }
        // Before the status: a stale reason is free text (only the recording mark follows it).
        if let (h, v, gain) = WatchHoldingFigures.value(of: e, in: holdings) {
            s += " value \(h.text(v)) \(h.currency) gain \(h.text(gain, signed: true)) \(h.currency)"
        }
        if let f = e.failure {
            let age = e.updatedAt.map { AgeFormatter.describe(seconds: now.seconds(since: $0)) } ?? "?"
            s += " stale " + age + ": " + TerminalText.sanitize(f.reason)
        } else {
            let status = e.marketStatus ?? MarketStatusReport(.unknown)
            s += " " + status.status.rawValue + (status.reason.map { " (\($0))" } ?? "")
        }
        // A recording is said to be one, as `quote` and `line` say it.
        if stock.recordedAt != nil { s += " (recorded)" }
        return s + "\n"
    }

    func json(_ e: WatchEntry, now: Instant) -> String {
        var s =
            "{\"time\": " + JSONText.quoted(now.iso8601UTC) + ", \"symbol\": " + JSONText.quoted(e.symbol)
        if let stock = e.stock {
            let p = stock.price
            let status = e.marketStatus ?? MarketStatusReport(.unknown)
            s +=
                ", \"price\": " + num(p.last) + ", \"change\": " + num(p.change) + ", \"changePercent\": "
                + num(p.changePercent)
            s +=
                ", \"high\": " + num(p.high) + ", \"low\": " + num(p.low) + ", \"previousClose\": "
                + num(p.previousClose)
            s += ", \"volume\": " + num(p.volume)
            s += ", \"currency\": " + (stock.currency.map { JSONText.quoted($0.code) } ?? "null")
            let local = p.lastTrade.flatMap { t in stock.timeZone.map { $0.iso8601(at: t) } }
            s += ", \"lastTrade\": " + (p.lastTrade.map { JSONText.quoted($0.iso8601UTC) } ?? "null")
            s += ", \"lastTradeLocal\": " + (local.map(JSONText.quoted) ?? "null")
            s += ", \"marketStatus\": " + JSONText.quoted(status.status.rawValue)
            s += ", \"marketStatusReason\": " + (status.reason.map(JSONText.quoted) ?? "null")
            s += ", \"source\": " + JSONText.quoted(stock.source)
            s += ", \"recorded\": " + (stock.recordedAt != nil ? "true" : "false")
            s += ", \"updated\": " + (e.updatedAt.map { JSONText.quoted($0.iso8601UTC) } ?? "null")
        } else {
            // No quote yet: the same keys, null, so every line has one shape (`jq .price` reads
            // null, not a missing key), as a quote's JSON has for a symbol that failed.
            for key in Self.quoteKeys { s += ", \"" + key + "\": null" }
        }
        if let h = holdings[e.symbol.uppercased()] {
            // Value and gain in the holding's currency; null where no price values it (none yet,
            // or one in another currency).
            let f = WatchHoldingFigures.value(of: e, in: holdings)
            s +=
                ", \"held\": {\"quantity\": " + h.quantity.description + ", \"currency\": "
                + JSONText.quoted(h.currency) + ", \"value\": " + (f.map { h.text($0.value) } ?? "null")
                + ", \"gain\": " + (f.map { h.text($0.gain) } ?? "null") + "}"
        } else if !holdings.isEmpty {
            // A watch of a portfolio: a row not held says so, in the same shape as the others.
            s += ", \"held\": null"
        }
        s += ", \"stale\": " + (e.isStale ? "true" : "false")
        s += ", \"failingSince\": " + (e.failure.map { JSONText.quoted($0.since.iso8601UTC) } ?? "null")
        s += ", \"error\": " + (e.failure.map { JSONText.quoted(TerminalText.sanitize($0.reason)) } ?? "null")
        return s + "}\n"
    }

    func num(_ v: ExactDecimal?) -> String { v?.description ?? "null" }

    /// The keys a line with a quote has between `symbol` and `held`, in order.
    static let quoteKeys = [
        "price", "change", "changePercent", "high", "low", "previousClose", "volume", "currency", "lastTrade",
        "lastTradeLocal", "marketStatus", "marketStatusReason", "source", "recorded", "updated",
    ]
}
