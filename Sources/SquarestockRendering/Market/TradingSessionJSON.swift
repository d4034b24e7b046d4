import SquarestockMarket

/// `squarestock market --calendar XNYS --from ... --to ... --format json`: one object per
/// session, instants in UTC ISO 8601, break fields null on days without a break.
package enum TradingSessionJSON {
    package static func render(_ sessions: [TradingSession]) -> String {
        "[\n"
            + sessions.map { s in
                "  {\"date\": \"\(s.date)\", \"open\": \"\(s.open.iso8601UTC)\", \"close\": \"\(s.close.iso8601UTC)\", \"breakStart\": "
                    + (s.breakStart.map { "\"\($0.iso8601UTC)\"" } ?? "null") + ", \"breakEnd\": "
                    + (s.breakEnd.map { "\"\($0.iso8601UTC)\"" } ?? "null") + ", \"earlyClose\": \(s.earlyClose)}"
            }.joined(separator: ",\n") + (sessions.isEmpty ? "]\n" : "\n]\n")
    }
}
