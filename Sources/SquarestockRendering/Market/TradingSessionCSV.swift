import SquarestockMarket

/// `squarestock market --calendar XNYS --format csv`: one line per trading session,
/// `date,open,close,break_start,break_end`, instants in UTC ISO 8601 with `Z`, break fields
/// empty on days without a break.
package enum TradingSessionCSV {
    package static let header = "date,open,close,break_start,break_end"

    package static func line(_ s: TradingSession) -> String {
        s.date.description + "," + s.open.iso8601UTC + "," + s.close.iso8601UTC + ","
            + (s.breakStart?.iso8601UTC ?? "") + "," + (s.breakEnd?.iso8601UTC ?? "")
    }

    /// The whole document, header first, each line ending in `\n`.
    package static func render(_ sessions: [TradingSession], header includeHeader: Bool = true) -> String {
        var out = includeHeader ? header + "\n" : ""
        out.reserveCapacity(out.utf8.count + sessions.count * 72)
        for s in sessions { out += line(s) + "\n" }
        return out
    }
}

/// `market --calendar XNYS --from D --to D` on a terminal: the sessions as aligned columns, UTC.
package enum TradingSessionTable {
    package static func render(_ sessions: [TradingSession]) -> String {
        guard !sessions.isEmpty else { return "no trading sessions in this range\n" }
        var rows = [["date", "open (UTC)", "close (UTC)", "break (UTC)"]]
        for s in sessions {
            let brk = s.breakStart.flatMap { b in s.breakEnd.map { b.utc.hourMinute + "–" + $0.utc.hourMinute } } ?? ""
            rows.append([s.date.description, s.open.utc.hourMinute, s.close.utc.hourMinute, brk])
        }
        return AlignedColumns.render(rows, rightAligned: [])
    }
}
