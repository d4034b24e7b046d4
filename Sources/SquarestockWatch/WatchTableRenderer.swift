import SquarestockCore
import SquarestockRendering

/// Lays out the watch screen: a header (source, last good refresh, countdown or why refreshes
/// are held), one row per symbol (price, change, change %, day range, the day's sparkline, last
/// trade in the exchange's zone, its age, market status), notices (stale reasons, errors,
/// alerts) and a footer with the keys.
///
/// Pure: the same state, header, size, times and palette always give the same lines, each
/// exactly `columns` wide and exactly `rows` of them, so `ScreenDiff` can compare frames cell by
/// cell. Columns are sized from their content and dropped from the least to the most essential
/// (sparkline, day range, last trade, age, change) when the window is narrow; rows that do not
/// fit are counted, never silently lost. A stale row keeps its values, dimmed, and says
/// "stale <age>: <reason>".
public struct WatchTableRenderer: Sendable {
    public var palette: WatchPalette
    public var style: SparklineStyle

    static let gap = 2
    static let sparkMin = 10
    static let sparkMax = 40
    static let statusMin = 8
    static let statusPreferredMax = 26
    static let statusForFailures = 18

    public init(palette: WatchPalette, style: SparklineStyle) {
        self.palette = palette
        self.style = style
    }

    enum Column: CaseIterable {
        case symbol, price, change, percent, range, spark, last, age, status

        var title: String {
            switch self {
            case .symbol: return "SYMBOL"
            case .price: return "PRICE"
            case .change: return "CHANGE"
            case .percent: return "CHG%"
            case .range: return "DAY RANGE"
            case .spark: return "DAY"
            case .last: return "LAST TRADE"
            case .age: return "AGE"
            case .status: return "STATUS"
            }
        }

        var rightAligned: Bool { self == .price || self == .change || self == .percent || self == .range || self == .age }
    }

    struct Cell {
        var text: String
        var style: String
    }

