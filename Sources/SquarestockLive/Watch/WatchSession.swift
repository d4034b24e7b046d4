import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockWatch

/// The watch event loop: it waits on the terminal (keys, a worker's wake-up, a signal's), asks
/// the scheduler what is due, hands fetches to the fetch worker, folds results into the state,
/// evaluates alerts and redraws only what changed. Everything it touches comes in: the terminal
/// (`LiveTerminal`), the monotonic clock, the feed and the stream, and how workers start
/// (`LiveThreads`), so a test runs it on a manual clock against a scripted terminal.
///
/// The terminal owns the signals: the ending ones (Ctrl-C, SIGTERM, ...) restore it and exit from
/// the signal queue itself, so they work even if this loop were stuck; a resize or a continue
/// after Ctrl-Z arrives as a wake-up.
package final class WatchSession {
    let symbols: [String]
    let feed: any WatchQuoteFeed
    let replay: WatchReplay?
    let clock: any MonotonicClock
    let startClock: Double
    let wallClockOverride: Instant?
    let localZone: ExchangeTimeZone?
    let tableMode: Bool
    let lineWriter: WatchLineWriter
    let renderer: WatchTableRenderer
    let count: Int?
    let environment: [String: String]
    let alertCommand: WatchAlertCommand?
    let terminal: any LiveTerminal
    let threads: LiveThreads
    let worker: WatchFetchWorker
    /// With `--stream`: the stream that moves rows between polls.
    var streamWorker: WatchStreamWorker?
    /// Each polled row's latest streamed trade, laid on a poll that lags it (`StreamedTrades`).
    var streamedTrades = StreamedTrades()
    let makeStream: (() -> (any LiveStream)?)?
    /// False for a source that only streams: its rows come from the stream alone.
    let polls: Bool

    var state: WatchState
    var scheduler: WatchScheduler
    var alerts: AlertTracker
    var sort = WatchSort.yourOrder
    var tally: WatchRunTally
    /// The end of the rate-limit hold last announced in line mode (scheduler clock).
    var announcedHold: Double?
    var lastSuccess: Instant?
    var fetchStarted: Double?
    var previousFrame: ScreenFrame?
    /// The cells the renderer made of each row's values, made again only when the row changes.
    let rowTexts = WatchRowTextCache()
    var size = (columns: 80, rows: 24)
    var replayAnchor: (symbol: String, start: Instant)?
    var lastMarketCheck = -Double.infinity
    var lastSilenceCheck = -Double.infinity
    /// Rows scrolled past at the top (the renderer keeps it in range).
    var scroll = 0
    /// About as far as scrolling can go: the rows less what the window shows.
    var maxScroll: Int { max(0, symbols.count - max(1, size.rows - 6)) }
    var exitCode: Int32?
    /// Streamed trades redraw at most this often (20 frames a second): a busy stream must not
    /// cost a frame per trade. Keys, polls and resizes still draw at once.
    static let streamFrameInterval = 0.05
    var lastDraw = -Double.infinity
    /// The last wake brought only streamed trades, so its draw may wait for the frame interval.
    var streamOnlyWake = false

    package init(
        symbols: [String], rules: [AlertRule], feed: any WatchQuoteFeed, terminal: any LiveTerminal,
        clock: any MonotonicClock, schedule: WatchSchedulerConfiguration, wallClockOverride: Instant?,
        localZone: ExchangeTimeZone?, tableMode: Bool, lineFormat: WatchLineFormat, renderer: WatchTableRenderer,
        count: Int?, onAlert: String?, environment: [String: String],
        makeStream: (() -> (any LiveStream)?)? = nil, polls: Bool = true, threads: LiveThreads = .system
    ) {
        self.makeStream = makeStream
        self.polls = polls
        self.symbols = symbols
        self.feed = feed
        self.replay = feed.replay
        self.terminal = terminal
        self.clock = clock
        self.startClock = clock.now()
        self.wallClockOverride = wallClockOverride
        self.localZone = localZone
        self.tableMode = tableMode
        self.lineWriter = WatchLineWriter(format: lineFormat, holdings: renderer.holdings)
        self.renderer = renderer
        self.count = count
        self.environment = environment
        self.threads = threads
        self.alertCommand = onAlert.map { WatchAlertCommand(command: $0, outputFD: tableMode ? nil : 2) }
        state = WatchState(symbols: symbols, flashDuration: min(1.5, max(0.3, schedule.interval * 0.8)))
        state.acceptsRewinds = feed.replay != nil
        scheduler = WatchScheduler(symbols: symbols, configuration: schedule, clock: clock)
        alerts = AlertTracker(rules: rules)
        tally = WatchRunTally(symbols: symbols)
        worker = WatchFetchWorker(feed: feed, wake: terminal.waker, threads: threads)
    }

    /// Runs until `q`, `--count`, the terminal going away or an ending signal; returns the exit code.
    package func run() -> Int32 {
        if tableMode {
            size = terminal.size()
            terminal.enter()
        }
        if let makeStream {
            streamWorker = WatchStreamWorker(
                makeSession: makeStream, wake: terminal.waker, clock: clock, threads: threads)
        }
        defer {
            streamWorker?.stop()
            if tableMode { terminal.restore() }
        }

        while exitCode == nil {
            let now = clock.now()
            if polls, !worker.isRunning {
                let due = scheduler.takeDue()
                if !due.isEmpty {
                    fetchStarted = now
                    worker.start(due, now: screenNow())
                }
            }
            if tableMode {
                state.expireFlashes(clock: now)
                checkMarkets(now: now)
                checkStreamSilence(now: now)
                if !streamOnlyWake || now - lastDraw >= Self.streamFrameInterval {
                    draw(now: now)
                    lastDraw = now
                    streamOnlyWake = false
                }
            }
            let events = terminal.wait(timeout: timeout(now: now, fetching: worker.isRunning))
            let wakes = events.compactMap { event -> LiveWake? in
                if case .wake(let w) = event { return w }
                return nil
            }
            streamOnlyWake = streamOnlyWake || (!wakes.isEmpty && wakes.allSatisfy { $0 == .streamed })
            for event in events {
                switch event {
                case .wake(let wake): handle(wake)
                case .keys(let bytes):
                    streamOnlyWake = false
                    for key in WatchKey.decode(bytes) { handle(key) }
                case .inputClosed:
                    exitCode = exitCode ?? 0  // the terminal went away
                }
            }
            alertCommand?.reap()
        }
        return exitCode ?? 0
    }

    /// Seconds to wait: until the next refresh, flash end or countdown tick (at most 1 s on screen).
    func timeout(now: Double, fetching: Bool) -> Double {
        var until = now + (tableMode ? 1 : 60)
        // A stream-only source has no polls: its scheduler never moves, so it must not set the wait.
        if polls, !fetching, let w = scheduler.nextWake() {
            until = min(until, w)
            let remaining = w - now
            if tableMode && remaining > 0 {
                let fraction = remaining - remaining.rounded(.down)
                until = min(until, now + (fraction > 0.001 ? fraction : 1))
            }
        }
        if tableMode, let f = state.nextFlashExpiry() { until = min(until, f) }
        if tableMode && streamOnlyWake { until = min(until, lastDraw + Self.streamFrameInterval) }
        return max(0, min(60, until - now))
    }

    // MARK: Events

    func handle(_ wake: LiveWake) {
        if wake != .streamed { streamOnlyWake = false }
        switch wake {
        case .fetched:
            if let results = worker.take() { handle(results) }
        case .streamed:
            handleStreamed()
        case .resized:
            size = terminal.size()
        case .continued:
            terminal.enter()
            size = terminal.size()
            previousFrame = nil
        }
    }

    func handle(_ key: WatchKey) {
        switch key {
        case .quit: exitCode = 0
        case .refresh: scheduler.refreshNow()
        case .sort: sort = sort.next
        case .pause:
            scheduler.setPaused(!scheduler.isPaused)
            if scheduler.isPaused { streamWorker?.pause() } else { streamWorker?.resume() }
        case .redraw: previousFrame = nil
        case .scroll(let n): scroll = max(0, min(scroll + n, maxScroll))
        case .page(let n): scroll = max(0, min(scroll + n * max(1, size.rows - 6), maxScroll))
        case .top: scroll = 0
        }
    }

    func handle(_ polled: [StockResult]) {
        updateReplayClock()
        let now = fetchedNow()
        let results = streamedTrades.reapplied(to: polled)
        let outcomes = state.apply(results, now: now, clock: clock.now())
        scheduler.record(outcomes)
        fetchStarted = nil
        var events: [AlertEvent] = []
        for r in results {
            if case .fresh? = outcomes[r.symbol], let stock = state[r.symbol]?.stock {
                lastSuccess = now
                events += alerts.evaluate(symbol: r.symbol, stock: stock)
            }
            state.setActiveAlerts(alerts.activeRules(for: r.symbol).map(\.description), for: r.symbol)
        }
        tally.record(results)
        if tableMode {
            if !events.isEmpty { terminal.draw("\u{07}") }
        } else {
            var out = ""
            for r in results { if let e = state[r.symbol] { out += lineWriter.line(e, now: now) } }
            if let totals = lineWriter.totalsLine(symbols.compactMap { state[$0] }, now: now) { out += totals }
            for e in events { out += lineWriter.alertLine(e, now: now) }
            if !terminal.print(out) { exitCode = 0 }  // the reader went away (`| head -5`)
            announceHold(now: now)
        }
        for e in events { alertCommand?.run(e, environment: environment) }
        // The run's exit code, as for quote, in the table as in lines (`--count` is the same
        // question either way).
        if let count, tally.rounds >= count { exitCode = tally.exitStatus.rawValue }
    }

    /// Trades from the stream: each row that a poll has filled moves to the streamed price (a
    /// row not polled yet waits for its first poll, which brings its name, exchange and previous
    /// close); alerts are checked as for a poll. Streamed updates are not refresh rounds.
    func handleStreamed() {
        guard let streamWorker else { return }
        let (quotes, failed) = streamWorker.take()
        let now = screenNow()
        var results: [StockResult] = []
        for q in quotes {
            guard let symbol = symbols.first(where: { $0.uppercased() == q.symbol }) else { continue }
            if !polls {
                // No poll fills this row: the feed's merged whole quote does, every time (its
                // previous close, open and range move with it, which `streamed` would not take).
                var stock = Stock(streamed: q, source: streamWorker.source)
                stock.intraday = state[symbol]?.stock?.intraday ?? []
                results.append(StockResult(symbol: symbol, outcome: .success(stock)))
            } else if let stock = state[symbol]?.stock {
                streamedTrades.record(q, for: symbol)
                results.append(StockResult(symbol: symbol, outcome: .success(stock.streamed(q))))
            }
        }
        // A refused symbol of a polled source keeps polling; one of a stream-only source has no
        // other way to get a price, so its row says why.
        if !polls {
            for (symbol, reason) in failed {
                guard let row = symbols.first(where: { $0.uppercased() == symbol }) else { continue }
                results.append(
                    StockResult(
                        symbol: row, outcome: .failure(.unsupportedSymbol(source: streamWorker.source, reason: reason)))
                )
            }
        }
        guard !results.isEmpty else { return }
        let outcomes = state.apply(results, now: now, clock: clock.now())
        var events: [AlertEvent] = []
        for r in results {
            if case .fresh? = outcomes[r.symbol], let stock = state[r.symbol]?.stock {
                lastSuccess = now
                events += alerts.evaluate(symbol: r.symbol, stock: stock)
            }
        }
        if !events.isEmpty { terminal.draw("\u{07}") }
        for e in events { alertCommand?.run(e, environment: environment) }
    }

    /// Line mode has no header to say "rate limited": a new hold gets one line on stderr.
    func announceHold(now: Instant) {
        guard case .rateLimited(let until, let fromHeader) = scheduler.condition, until != announcedHold else { return }
        announcedHold = until
        let seconds = Int(max(0, until - clock.now()).rounded(.up))
        terminal.warn(
            lineWriter.holdLine(source: feed.sourceName, seconds: seconds, fromRetryAfter: fromHeader, now: now))
    }

    /// Streams: once a second, rows of open markets that nothing has refreshed for longer than
    /// expected are marked stale with their age, and unmarked when they speak. Expected is the
    /// feed's quiet limit, or a poll interval and some slack where the table still polls (a
    /// polled row is as fresh as its polls promise, so the mark does not flap with each poll).
    func checkStreamSilence(now: Double) {
        guard let streamWorker, now - lastSilenceCheck >= 1 else { return }
        lastSilenceCheck = now
        let heard = streamWorker.lastHeard()
        let screen = screenNow()
        let limit = Int64(max(streamWorker.quietLimit, polls ? scheduler.configuration.interval + 10 : 0))
        for s in symbols {
            let ago = heard[s.uppercased()].map { Int64((now - $0).rounded(.down)) }
            state.checkStreamSilence(s, heardAgo: ago, limit: limit, now: screen)
        }
    }

    /// While the clock says a slow-polled closed market has opened, fetch it now.
    func checkMarkets(now: Double) {
        guard now - lastMarketCheck >= 10 else { return }
        lastMarketCheck = now
        let screen = screenNow()
        for s in symbols where scheduler.isMarketClosed(s) {
            guard let status = state.updateMarketStatus(for: s, now: screen) else { continue }
            scheduler.noteMarket(symbol: s, closed: status == .closed)
        }
    }

    // MARK: Clocks

    /// The data clock: the replay's virtual time, a pinned clock (SQUARESTOCK_NOW, tests)
    /// advancing in real time, or the system clock.
    func screenNow() -> Instant {
        if let replay, let anchor = replayAnchor {
            return replay.now(for: anchor.symbol) ?? anchor.start.adding(seconds: replay.virtualSeconds())
        }
        if let base = wallClockOverride { return base.adding(seconds: Int64(clock.now() - startClock)) }
        return Instant.now()
    }

    /// What results just fetched are as of: in a replay, the recorded moment the refresh read (a
    /// busy machine may show them a while later, which at 3000 times real speed is hours of the
    /// recording); else the screen's clock.
    func fetchedNow() -> Instant {
        if let replay, let anchor = replayAnchor {
            return replay.nowAsRead(for: anchor.symbol) ?? anchor.start.adding(seconds: replay.readSeconds())
        }
        return screenNow()
    }

    /// In a replay the screen follows the first replayed symbol's day; the other rows run
    /// their own days at the same pace.
    func updateReplayClock() {
        guard let replay else { return }
        if replayAnchor == nil {
            for s in symbols {
                if let start = replay.start(for: s) {
                    replayAnchor = (s, start)
                    break
                }
            }
        }
        guard replayAnchor != nil else { return }
        // Every row runs its own day in its own lap: its clock is set afresh each refresh.
        let screen = screenNow()
        for s in symbols {
            if let rowNow = replay.now(for: s) { state.setClockOffset(rowNow.seconds(since: screen), for: s) }
        }
    }

    // MARK: Drawing

    func draw(now: Double) {
        var label = feed.sourceName
        if feed.sourceIsChain {
            let answered = Set(symbols.compactMap { state[$0]?.stock?.source })
            if answered.count == 1, let only = answered.first { label += " → " + only }
        }
        let refreshing = fetchStarted.map { now - $0 >= 0.5 } ?? false
        var header = WatchHeader(
            source: label,
            lastSuccess: lastSuccess,
            nextRefresh: polls ? fetchStarted ?? scheduler.nextWake() : nil,
            refreshing: refreshing,
            condition: scheduler.condition,
            paused: scheduler.isPaused,
            sort: sort,
            zone: replayAnchor.flatMap { state[$0.symbol]?.stock?.timeZone } ?? localZone,
            replaySpeed: replay?.speed,
            stream: streamWorker?.headerText(now: now))
        header.scroll = scroll
        let frame = renderer.frame(
            state: state, header: header, columns: size.columns, rows: size.rows, now: screenNow(), clock: now,
            kept: rowTexts)
        let out = ScreenDiff.render(previous: previousFrame, next: frame, palette: renderer.palette)
        previousFrame = frame
        if !terminal.draw(out) { exitCode = 0 }  // the terminal went away
    }
}
