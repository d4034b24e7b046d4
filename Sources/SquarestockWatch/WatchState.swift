import SquarestockCore
import SquarestockRendering

/// The watch screen's memory between refreshes: the last good stock per symbol, why and since
/// when a symbol is stale, and which cells flash until when.
///
/// Its rules are what keep the screen honest: a failed refresh never erases good values, it
/// marks them stale with the reason; a result that looks wrong (no price, older than what is
/// shown) is refused for that symbol alone; a change is flashed only when its displayed text
/// changed. Pure (no clock, no I/O): callers pass the data time and the watch clock.
package struct WatchState: Sendable {
    /// Symbols in the user's order.
    package private(set) var symbols: [String] = []
    package private(set) var entries: [String: WatchEntry] = [:]
    /// The symbols with a flash showing, so the watch loop's check for ended flashes (on every
    /// wake-up) looks at those rows only, not at every row of a long list.
    private var flashing: Set<String> = []
    /// How long a changed cell stays highlighted, in watch-clock seconds.
    package var flashDuration: Double
    /// Intraday points kept per symbol: a 24-hour market polled every minute fits, and memory
    /// stays flat however long the session runs.
    package static let maxIntradayPoints = 2000

    package init(symbols: [String], flashDuration: Double = 1.5) {
        self.flashDuration = flashDuration
        for s in symbols where entries[s] == nil {
            entries[s] = WatchEntry(symbol: s, position: self.symbols.count)
            self.symbols.append(s)
        }
    }

    /// Entries in `sort` order.
    package func ordered(by sort: WatchSort) -> [WatchEntry] {
        sort.sorted(symbols.compactMap { entries[$0] })
    }

    package subscript(symbol: String) -> WatchEntry? { entries[symbol] }

    /// Set in a replay, whose recordings loop: a trade older than the one shown is the next lap.
    package var acceptsRewinds = false

    /// Takes in one refresh. `now` is the data clock (wall time, or the replay's virtual time),
    /// `clock` the watch clock for flash expiry. Returns each result's outcome for the scheduler.
    /// Results for symbols not watched are ignored.
    package mutating func apply(_ results: [StockResult], now: Instant, clock: Double) -> [String: WatchFetchOutcome] {
        var outcomes: [String: WatchFetchOutcome] = [:]
        for result in results {
            guard var entry = entries[result.symbol] else { continue }
            var fresh = false
            switch result.outcome {
            case .success(let stock):
                // A replay that started its day again is not older data: the row starts over.
                let rewound =
                    acceptsRewinds
                    && (entry.stock?.price.lastTrade).map { old in stock.price.lastTrade.map { $0 < old } ?? false }
                        == true
                if rewound { entry.stock = nil }
                if let problem = WatchState.problem(with: stock, previous: entry.stock) {
                    entry.failure = WatchFailure(
                        reason: problem, since: entry.failure?.since ?? now, serviceLevel: false)
                    outcomes[result.symbol] = .symbolFailed
                    break
                }
                var merged = stock
                merged.intraday = WatchState.mergeIntraday(previous: entry.stock, new: stock)
                if let old = entry.stock {
                    let marks = WatchState.flashes(from: old, to: merged, until: clock + flashDuration)
                    for m in marks {
                        entry.flashes.removeAll { $0.field == m.field }
                        entry.flashes.append(m)
                    }
                }
                entry.stock = merged
                entry.updatedAt = now
                entry.failure = nil
                fresh = true
            case .failure(let error):
                entry.failure = WatchFailure(
                    reason: error.brief, since: entry.failure?.since ?? now,
                    serviceLevel: error.isServiceLevel)
                outcomes[result.symbol] = WatchFetchOutcome.classify(error)
            }
            // Once per row per refresh; a refused or failed row keeps its values, but their
            // market status moves on with the clock.
            WatchState.updateMarketStatus(of: &entry, now: now, replaying: acceptsRewinds)
            if fresh { outcomes[result.symbol] = .fresh(marketClosed: entry.marketStatus?.status == .closed) }
            store(entry)
        }
        return outcomes
    }

    /// Streams: marks `symbol` stale when its market is open (known open: a closed or unknown
    /// market is never called stale) and nothing, neither a trade, a heartbeat nor a poll, has
    /// come for it for longer than `limit` seconds (`heardAgo`: seconds since the stream last
    /// spoke of it); clears that mark once something has. True when the row changed.
    @discardableResult
    package mutating func checkStreamSilence(_ symbol: String, heardAgo: Int64?, limit: Int64, now: Instant) -> Bool {
        guard var entry = entries[symbol], entry.stock != nil else { return false }
        let ages = [heardAgo, entry.updatedAt.map { now.seconds(since: $0) }].compactMap { $0 }
        guard let age = ages.min() else { return false }
        // The status now, not when the row last moved: a market that closed since is quiet by right.
        let before = entry.marketStatus
        WatchState.updateMarketStatus(of: &entry, now: now, replaying: acceptsRewinds)
        let open = entry.marketStatus?.status == .open
        if age > limit, open, entry.failure == nil {
            entry.failure = WatchFailure(
                reason: "no stream update", since: now.adding(seconds: -age), serviceLevel: false,
                streamSilence: true)
        } else if age <= limit || !open, entry.failure?.streamSilence == true {
            entry.failure = nil
        } else {
            if entry.marketStatus != before { store(entry) }
            return false
        }
        store(entry)
        return true
    }

    /// Re-reads the market status of `symbol` at `now` (data clock): a slow-polled closed market
    /// may have opened since its last refresh. Nil while the symbol has no good data.
    @discardableResult
    package mutating func updateMarketStatus(for symbol: String, now: Instant) -> MarketStatus? {
        guard var entry = entries[symbol], entry.stock != nil else { return nil }
        let before = (entry.marketStatus, entry.nextMarketEvent)
        WatchState.updateMarketStatus(of: &entry, now: now, replaying: acceptsRewinds)
        if entry.marketStatus != before.0 || entry.nextMarketEvent != before.1 { store(entry) }
        return entry.marketStatus?.status
    }

    /// The status and next event of `entry`'s stock on the row's clock; a recorded sample's
    /// outside a replay at its recorded moment, as its quote says it (the watch said "closed
    /// (weekend)" where the quote of the same recording said "open").
    static func updateMarketStatus(of entry: inout WatchEntry, now: Instant, replaying: Bool) {
        guard let stock = entry.stock else { return }
        let at = replaying ? nil : stock.recordedAt
        let market = QuoteFacts.marketStatus(of: stock, now: at ?? now.adding(seconds: entry.clockOffset))
        entry.marketStatus = market.report
        entry.nextMarketEvent = market.next
    }

    /// Drops flashes that ended by `clock`; true when any did (the screen must be redrawn).
    @discardableResult
    package mutating func expireFlashes(clock: Double) -> Bool {
        var changed = false
        for s in flashing {
            guard var e = entries[s], e.flashes.contains(where: { $0.until <= clock }) else { continue }
            e.flashes.removeAll { $0.until <= clock }
            store(e)
            changed = true
        }
        return changed
    }

    /// The earliest flash end still ahead, so the caller can sleep exactly until then.
    package func nextFlashExpiry() -> Double? {
        var next: Double?
        for s in flashing {
            for f in entries[s]?.flashes ?? [] { next = min(next ?? f.until, f.until) }
        }
        return next
    }

    /// Replay: this row's clock runs `offset` seconds ahead of the screen clock.
    package mutating func setClockOffset(_ offset: Int64, for symbol: String) {
        guard var e = entries[symbol], e.clockOffset != offset else { return }
        e.clockOffset = offset
        store(e)
    }

    /// The alert rules currently holding for `symbol` (highlighted on its row).
    package mutating func setActiveAlerts(_ rules: [String], for symbol: String) {
        guard var e = entries[symbol], e.activeAlerts != rules else { return }
        e.activeAlerts = rules
        store(e)
    }

    /// Every change of an entry comes through here: its revision moves (what a renderer kept of
    /// the row is made again) and the set of flashing rows follows its flashes.
    private mutating func store(_ entry: WatchEntry) {
        var e = entry
        e.revision &+= 1
        if e.flashes.isEmpty { flashing.remove(e.symbol) } else { flashing.insert(e.symbol) }
        entries[e.symbol] = e
    }

    /// Why `stock` must not replace `previous`, or nil when it is acceptable.
    static func problem(with stock: Stock, previous: Stock?) -> String? {
        guard stock.price.last != nil else {
            return "the source sent no price for this symbol; showing the last good one"
        }
        if let old = previous?.price.lastTrade, let new = stock.price.lastTrade, new < old {
            return "the source sent older data (last trade \(new.iso8601UTC)) than already shown; kept the newer"
        }
        return nil
    }

    /// The new stock's bars, plus live observations (price at last-trade time) gathered by
    /// earlier refreshes and this one that are newer than its last bar and inside its session.
    /// Only real observations are kept; nothing is interpolated. Without a session window the
    /// source's own points are used as they are.
    static func mergeIntraday(previous: Stock?, new: Stock) -> [IntradayPoint] {
        var points = new.intraday
        guard let session = new.session else { return points }
        var lastTime = points.last?.time
        func accept(_ p: IntradayPoint) {
            guard session.contains(p.time), lastTime.map({ p.time > $0 }) ?? true else { return }
            points.append(p)
            lastTime = p.time
        }
        if let previous, previous.session == new.session {
            for p in previous.intraday { accept(p) }
        }
        if let t = new.price.lastTrade, let l = new.price.last { accept(IntradayPoint(time: t, price: l)) }
        if points.count > maxIntradayPoints { points.removeFirst(points.count - maxIntradayPoints) }
        return points
    }

    /// Flash marks for the cells whose displayed text differs between `old` and `new`.
    static func flashes(from old: Stock, to new: Stock, until: Double) -> [FlashMark] {
        var marks: [FlashMark] = []
        let o = old.price
        let n = new.price
        func direction(_ a: ExactDecimal?, _ b: ExactDecimal?) -> SparkDirection {
            guard let a, let b else { return .flat }
            return b > a ? .up : (b < a ? .down : .flat)
        }
        let priceDirection = direction(o.last, n.last)
        let od = old.priceDecimals
        let nd = new.priceDecimals
        if WatchCellText.price(o.last, decimals: od) != WatchCellText.price(n.last, decimals: nd) {
            marks.append(FlashMark(field: .price, direction: priceDirection, until: until))
        }
        if WatchCellText.change(o.change, reference: o.last, decimals: od)
            != WatchCellText.change(n.change, reference: n.last, decimals: nd)
        {
            marks.append(FlashMark(field: .change, direction: direction(o.change, n.change), until: until))
        }
        if WatchCellText.percent(o.changePercent) != WatchCellText.percent(n.changePercent) {
            marks.append(
                FlashMark(field: .changePercent, direction: direction(o.changePercent, n.changePercent), until: until))
        }
        if WatchCellText.range(low: o.low, high: o.high, decimals: od, unicode: true)
            != WatchCellText.range(low: n.low, high: n.high, decimals: nd, unicode: true)
        {
            let up = direction(o.high, n.high) == .up
            let down = direction(o.low, n.low) == .down
            marks.append(
                FlashMark(field: .dayRange, direction: up && !down ? .up : (down && !up ? .down : .flat), until: until))
        }
        if o.lastTrade != n.lastTrade {
            marks.append(FlashMark(field: .lastTrade, direction: .flat, until: until))
        }
        return marks
    }
}