    /// `rows` lines of exactly `columns` columns.
    public func render(state: WatchState, header: WatchHeader, columns: Int, rows: Int, now: Instant, clock: Double) -> [String] {
        let columns = max(0, columns), rows = max(0, rows)
        guard rows > 0, columns > 0 else { return Array(repeating: "", count: rows) }
        if columns < 24 || rows < 4 {
            var lines = [fit("window too small", columns)]
            while lines.count < rows { lines.append(String(repeating: " ", count: columns)) }
            return Array(lines.prefix(rows))
        }
        let entries = state.ordered(by: header.sort)
        let cells = entries.map { rowCells($0, now: now, clock: clock) }

        // Column widths from content, then drop optional columns until the rest fits.
        var widths: [Column: Int] = [:]
        for c in Column.allCases where c != .spark && c != .status {
            var w = TerminalText.displayWidth(c.title)
            for row in cells { w = max(w, TerminalText.displayWidth(row[c]?.text ?? "")) }
            widths[c] = w
        }
        widths[.symbol] = min(widths[.symbol] ?? 6, 14)
        // Failure reasons are long and repeated in full below the table; the market status is what
        // the column is sized for.
        var statusPreferred = TerminalText.displayWidth(Column.status.title)
        for (k, row) in cells.enumerated() where entries[k].failure == nil {
            statusPreferred = max(statusPreferred, TerminalText.displayWidth(row[.status]?.text ?? ""))
        }
        // A failing row must still say "stale 3m: could not connect…" on its own line.
        if entries.contains(where: { $0.failure != nil }) { statusPreferred = max(statusPreferred, WatchTableRenderer.statusForFailures) }
        statusPreferred = min(statusPreferred, WatchTableRenderer.statusPreferredMax)

        var shown: [Column] = Column.allCases
        let dropOrder: [Column] = [.spark, .range, .last, .age, .change]
        var sparkWidth = 0
        var statusWidth = 0
        for candidate in [nil] + dropOrder.map(Optional.some) {
            if let candidate { shown.removeAll { $0 == candidate } }
            let fixed = shown.filter { $0 != .spark && $0 != .status }.reduce(0) { $0 + (widths[$1] ?? 0) }
            var available = columns - fixed - WatchTableRenderer.gap * (shown.count - 1)
            if shown.contains(.spark) {
                available -= WatchTableRenderer.sparkMin
                guard available >= WatchTableRenderer.statusMin else { continue }
                let extra = max(0, available - statusPreferred)
                sparkWidth = min(WatchTableRenderer.sparkMax, WatchTableRenderer.sparkMin + extra)
                statusWidth = available - (sparkWidth - WatchTableRenderer.sparkMin)
                break
            }
            if available >= WatchTableRenderer.statusMin || candidate == dropOrder.last {
                statusWidth = max(1, available)
                break
            }
        }
        widths[.spark] = sparkWidth
        widths[.status] = statusWidth

        // Vertical budget.
        let messages = self.messages(entries: entries, header: header, now: now)
        let body = rows - 3  // header, titles, footer
        var messageLines = 0
        if !messages.isEmpty {
            messageLines = min(messages.count, 4, max(0, body - entries.count - 1))
            if messageLines == 0 && body >= 6 { messageLines = 1 }
        }
        let tableRoom = body - messageLines - (messageLines > 0 ? 1 : 0)
        var visible = entries.count
        var hidden = 0
        if visible > tableRoom {
            visible = max(0, tableRoom - 1)
            hidden = entries.count - visible
        }

        var lines: [String] = []
        lines.reserveCapacity(rows)
        lines.append(headerLine(header, columns: columns, now: now, clock: clock))
        var titles = ScreenLineBuilder(limit: columns)
        for (i, c) in shown.enumerated() {
            if i > 0 { titles.add(String(repeating: " ", count: WatchTableRenderer.gap), style: "", reset: "") }
            let w = widths[c] ?? 0
            let t = c.rightAligned ? TerminalText.padLeft(TerminalText.truncate(c.title, toWidth: w), toWidth: w) : fit(c.title, w)
            titles.add(t, style: palette.base.dim, reset: palette.reset)
        }
        lines.append(titles.finished())
        for k in 0..<visible {
            lines.append(rowLine(entries[k], cells[k], shown: shown, widths: widths, columns: columns, now: now))
        }
        if hidden > 0 {
            lines.append(paint(fit("… \(hidden) more \(hidden == 1 ? "row" : "rows") below; enlarge the window", columns), palette.base.dim))
        }
        if messageLines > 0 {
            while lines.count < rows - 1 - messageLines { lines.append(String(repeating: " ", count: columns)) }
            for m in messages.prefix(messageLines) { lines.append(paint(fit(m.text, columns), m.style)) }
        }
        while lines.count < rows - 1 { lines.append(String(repeating: " ", count: columns)) }
        lines.append(footerLine(header, count: entries.count, columns: columns))
        return Array(lines.prefix(rows))
    }

    // MARK: Rows

    func rowCells(_ e: WatchEntry, now: Instant, clock: Double) -> [Column: Cell] {
        var out: [Column: Cell] = [:]
        let dim = palette.base.dim
        let staleStyle = e.isStale ? palette.stale : ""
        out[.symbol] = Cell(text: e.symbol, style: e.activeAlerts.isEmpty ? (e.isStale ? staleStyle : palette.base.bold) : palette.alert)
        guard let s = e.stock else {
            let text: String
            let style: String
            if let f = e.failure {
                text = "error: " + TerminalText.sanitize(f.reason)
                style = palette.warning
            } else {
                text = "loading…"
                style = dim
            }
            for c in [Column.price, .change, .percent, .range, .last, .age] { out[c] = Cell(text: "—", style: dim) }
            out[.status] = Cell(text: text, style: style)
            return out
        }
        let rowNow = now.adding(seconds: e.clockOffset)
        let p = s.price
        func flashOr(_ field: WatchField, _ normal: String) -> String {
            if let f = e.flash(field, at: clock) { return palette.flash(f.direction) }
            return e.isStale ? staleStyle : normal
        }
        let direction: String = p.change.map { $0.sign > 0 ? palette.base.up : ($0.sign < 0 ? palette.base.down : "") } ?? ""
        out[.price] = Cell(text: WatchCellText.price(p.last), style: flashOr(.price, palette.base.bold))
        out[.change] = Cell(text: WatchCellText.change(p.change, reference: p.last), style: flashOr(.change, direction))
        out[.percent] = Cell(text: WatchCellText.percent(p.changePercent), style: flashOr(.changePercent, direction))
        out[.range] = Cell(text: WatchCellText.range(low: p.low, high: p.high, unicode: style == .unicode), style: flashOr(.dayRange, ""))
        out[.last] = Cell(text: WatchCellText.lastTrade(p.lastTrade, zone: s.timeZone, now: rowNow), style: flashOr(.lastTrade, ""))
        out[.age] = Cell(text: p.lastTrade.map { AgeFormatter.describe(seconds: rowNow.seconds(since: $0)) } ?? "—", style: staleStyle)
        if let f = e.failure {
            let age = e.updatedAt.map { AgeFormatter.describe(seconds: now.seconds(since: $0)) } ?? "?"
            out[.status] = Cell(text: "stale \(age): " + TerminalText.sanitize(f.reason), style: palette.warning)
        } else {
            let facts = QuoteFacts(stock: s, now: rowNow)
            var text = facts.status.status.rawValue
            if let r = facts.status.reason { text += " (\(r))" }
            let st: String
            switch facts.status.status {
            case .open: st = palette.base.up
            case .delayed: st = palette.warning
            default: st = dim
            }
            out[.status] = Cell(text: text, style: st)
        }
        return out
    }

