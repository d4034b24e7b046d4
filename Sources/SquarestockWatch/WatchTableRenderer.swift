import SquarestockCore
import SquarestockMarket
import SquarestockRendering

/// Lays out the watch screen: a header (source, last good refresh, countdown or why refreshes
/// are held), one row per symbol (price, change, change %, day range, the day's sparkline, last
/// trade in the exchange's zone, its age, market status), notices (stale reasons, errors,
/// alerts) and a footer with the keys.
///
/// Pure: the same state, header, size and times always give the same frame, a grid of exactly
/// `rows` rows of `columns` cells, each a character and a role (never an escape code), so
/// `ScreenDiff` can compare frames cell by cell and add the palette's codes once, as it writes.
/// Columns are sized from their content and dropped from the least to the most essential
/// (sparkline, day range, last trade, age, change) when the window is narrow; rows that do not
/// fit are counted, never silently lost. A stale row keeps its values, dimmed, and says
/// "stale <age>: <reason>".
package struct WatchTableRenderer: Sendable {
    /// The codes the frame is written with (by `ScreenDiff`, or `render` for text).
    package var palette: WatchPalette
    package var style: SparklineStyle
    /// `watch --portfolio`: the holdings by symbol; their rows get value and gain columns and
    /// the table a totals line.
    package var holdings: [String: WatchHolding] = [:]

    static let gap = 2
    static let sparkMin = 10
    static let sparkMax = 40
    static let statusMin = 8
    static let statusPreferredMax = 26
    static let statusForFailures = 18

    package init(palette: WatchPalette, style: SparklineStyle) {
        self.palette = palette
        self.style = style
    }

    enum Column: CaseIterable {
        case symbol, price, change, percent, value, gain, range, spark, last, age, status

        var title: String {
            switch self {
            case .symbol: return "SYMBOL"
            case .price: return "PRICE"
            case .change: return "CHANGE"
            case .percent: return "CHG%"
            case .value: return "VALUE"
            case .gain: return "GAIN"
            case .range: return "DAY RANGE"
            case .spark: return "DAY"
            case .last: return "LAST TRADE"
            case .age: return "AGE"
            case .status: return "STATUS"
            }
        }

        var rightAligned: Bool {
            self == .price || self == .change || self == .percent || self == .range || self == .age || self == .value
                || self == .gain
        }
    }

    struct Cell {
        var text: String
        var role: ScreenRole
    }

    /// The frame as `rows` lines of exactly `columns` columns, with the palette's codes.
    package func render(state: WatchState, header: WatchHeader, columns: Int, rows: Int, now: Instant, clock: Double)
        -> [String]
    {
        frame(state: state, header: header, columns: columns, rows: rows, now: now, clock: clock).lines(
            palette: palette)
    }

    /// `rows` rows of exactly `columns` cells. With `kept`, the cells made from each row's
    /// values are kept there and made again only when the row changes (the frame is the same).
    package func frame(
        state: WatchState, header: WatchHeader, columns: Int, rows: Int, now: Instant, clock: Double,
        kept: WatchRowTextCache? = nil
    ) -> ScreenFrame {
        let columns = max(0, columns)
        let rows = max(0, rows)
        guard rows > 0, columns > 0 else { return ScreenFrame(width: columns, height: rows, rows: []) }
        if columns < 24 || rows < 4 {
            return ScreenFrame(
                width: columns, height: rows,
                rows: [ScreenLineBuilder.row(fit("window too small", columns), columns: columns)])
        }
        let entries = state.ordered(by: header.sort)
        let cells = entries.map { rowCells($0, now: now, clock: clock, kept: kept) }
        let (shown, widths) = layout(entries: entries, cells: cells, columns: columns)
        let messages = self.messages(entries: entries, header: header, now: now)
        // With holdings, one row under the table is the totals line.
        let totals = holdingsTotals(entries)
        let budget = VerticalBudget(
            rows: rows - (totals == nil ? 0 : 1), entries: entries.count, messages: messages.count)

        var lines: [[ScreenCell]] = []
        lines.reserveCapacity(rows)
        lines.append(headerLine(header, columns: columns, now: now, clock: clock))
        lines.append(titleLine(shown: shown, widths: widths, columns: columns))
        let first = max(0, min(header.scroll, budget.hidden))
        for k in first..<(first + budget.visible) {
            lines.append(rowLine(entries[k], cells[k], shown: shown, widths: widths, columns: columns, now: now))
        }
        if let totals, lines.count < rows - 1 {
            lines.append(ScreenLineBuilder.row(fit(totals, columns), role: .bold, columns: columns))
        }
        if budget.hidden > 0 {
            let below = budget.hidden - first
            let note =
                "… rows \(first + 1)–\(first + budget.visible) of \(entries.count)"
                + (below > 0 ? ", \(below) below" : "") + (first > 0 ? ", \(first) above" : "")
                + "; ↓/j ↑/k PgDn PgUp scroll"
            lines.append(ScreenLineBuilder.row(fit(note, columns), role: .dim, columns: columns))
        }
        let blank = [ScreenCell](repeating: .blank, count: columns)
        if budget.messageLines > 0 {
            while lines.count < rows - 1 - budget.messageLines { lines.append(blank) }
            for m in messages.prefix(budget.messageLines) {
                lines.append(ScreenLineBuilder.row(fit(m.text, columns), role: m.role, columns: columns))
            }
        }
        while lines.count < rows - 1 { lines.append(blank) }
        lines.append(footerLine(header, count: entries.count, columns: columns))
        var kept = Array(lines.prefix(rows))
        if style == .ascii { kept = kept.map { $0.map(Self.ascii) } }
        return ScreenFrame(width: columns, height: rows, rows: kept)
    }

    /// Without a UTF-8 locale (`LANG=C`) or with `--ascii`: the punctuation of the screen in
    /// ASCII, one cell for one (`·` and dashes `-`, `…` `.`, arrows `v` `^`); any other narrow
    /// character outside ASCII (in a name from the network) becomes `?`.
    static func ascii(_ cell: ScreenCell) -> ScreenCell {
        guard cell.width == 1, !cell.text.unicodeScalars.allSatisfy(\.isASCII) else { return cell }
        var c = cell
        switch cell.text {
        case "·", "—", "–": c.text = "-"
        case "…": c.text = "."
        case "↓": c.text = "v"
        case "↑": c.text = "^"
        default: c.text = "?"
        }
        return c
    }

    // MARK: Layout

    /// Which columns fit in `columns` and how wide each is: widths from the content, then the
    /// optional columns dropped (spark first, change last) until the rest fits; spark and status
    /// share what is left.
    func layout(entries: [WatchEntry], cells: [[Column: Cell]], columns: Int) -> (
        shown: [Column], widths: [Column: Int]
    ) {
        var widths: [Column: Int] = [:]
        for c in Column.allCases where c != .spark && c != .status {
            var w = TerminalText.displayWidth(c.title)
            for row in cells { w = max(w, TerminalText.displayWidth(row[c]?.text ?? "")) }
            widths[c] = w
        }
        widths[.symbol] = min(widths[.symbol] ?? 6, 14)
        let statusPreferred = preferredStatusWidth(entries: entries, cells: cells)
        var shown: [Column] = Column.allCases.filter { !holdings.isEmpty || ($0 != .value && $0 != .gain) }
        let dropOrder: [Column] = [.spark, .range, .last, .age, .change] + (holdings.isEmpty ? [] : [.gain, .value])
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
        return (shown, widths)
    }

    /// The status column is sized for the market status: failure reasons are long and repeated
    /// in full below the table, but a failing row must still say "stale 3m: could not connect…".
    func preferredStatusWidth(entries: [WatchEntry], cells: [[Column: Cell]]) -> Int {
        var preferred = TerminalText.displayWidth(Column.status.title)
        for (k, row) in cells.enumerated() where entries[k].failure == nil {
            preferred = max(preferred, TerminalText.displayWidth(row[.status]?.text ?? ""))
        }
        if entries.contains(where: { $0.failure != nil }) {
            preferred = max(preferred, WatchTableRenderer.statusForFailures)
        }
        return min(preferred, WatchTableRenderer.statusPreferredMax)
    }

    /// How the rows between the titles and the footer are shared: table rows first, up to four
    /// message lines (at least one when there is room), and a "more rows below" line when rows
    /// do not fit.
    struct VerticalBudget {
        var visible: Int
        var hidden = 0
        var messageLines = 0

        init(rows: Int, entries: Int, messages: Int) {
            let body = rows - 3  // header, titles, footer
            if messages > 0 {
                messageLines = min(messages, 4, max(0, body - entries - 1))
                if messageLines == 0 && body >= 6 { messageLines = 1 }
            }
            let tableRoom = body - messageLines - (messageLines > 0 ? 1 : 0)
            visible = entries
            if visible > tableRoom {
                visible = max(0, tableRoom - 1)
                hidden = entries - visible
            }
        }
    }

    /// The column titles, dim, aligned as their columns.
    func titleLine(shown: [Column], widths: [Column: Int], columns: Int) -> [ScreenCell] {
        var titles = ScreenLineBuilder(limit: columns)
        for (i, c) in shown.enumerated() {
            if i > 0 { titles.add(String(repeating: " ", count: WatchTableRenderer.gap)) }
            let w = widths[c] ?? 0
            let t =
                c.rightAligned
                ? TerminalText.padLeft(TerminalText.truncate(c.title, toWidth: w), toWidth: w) : fit(c.title, w)
            titles.add(t, role: .dim)
        }
        return titles.finished()
    }

    // MARK: Rows

    /// A row's cells at `now` and `clock`. What depends on the row's values alone is made once
    /// per change of the row when `kept` is given (the watch loop redraws every second for the
    /// ages and the countdown); the last trade, the age, a stale row's status and the flashes
    /// depend on the time and are made each frame.
    func rowCells(_ e: WatchEntry, now: Instant, clock: Double, kept: WatchRowTextCache? = nil) -> [Column: Cell] {
        var out = kept?.cells(for: e, make: valueCells) ?? valueCells(e)
        guard let s = e.stock else { return out }
        let rowNow = now.adding(seconds: e.clockOffset)
        let p = s.price
        let staleRole: ScreenRole = e.isStale ? .stale : .plain
        out[.last] = Cell(
            text: WatchCellText.lastTrade(p.lastTrade, zone: s.timeZone, now: rowNow),
            role: flashRole(e, .lastTrade, at: clock) ?? staleRole)
        out[.age] = Cell(
            text: p.lastTrade.map { AgeFormatter.describe(seconds: rowNow.seconds(since: $0)) } ?? "—", role: staleRole)
        if let f = e.failure {
            let age = e.updatedAt.map { AgeFormatter.describe(seconds: now.seconds(since: $0)) } ?? "?"
            out[.status] = Cell(text: "stale \(age): " + TerminalText.sanitize(f.reason), role: .warning)
        }
        if !e.flashes.isEmpty {
            for (column, field) in [
                (Column.price, WatchField.price), (.change, .change), (.percent, .changePercent), (.range, .dayRange),
            ] {
                if let role = flashRole(e, field, at: clock), let cell = out[column] {
                    out[column] = Cell(text: cell.text, role: role)
                }
            }
        }
        return out
    }

    /// The flash role of `field` on `e`'s row while it flashes at `clock`.
    func flashRole(_ e: WatchEntry, _ field: WatchField, at clock: Double) -> ScreenRole? {
        guard let f = e.flash(field, at: clock) else { return nil }
        switch f.direction {
        case .up: return .flashUp
        case .down: return .flashDown
        case .flat: return .flashFlat
        }
    }

    /// The cells made from the row's values alone, unflashed: the symbol, price, change, change
    /// %, holding, day range and market status (a stale row's status, the last trade and the
    /// age depend on the time; `rowCells` adds them).
    func valueCells(_ e: WatchEntry) -> [Column: Cell] {
        var out: [Column: Cell] = [:]
        let staleRole: ScreenRole = e.isStale ? .stale : .plain
        out[.symbol] = Cell(text: e.symbol, role: e.activeAlerts.isEmpty ? (e.isStale ? .stale : .bold) : .alert)
        guard let s = e.stock else {
            let text: String
            let role: ScreenRole
            if let f = e.failure {
                text = "error: " + TerminalText.sanitize(f.reason)
                role = .warning
            } else {
                text = "loading…"
                role = .dim
            }
            for c in [Column.price, .change, .percent, .range, .last, .age] { out[c] = Cell(text: "—", role: .dim) }
            out[.status] = Cell(text: text, role: role)
            return out
        }
        let p = s.price
        func unflashed(_ normal: ScreenRole) -> ScreenRole { e.isStale ? staleRole : normal }
        let direction: ScreenRole = p.change.map { $0.sign > 0 ? .up : ($0.sign < 0 ? .down : .plain) } ?? .plain
        out[.price] = Cell(text: WatchCellText.price(p.last, decimals: s.priceDecimals), role: unflashed(.bold))
        out[.change] = Cell(
            text: WatchCellText.change(p.change, reference: p.last, decimals: s.priceDecimals),
            role: unflashed(direction))
        out[.percent] = Cell(text: WatchCellText.percent(p.changePercent), role: unflashed(direction))
        if let (h, value, gain) = WatchHoldingFigures.value(of: e, in: holdings) {
            out[.value] = Cell(text: h.text(value), role: e.isStale ? staleRole : .plain)
            out[.gain] = Cell(
                text: h.text(gain, signed: true),
                role: e.isStale ? staleRole : (gain > 0 ? .up : (gain < 0 ? .down : .plain)))
        }
        out[.range] = Cell(
            text: WatchCellText.range(low: p.low, high: p.high, decimals: s.priceDecimals, unicode: style == .unicode),
            role: unflashed(.plain))
        let status = e.marketStatus ?? MarketStatusReport(.unknown)
        var text = status.status.rawValue
        if let r = status.reason { text += " (\(r))" }
        let role: ScreenRole
        switch status.status {
        case .open: role = .up
        case .delayed: role = .warning
        default: role = .dim
        }
        out[.status] = Cell(text: text, role: role)
        return out
    }

    func rowLine(
        _ e: WatchEntry, _ cells: [Column: Cell], shown: [Column], widths: [Column: Int], columns: Int, now: Instant
    ) -> [ScreenCell] {
        var line = ScreenLineBuilder(limit: columns)
        for (i, c) in shown.enumerated() {
            if i > 0 { line.add(String(repeating: " ", count: WatchTableRenderer.gap)) }
            let w = widths[c] ?? 0
            if c == .spark {
                line.addExact(sparkline(e, width: w), width: w)
                continue
            }
            let cell = cells[c] ?? Cell(text: "", role: .plain)
            let text =
                c.rightAligned
                ? TerminalText.padLeft(TerminalText.truncate(cell.text, toWidth: w), toWidth: w) : fit(cell.text, w)
            line.add(text, role: cell.role)
        }
        return line.finished()
    }

    /// Exactly `width` cells: the day's points placed by time over the session, or a note. A
    /// live chart takes its colour where its direction first shows and keeps it over the gaps
    /// that follow; a stale one is dimmed whole.
    func sparkline(_ e: WatchEntry, width: Int) -> [ScreenCell] {
        guard width > 0 else { return [] }
        guard let s = e.stock else { return [ScreenCell](repeating: .blank, count: width) }
        let points = s.intraday.map { SparklinePoint(time: $0.time, value: $0.price.doubleValue) }
        var out: [ScreenCell] = []
        out.reserveCapacity(width)
        switch Sparkline.render(
            points: points, window: s.session, baseline: s.price.previousClose?.doubleValue, width: width)
        {
        case .rendered(let r):
            let glyphs = style.glyphs
            var role: ScreenRole = e.isStale ? .stale : .plain
            for cell in r.cells {
                switch cell {
                case .gap:
                    ScreenCell.append(" ", role: role, to: &out, limit: width)
                case .level(let level, let direction):
                    if !e.isStale { role = ScreenRole(direction) }
                    ScreenCell.append(
                        String(glyphs[min(max(level, 0), glyphs.count - 1)]), role: role, to: &out, limit: width)
                }
            }
        case .noData:
            ScreenCell.append(fit("no intraday data", width), role: .dim, to: &out, limit: width)
        }
        return out
    }

    /// `holdings: value 12345.67 USD, gain +7399.92 USD` summed per currency over the held rows
    /// that have a price, and `(without BADCO)` naming a held row left out, as `line --portfolio`
    /// names it (`WatchHoldingFigures.totalsText`). Nil without holdings.
    func holdingsTotals(_ entries: [WatchEntry]) -> String? {
        guard !holdings.isEmpty else { return nil }
        return "holdings: " + WatchHoldingFigures.totalsText(entries, in: holdings)
    }

    // MARK: Header, footer, notices

    /// `squarestock watch · stooq · updated 12:34:56 CET · next in 42s`, or the reason refreshes
    /// are held (paused, backing off, rate limited). When narrow, the program name goes first,
    /// then the time zone, so the state of the data stays visible longest.
    func headerLine(_ h: WatchHeader, columns: Int, now: Instant, clock: Double) -> [ScreenCell] {
        func seconds(until t: Double) -> String {
            AgeFormatter.describe(seconds: Int64(max(0, (t - clock).rounded(.up))))
        }
        var source = h.source
        if let speed = h.replaySpeed { source += " (replay ×" + WatchTableRenderer.number(speed) + ")" }
        var updated: (long: String, short: String, role: ScreenRole)
        if let t = h.lastSuccess {
            let full = clockText(t, zone: h.zone)
            updated = ("updated " + full, "updated " + String(full.prefix(8)), .plain)
        } else {
            updated = ("not updated yet", "not updated yet", .dim)
        }
        var state: (text: String, role: ScreenRole)? = nil
        if let stream = h.stream, !h.paused {
            state = (stream.text, stream.warning ? .warning : .plain)
        } else if h.paused {
            state = ("PAUSED (p resumes)", .warning)
        } else if h.refreshing {
            state = ("refreshing…", .dim)
        } else {
            switch h.condition {
            case .healthy:
                if let n = h.nextRefresh { state = ("next in " + seconds(until: n), .plain) }
            case .backingOff(let until, let failures):
                state = ("source failing (\(failures)× in a row), retry in " + seconds(until: until), .warning)
            case .rateLimited(let until, let retryAfter):
                state = (
                    "rate limited" + (retryAfter ? " (Retry-After)" : "") + ", retry in " + seconds(until: until),
                    .warning
                )
            }
        }
        let name = "squarestock watch · "
        let separator = " · "
        let stateWidth = state.map { TerminalText.displayWidth(separator + $0.text) } ?? 0
        let sourceWidth = TerminalText.displayWidth(source)
        var showName = true
        var updatedText = updated.long
        if TerminalText.displayWidth(name) + sourceWidth + TerminalText.displayWidth(separator + updatedText)
            + stateWidth > columns
        {
            showName = false
            if sourceWidth + TerminalText.displayWidth(separator + updatedText) + stateWidth > columns {
                updatedText = updated.short
            }
        }
        var line = ScreenLineBuilder(limit: columns)
        if showName { line.add(name, role: .bold) }
        line.add(source, role: showName ? .plain : .bold)
        line.add(separator)
        line.add(updatedText, role: updated.role)
        if let state {
            line.add(separator)
            line.add(state.text, role: state.role)
        }
        return line.finished()
    }

    func footerLine(_ h: WatchHeader, count: Int, columns: Int) -> [ScreenCell] {
        var line = ScreenLineBuilder(limit: columns)
        let keys: [(String, String)] = [
            ("q", "quit"), ("r", "refresh"), ("s", "sort: " + h.sort.rawValue), ("p", h.paused ? "resume" : "pause"),
        ]
        for (i, k) in keys.enumerated() {
            if i > 0 { line.add("  ") }
            line.add(k.0, role: .bold)
            line.add(" " + k.1, role: .dim)
        }
        let right = "\(count) \(count == 1 ? "symbol" : "symbols")"
        let room = columns - line.width
        if room >= TerminalText.displayWidth(right) + 2 {
            line.add(TerminalText.padLeft(right, toWidth: room), role: .dim)
        }
        return line.finished()
    }

    struct Message {
        var text: String
        var role: ScreenRole
    }

    /// Stale groups (one line per reason), errors of symbols never loaded, holding alerts.
    func messages(entries: [WatchEntry], header: WatchHeader, now: Instant) -> [Message] {
        var out: [Message] = []
        var staleGroups: [(reason: String, since: Instant, symbols: [String])] = []
        var errors: [Message] = []
        // Most frames have nothing to say: pick the few rows first, then put them in order.
        let noted = entries.filter { $0.failure != nil || !$0.activeAlerts.isEmpty }.sorted {
            $0.position < $1.position
        }
        for e in noted {
            guard let f = e.failure else { continue }
            let reason = TerminalText.sanitize(f.reason)
            if e.stock == nil {
                errors.append(Message(text: e.symbol + ": " + reason, role: .warning))
            } else if let k = staleGroups.firstIndex(where: { $0.reason == reason }) {
                staleGroups[k].symbols.append(e.symbol)
                if f.since < staleGroups[k].since { staleGroups[k].since = f.since }
            } else {
                staleGroups.append((reason, f.since, [e.symbol]))
            }
        }
        for g in staleGroups {
            out.append(
                Message(
                    text: "stale since " + clockText(g.since, zone: header.zone) + ": "
                        + g.symbols.joined(separator: ", ")
                        + " (" + g.reason + "); showing the last good values", role: .warning))
        }
        out += errors
        for e in noted where !e.activeAlerts.isEmpty {
            let price = e.stock.map { " at " + WatchCellText.price($0.price.last, decimals: $0.priceDecimals) } ?? ""
            out.append(Message(text: "alert " + e.activeAlerts.joined(separator: ", ") + price, role: .alert))
        }
        return out
    }

    /// `12:34:56 CET` in `zone`, or UTC.
    func clockText(_ t: Instant, zone: ExchangeTimeZone?) -> String {
        guard let zone else {
            let u = t.utc
            return WatchCellText.two(u.hour) + ":" + WatchCellText.two(u.minute) + ":" + WatchCellText.two(u.second)
                + " UTC"
        }
        let l = zone.localDateTime(at: t)
        return WatchCellText.two(l.hour) + ":" + WatchCellText.two(l.minute) + ":" + WatchCellText.two(l.second) + " "
            + zone.abbreviation(at: t)
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    func fit(_ s: String, _ width: Int) -> String { TerminalText.fit(s, toWidth: width) }
}
