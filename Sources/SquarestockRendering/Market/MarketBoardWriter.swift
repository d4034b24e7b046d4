import SquarestockCore
import SquarestockMarket

/// One exchange on the `squarestock market` board: its id and name, its wall clock now, and its
/// status with the sentence that says when it next changes.
package struct MarketBoardRow: Sendable {
    package var id: String
    package var name: String
    /// `09:41 EST`: the exchange's own clock.
    package var localTime: String
    /// The same instant with its date and offset (`2026-11-26T09:41:00-05:00`), for CSV and
    /// JSON: Tokyo is often a day ahead, which `09:41 JST` does not say.
    package var localDateTime: String
    package var status: ExchangeStatus
    /// `open, closes 16:00 EST (21:00 your time)`.
    package var line: String

    /// The row of `calendar` at `now`, with "your time" in `userZone`.
    package init(calendar: ExchangeCalendar, now: Instant, userZone: ExchangeTimeZone?) {
        let status = MarketStatusRules.evaluate(calendar: calendar, now: now, lastTrade: nil)
        id = calendar.id
        name = calendar.exchange.name
        localTime = calendar.zone.localDateTime(at: now).hourMinute + " " + calendar.zone.abbreviation(at: now)
        localDateTime = calendar.zone.iso8601(at: now)
        self.status = status
        line = MarketEventFormatter.statusLine(status, exchangeZone: calendar.zone, userZone: userZone, now: now)
    }
}

/// `squarestock market` as a table (open exchanges painted), JSON or CSV.
package enum MarketBoardWriter {
    /// The board as a table `width` columns wide at most (the terminal's): when the sentences
    /// do not fit, they are wrapped under their column, the NAME column is left out when that
    /// column would be narrower than 40, and below 24 each sentence goes under its row.
    package static func table(_ rows: [MarketBoardRow], palette: Palette, width: Int = .max) -> String {
        // Every column as wide as its widest cell (titles included), so nothing shifts.
        let titles = ("EXCHANGE", "NAME", "LOCAL TIME", "STATUS")
        let idWidth = max(TerminalText.displayWidth(titles.0), rows.map { TerminalText.displayWidth($0.id) }.max() ?? 0)
        let nameWidth = max(
            TerminalText.displayWidth(titles.1), rows.map { TerminalText.displayWidth($0.name) }.max() ?? 0)
        let timeWidth = max(
            TerminalText.displayWidth(titles.2), rows.map { TerminalText.displayWidth($0.localTime) }.max() ?? 0)
        let statusWidth = max(
            TerminalText.displayWidth(titles.3), rows.map { TerminalText.displayWidth($0.line) }.max() ?? 0)
        let withName = idWidth + nameWidth + timeWidth + 6
        let withoutName = idWidth + timeWidth + 4
        let showName = withName + statusWidth <= width || width - withName >= 40
        let prefix = showName ? withName : withoutName
        // The sentence's own column, or (0) lines of its own under the row, indented.
        let column = width - prefix >= 24 ? prefix : 0
        let wrapAt = column > 0 ? width - column : max(width - 2, 20)
        // The cells before the sentence, padded; the last one unpadded when nothing follows it.
        func cells(_ id: String, _ name: String, _ time: String) -> String {
            TerminalText.padRight(id, toWidth: idWidth) + "  "
                + (showName ? TerminalText.padRight(name, toWidth: nameWidth) + "  " : "")
                + (column > 0 ? TerminalText.padRight(time, toWidth: timeWidth) + "  " : time)
        }
        let indent = String(repeating: " ", count: column > 0 ? column : 2)
        var out = palette.paint(cells(titles.0, titles.1, titles.2) + (column > 0 ? titles.3 : ""), .dim) + "\n"
        for r in rows {
            let role: PaletteRole = r.status.report.status == .open ? .up : .dim
            let pieces = wrapped(r.line, width: wrapAt)
            out += cells(r.id, r.name, r.localTime)
            if column > 0 { out += palette.paint(pieces[0], role) }
            out += "\n"
            for piece in pieces.dropFirst(column > 0 ? 1 : 0) { out += indent + palette.paint(piece, role) + "\n" }
        }
        return out
    }

    /// `text` in lines of at most `width` columns: broken after a comma where it can be (a
    /// sentence's clauses stay whole), else between words; a word longer than `width` alone.
    static func wrapped(_ text: String, width: Int) -> [String] {
        guard TerminalText.displayWidth(text) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        func add(_ piece: String) {
            if current.isEmpty {
                current = piece
            } else if TerminalText.displayWidth(current) + 1 + TerminalText.displayWidth(piece) <= width {
                current += " " + piece
            } else {
                lines.append(current)
                current = piece
            }
        }
        let clauses = text.split(separator: ", ", omittingEmptySubsequences: false)
        for (i, clause) in clauses.enumerated() {
            let piece = String(clause) + (i == clauses.count - 1 ? "" : ",")
            if TerminalText.displayWidth(piece) <= width {
                add(piece)
            } else {
                for word in piece.split(separator: " ") { add(String(word)) }
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    package static func json(_ rows: [MarketBoardRow]) -> String {
        let s = JSONText.quoted
        return "[\n"
            + rows.map { r in
                "  {\"exchange\": \(s(r.id)), \"name\": \(s(r.name)), \"localTime\": \(s(r.localTime)), "
                    + "\"localDateTime\": \(s(r.localDateTime)), \"status\": \(s(r.status.report.status.rawValue)), "
                    + "\"reason\": \(r.status.report.reason.map(s) ?? "null"), \"next\": "
                    + (r.status.next.map { "{\"kind\": \(s($0.kind.rawValue)), \"time\": \(s($0.at.iso8601UTC))}" }
                        ?? "null") + "}"
            }.joined(separator: ",\n") + "\n]\n"
    }

    /// One row an exchange, for machines: its clock with date and offset, the next change as a
    /// kind and a UTC time (`opens`, `2026-11-26T14:30:00Z`), and the sentence last.
    package static func csv(_ rows: [MarketBoardRow]) -> String {
        (["exchange,name,localTime,status,reason,nextEvent,nextTime,summary"]
            + rows.map { r in
                [
                    r.id, r.name, r.localDateTime, r.status.report.status.rawValue, r.status.report.reason ?? "",
                    r.status.next?.kind.rawValue ?? "", r.status.next?.at.iso8601UTC ?? "", r.line,
                ]
                .map(CSVText.quoted).joined(separator: ",")
            }).joined(separator: "\n") + "\n"
    }
}