    func rowLine(_ e: WatchEntry, _ cells: [Column: Cell], shown: [Column], widths: [Column: Int], columns: Int, now: Instant) -> String {
        var line = ScreenLineBuilder(limit: columns)
        for (i, c) in shown.enumerated() {
            if i > 0 { line.add(String(repeating: " ", count: WatchTableRenderer.gap), style: "", reset: "") }
            let w = widths[c] ?? 0
            if c == .spark {
                line.addExact(sparkline(e, width: w), width: w)
                continue
            }
            let cell = cells[c] ?? Cell(text: "", style: "")
            let text = c.rightAligned ? TerminalText.padLeft(TerminalText.truncate(cell.text, toWidth: w), toWidth: w) : fit(cell.text, w)
            line.add(text, style: cell.style, reset: palette.reset)
        }
        return line.finished()
    }

    /// Exactly `width` columns: the day's points placed by time over the session, or a note.
    func sparkline(_ e: WatchEntry, width: Int) -> String {
        guard width > 0 else { return "" }
        guard let s = e.stock else { return String(repeating: " ", count: width) }
        let points = s.intraday.map { SparklinePoint(time: $0.time, value: $0.price.doubleValue) }
        switch Sparkline.render(points: points, window: s.session, baseline: s.price.previousClose?.doubleValue, width: width) {
        case .rendered(let r):
            if e.isStale { return paint(r.text(style: style, palette: .plain), palette.stale) }
            return r.text(style: style, palette: palette.base)
        case .noData:
            return paint(fit("no intraday data", width), palette.base.dim)
        }
    }

    // MARK: Header, footer, notices

    /// `squarestock watch · stooq · updated 12:34:56 CET · next in 42s`, or the reason refreshes
    /// are held (paused, backing off, rate limited). When narrow, the program name goes first,
    /// then the time zone, so the state of the data stays visible longest.
    func headerLine(_ h: WatchHeader, columns: Int, now: Instant, clock: Double) -> String {
        func seconds(until t: Double) -> String { AgeFormatter.describe(seconds: Int64(max(0, (t - clock).rounded(.up)))) }
        var source = h.source
        if let speed = h.replaySpeed { source += " (replay ×" + WatchTableRenderer.number(speed) + ")" }
        var updated: (long: String, short: String, style: String)
        if let t = h.lastSuccess {
            let full = clockText(t, zone: h.zone)
            updated = ("updated " + full, "updated " + String(full.prefix(8)), "")
        } else {
            updated = ("not updated yet", "not updated yet", palette.base.dim)
        }
        var state: (text: String, style: String)? = nil
        if h.paused {
            state = ("PAUSED (p resumes)", palette.warning)
        } else if h.refreshing {
            state = ("refreshing…", palette.base.dim)
        } else {
            switch h.condition {
            case .healthy:
                if let n = h.nextRefresh { state = ("next in " + seconds(until: n), "") }
            case .backingOff(let until, let failures):
                state = ("source failing (\(failures)× in a row), retry in " + seconds(until: until), palette.warning)
            case .rateLimited(let until, let retryAfter):
                state = ("rate limited" + (retryAfter ? " (Retry-After)" : "") + ", retry in " + seconds(until: until), palette.warning)
            }
        }
        let name = "squarestock watch · "
        let separator = " · "
        let stateWidth = state.map { TerminalText.displayWidth(separator + $0.text) } ?? 0
        let sourceWidth = TerminalText.displayWidth(source)
        var showName = true
        var updatedText = updated.long
        if TerminalText.displayWidth(name) + sourceWidth + TerminalText.displayWidth(separator + updatedText) + stateWidth > columns {
            showName = false
            if sourceWidth + TerminalText.displayWidth(separator + updatedText) + stateWidth > columns { updatedText = updated.short }
        }
        var line = ScreenLineBuilder(limit: columns)
        if showName { line.add(name, style: palette.base.bold, reset: palette.reset) }
        line.add(source, style: showName ? "" : palette.base.bold, reset: palette.reset)
        line.add(separator, style: "", reset: "")
        line.add(updatedText, style: updated.style, reset: palette.reset)
        if let state {
            line.add(separator, style: "", reset: "")
            line.add(state.text, style: state.style, reset: palette.reset)
        }
        return line.finished()
    }

