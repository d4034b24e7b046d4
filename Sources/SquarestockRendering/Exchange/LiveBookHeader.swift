import SquarestockCore

/// The first line of `book --live`: where the stream stands, whether the book agrees with the
/// exchange's checksum, and how old its last change is, so a frozen book never passes for a
/// live one.
///
/// ```
/// BTC-USD  Kraken · live  checksum verified  updated 2023-10-06T17:35:55Z (2s ago)
/// ```
package enum LiveBookHeader {
    package static func line(
        symbol: String, exchange: String, state: StreamState, check: LiveBookCheck?, updated: Instant?, now: Instant,
        palette: Palette
    ) -> String {
        var parts = [
            palette.paint(symbol, .bold) + "  " + palette.paint(exchange + " ·", .dim) + " " + stateText(state)
        ]
        switch check {
        case .verified?: parts.append("checksum verified")
        case .unchecked?: parts.append("no checksum")
        case .resyncing?: parts.append(palette.paint("checksum mismatch, fetching the book again", .down))
        case .unverified?: parts.append(palette.paint("checksum keeps disagreeing: shown unverified", .down))
        case nil: parts.append(palette.paint("waiting for the book", .dim))
        }
        if let updated {
            parts.append(
                "updated " + updated.iso8601UTC + " ("
                    + AgeFormatter.describe(seconds: max(0, now.secondsSinceEpoch - updated.secondsSinceEpoch))
                    + " ago)")
        }
        return parts.joined(separator: "  ")
    }

    static func stateText(_ state: StreamState) -> String {
        switch state {
        case .connecting: return "connecting…"
        case .live: return "live"
        case .stopped: return "closed"
        case .reconnecting(let seconds, let attempt, let reason):
            return "reconnecting in \(Int(seconds.rounded(.up))) s (attempt \(attempt)): "
                + TerminalText.sanitize(reason)
        }
    }
}
