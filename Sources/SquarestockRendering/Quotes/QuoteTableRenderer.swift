import SquarestockCore

/// `--format table`: one block per symbol, laid out for a person at a terminal. Pure: the same
/// results, time, width, style and palette always give the same text.
///
/// ```
/// AAPL  Apple Inc.  NasdaqGS · USD
///   268.84  -0.17 (-0.06%)  closed (weekend)
///   open 269.63  high 271.41  low 267.11  prev close 269.00  volume 21.35M
///   last trade 2025-10-29 12:36:59 EDT (3m ago)
///   ▆▇▇▇██▇█▇▇▇▆▆▆▆▅▅▄▄▄▄▃▃▂▂▂▃▃▃▃▃▃          09:30-16:00 EDT
/// ```
package struct QuoteTableRenderer: Sendable {
    package var width: Int
    package var style: SparklineStyle
    package var palette: Palette
    /// The user's zone, for "opens 09:30 EST (15:30 your time)".
    package var userZone: ExchangeTimeZone?

    package init(width: Int, style: SparklineStyle, palette: Palette, userZone: ExchangeTimeZone? = nil) {
        self.width = max(20, width)
        self.style = style
        self.palette = palette
        self.userZone = userZone
    }

    /// Failed symbols are left out here: their messages go to standard error.
    package func render(_ results: [StockResult], now: Instant) -> String {
        results.compactMap { r in r.stock.map { block($0, now: now) } }.joined(separator: "\n")
    }

    /// `·` and `—` on a UTF-8 terminal; `/` and `-` where the locale cannot show them (`LANG=C`).
    var dot: String { style == .unicode ? " · " : " / " }
    var dash: String { style == .unicode ? "—" : "-" }

    func block(_ s: Stock, now: Instant) -> String {
        let facts = QuoteFacts(stock: s, now: now, userZone: userZone)
        let p = s.price
        var lines: [String] = []
        let priceText: (ExactDecimal) -> String = { NumberFormatting.price($0, decimals: s.priceDecimals) }

        var title = palette.paint(s.company.symbol, .bold)
        if let name = s.company.name { title += "  " + TerminalText.truncate(name, toWidth: max(10, width - 30)) }
        var venue: [String] = []
        if let e = s.company.exchangeName { venue.append(e) }
        if let c = s.currency { venue.append(c.minorLabel.map { "\(c.code) (\($0))" } ?? c.code) }
        if !venue.isEmpty { title += "  " + palette.paint(venue.joined(separator: dot), .dim) }
        lines.append(title)

        let direction = p.change.map { $0.sign > 0 ? PaletteRole.up : ($0.sign < 0 ? .down : .flat) } ?? .flat
        var priceParts: [(String, PaletteRole?)] = [(p.last.map(priceText) ?? dash, .bold)]
        if let c = p.change {
            var change = NumberFormatting.signedChange(c, reference: p.last, decimals: s.priceDecimals)
            if let pc = p.changePercent { change += " (" + NumberFormatting.signedPercent(pc) + ")" }
            priceParts.append((change, direction))
        }
        var status = facts.status.status.rawValue
        if let reason = facts.status.reason { status += " (\(reason))" }
        if let next = facts.nextEventText { status += ", " + next }
        priceParts.append((status, facts.status.status == .open ? .up : .dim))
        lines += wrapped(priceParts)
        if let e = s.extendedHours {
            var line = "  " + (e.session == .pre ? "pre-market " : "after hours ") + priceText(e.price)
            if let c = e.change {
                var change = NumberFormatting.signedChange(c, reference: e.price, decimals: s.priceDecimals)
                if let pc = e.changePercent { change += " (" + NumberFormatting.signedPercent(pc) + ")" }
                line += "  " + palette.paint(change, c.sign > 0 ? .up : (c.sign < 0 ? .down : .flat))
            }
            if let t = e.time, let zone = s.timeZone {
                let local = zone.localDateTime(at: t)
                line += "  at " + local.hourMinute + " " + zone.abbreviation(at: t)
            }
            lines.append(line)
        }

        var stats: [String] = []
        func add(_ label: String, _ v: ExactDecimal?, _ f: (ExactDecimal) -> String = priceText) {
            stats.append(label + " " + (v.map(f) ?? dash))
        }
        add("open", p.open)
        add("high", p.high)
        add("low", p.low)
        add("prev close", p.previousClose)
        add("volume", p.volume, NumberFormatting.volume)
        lines += wrapped(stats.map { ($0, nil) }, whole: true)
        if p.bid != nil || p.ask != nil || p.vwap != nil {
            var book: [String] = []
            book.append("bid " + (p.bid.map(priceText) ?? dash))
            book.append("ask " + (p.ask.map(priceText) ?? dash))
            if let a = p.ask, let b = p.bid, let spread = a - b {
                book.append("spread " + priceText(spread))
            }
            if let v = p.vwap { book.append("vwap " + priceText(v)) }
            lines.append("  " + book.joined(separator: "  "))
        }

        if let when = facts.lastTradeDisplay {
            lines.append("  last trade " + when + (facts.age.map { " (\($0))" } ?? ""))
        } else {
            lines.append("  last trade unknown")
        }
        lines.append("  " + sparkline(s, now: now))
        for note in s.notes { lines += wrapped([("note: " + note.text, .dim)]) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parts of one line, two spaces apart and indented by two, broken only between words when
    /// the line is wider than the window (continuations indented by four), so a narrow terminal
    /// never wraps a line inside a number.
    /// A part marked `whole` (a label and its number) is never broken itself.
    func wrapped(_ parts: [(String, PaletteRole?)], whole: Bool = false) -> [String] {
        var out: [String] = []
        var line = "  "
        var used = 2
        var empty = true
        for (part, role) in parts {
            let words = whole ? [Substring(part)] : part.split(separator: " ")
            for (k, word) in words.enumerated() {
                let w = TerminalText.displayWidth(String(word))
                let gap = empty ? 0 : (k == 0 ? 2 : 1)
                if !empty && used + gap + w > width {
                    out.append(line)
                    line = "    "
                    used = 4
                } else if !empty {
                    line += String(repeating: " ", count: gap)
                    used += gap
                }
                line += role.map { palette.paint(String(word), $0) } ?? String(word)
                used += w
                empty = false
            }
        }
        out.append(line)
        return out
    }

    func sparkline(_ s: Stock, now: Instant) -> String {
        let points = s.intraday.map { SparklinePoint(time: $0.time, value: $0.price.doubleValue) }
        let label = sessionLabel(
            s, now: now, span: s.session.flatMap { Sparkline.timeRange(points: points, window: $0) })
        let available = max(10, min(160, width - 4 - (label.isEmpty ? 0 : label.count + 2)))
        switch Sparkline.render(
            points: points, window: s.session, baseline: s.price.previousClose?.doubleValue, width: available)
        {
        case .rendered(let r):
            return r.text(style: style, palette: palette) + (label.isEmpty ? "" : "  " + palette.paint(label, .dim))
        case .noData:
            return palette.paint("no intraday data" + (s.intradayUnavailable.map { ": " + $0 } ?? ""), .dim)
        }
    }

    /// The session the sparkline spans, in the exchange's clock: `09:30-16:00 EDT`, with its day
    /// when that is not the exchange's today (`Nov 25 09:30-16:00 EST` on Thanksgiving: an
    /// earlier session read as today's). `span`: the line's own, when points outside the
    /// session widened it (`08:30-16:00 EDT`; the session's label stood under a stretched line).
    func sessionLabel(_ s: Stock, now: Instant, span: ClosedRange<Instant>? = nil) -> String {
        guard let session = span ?? s.session, let zone = s.timeZone else { return "" }
        let a = zone.localDateTime(at: session.lowerBound)
        let b = zone.localDateTime(at: session.upperBound)
        func named(_ d: CivilDate) -> String { TimeAxis.monthNames[d.month - 1] + " " + String(d.day) + " " }
        // A recording's today is the day it was recorded (its status and times are as of then).
        let day = a.date == zone.localDateTime(at: s.recordedAt ?? now).date ? "" : named(a.date)
        // A span over two days names its end's day too (`Nov 24 20:00-Nov 25 16:00` read as
        // a range running backwards without it).
        let endDay = b.date == a.date ? "" : named(b.date)
        return day + a.hourMinute + "-" + endDay + b.hourMinute + " " + zone.abbreviation(at: session.lowerBound)
    }
}