    func footerLine(_ h: WatchHeader, count: Int, columns: Int) -> String {
        var line = ScreenLineBuilder(limit: columns)
        let keys: [(String, String)] = [("q", "quit"), ("r", "refresh"), ("s", "sort: " + h.sort.rawValue), ("p", h.paused ? "resume" : "pause")]
        for (i, k) in keys.enumerated() {
            if i > 0 { line.add("  ", style: "", reset: "") }
            line.add(k.0, style: palette.base.bold, reset: palette.reset)
            line.add(" " + k.1, style: palette.base.dim, reset: palette.reset)
        }
        let right = "\(count) \(count == 1 ? "symbol" : "symbols")"
        let room = columns - line.width
        if room >= TerminalText.displayWidth(right) + 2 {
            line.add(TerminalText.padLeft(right, toWidth: room), style: palette.base.dim, reset: palette.reset)
        }
        return line.finished()
    }

    struct Message {
        var text: String
        var style: String
    }

    /// Stale groups (one line per reason), errors of symbols never loaded, holding alerts.
    func messages(entries: [WatchEntry], header: WatchHeader, now: Instant) -> [Message] {
        var out: [Message] = []
        var staleGroups: [(reason: String, since: Instant, symbols: [String])] = []
        var errors: [Message] = []
        for e in entries.sorted(by: { $0.position < $1.position }) {
            guard let f = e.failure else { continue }
            let reason = TerminalText.sanitize(f.reason)
            if e.stock == nil {
                errors.append(Message(text: e.symbol + ": " + reason, style: palette.warning))
            } else if let k = staleGroups.firstIndex(where: { $0.reason == reason }) {
                staleGroups[k].symbols.append(e.symbol)
                if f.since < staleGroups[k].since { staleGroups[k].since = f.since }
            } else {
                staleGroups.append((reason, f.since, [e.symbol]))
            }
        }
        for g in staleGroups {
            out.append(Message(text: "stale since " + clockText(g.since, zone: header.zone) + ": " + g.symbols.joined(separator: ", ")
                                + " (" + g.reason + "); showing the last good values", style: palette.warning))
        }
        out += errors
        for e in entries.sorted(by: { $0.position < $1.position }) where !e.activeAlerts.isEmpty {
            let price = e.stock.map { " at " + WatchCellText.price($0.price.last) } ?? ""
            out.append(Message(text: "alert " + e.activeAlerts.joined(separator: ", ") + price, style: palette.alert))
        }
        return out
    }

    /// `12:34:56 CET` in `zone`, or UTC.
    func clockText(_ t: Instant, zone: ExchangeTimeZone?) -> String {
        guard let zone else {
            let u = t.utc
            return WatchCellText.two(u.hour) + ":" + WatchCellText.two(u.minute) + ":" + WatchCellText.two(u.second) + " UTC"
        }
        let l = zone.localDateTime(at: t)
        return WatchCellText.two(l.hour) + ":" + WatchCellText.two(l.minute) + ":" + WatchCellText.two(l.second) + " " + zone.abbreviation(at: t)
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    func fit(_ s: String, _ width: Int) -> String { TerminalText.fit(s, toWidth: width) }

    func paint(_ s: String, _ style: String) -> String { style.isEmpty ? s : style + s + palette.reset }
}
