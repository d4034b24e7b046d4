import SquarestockCore

/// `watch --stream` off a terminal: one line per event, JSON (one object per line, every price
/// an exact decimal string) or plain text. State changes are lines too, so a script sees a
/// reconnect.
package enum StreamLineWriter {
    package static func json(_ event: StreamEvent, source: String) -> String {
        let s = JSONText.quoted
        func n(_ d: ExactDecimal?) -> String { d.map { s($0.description) } ?? "null" }
        switch event {
        case .quote(let q):
            let time = q.time.map { s(EpochTimeText.iso8601(q: $0, nanoseconds: q.nanoseconds)) } ?? "null"
            return
                "{\"type\": \"quote\", \"source\": \(s(source)), \"symbol\": \(s(q.symbol)), \"price\": \(n(q.price)), "
                + "\"bid\": \(n(q.bid)), \"ask\": \(n(q.ask)), \"change\": \(n(q.change)), \"changePercent\": \(n(q.changePercent)), "
                + "\"dayVolume\": \(n(q.dayVolume)), \"session\": \(q.session.map(s) ?? "null"), \"time\": \(time)}"
        case .heartbeat(let symbol):
            return "{\"type\": \"heartbeat\", \"source\": \(s(source)), \"symbol\": \(symbol.map(s) ?? "null")}"
        case .symbolFailed(let symbol, let reason):
            return "{\"type\": \"error\", \"source\": \(s(source)), \"symbol\": \(s(symbol)), \"reason\": \(s(reason))}"
        case .gap(let symbol, let detail):
            return "{\"type\": \"gap\", \"source\": \(s(source)), \"symbol\": \(s(symbol)), \"detail\": \(s(detail))}"
        case .subscribed(let symbols):
            return "{\"type\": \"subscribed\", \"source\": \(s(source)), \"symbols\": ["
                + symbols.map(s).joined(separator: ", ")
                + "]}"
        case .book(let live): return book(live, source: source)
        case .notice(let text):
            return "{\"type\": \"notice\", \"source\": \(s(source)), \"text\": \(s(text))}"
        }
    }

    /// `{"type": "book", ..., "check": "verified", "bids": [["45283.5", "0.10000000"], ...], ...}`:
    /// price and size pairs, best first, exactly as the exchange sent them.
    static func book(_ live: LiveBook, source: String) -> String {
        let s = JSONText.quoted
        func side(_ levels: [BookLevel]) -> String {
            "[" + levels.map { "[\(s($0.price.description)), \(s($0.size.description))]" }.joined(separator: ", ") + "]"
        }
        var check = "\"check\": \(s(checkWord(live.check)))"
        switch live.check {
        case .resyncing(let expected, let computed), .unverified(let expected, let computed):
            check += ", \"expected\": \(expected), \"computed\": \(computed)"
        case .verified, .unchecked: break
        }
        return "{\"type\": \"book\", \"source\": \(s(source)), \"symbol\": \(s(live.symbol)), \(check), "
            + "\"time\": \(live.book.time.map { s($0.iso8601UTC) } ?? "null"), "
            + "\"bids\": \(side(live.book.bids)), \"asks\": \(side(live.book.asks))}"
    }

    /// `verified`, `unchecked`, `resyncing`, `unverified`.
    package static func checkWord(_ check: LiveBookCheck) -> String {
        switch check {
        case .verified: return "verified"
        case .unchecked: return "unchecked"
        case .resyncing: return "resyncing"
        case .unverified: return "unverified"
        }
    }

    package static func json(_ state: StreamState, source: String) -> String {
        let s = JSONText.quoted
        switch state {
        case .connecting: return "{\"type\": \"stream\", \"source\": \(s(source)), \"state\": \"connecting\"}"
        case .live: return "{\"type\": \"stream\", \"source\": \(s(source)), \"state\": \"live\"}"
        case .stopped: return "{\"type\": \"stream\", \"source\": \(s(source)), \"state\": \"stopped\"}"
        case .reconnecting(let seconds, let attempt, let reason):
            return "{\"type\": \"stream\", \"source\": \(s(source)), \"state\": \"reconnecting\", "
                + "\"inSeconds\": \((seconds * 10).rounded() / 10), "
                + "\"attempt\": \(attempt), \"reason\": \(s(reason))}"
        }
    }

    package static func plain(_ event: StreamEvent, source: String) -> String? {
        switch event {
        case .quote(let q):
            var parts = [q.symbol, q.price.description]
            if let bid = q.bid, let ask = q.ask { parts.append("bid \(bid) ask \(ask)") }
            if let t = q.time { parts.append(EpochTimeText.iso8601(q: t, nanoseconds: q.nanoseconds)) }
            return parts.joined(separator: "  ")
        case .symbolFailed(let symbol, let reason):
            return "\(TerminalText.sanitize(symbol)): \(source) cannot stream it (\(TerminalText.sanitize(reason)))"
        case .gap(let symbol, let detail):
            return "\(TerminalText.sanitize(symbol)): gap in \(source)'s stream: \(TerminalText.sanitize(detail))"
        case .book(let live):
            var parts = [live.symbol + " book"]
            if let b = live.book.bids.first { parts.append("bid \(b.price) x \(b.size)") }
            if let a = live.book.asks.first { parts.append("ask \(a.price) x \(a.size)") }
            parts.append("checksum " + checkWord(live.check))
            return parts.joined(separator: "  ")
        case .notice(let text): return "\(source) stream: " + TerminalText.sanitize(text)
        case .heartbeat, .subscribed: return nil
        }
    }

    package static func plain(_ state: StreamState, source: String) -> String {
        switch state {
        case .connecting: return "\(source) stream: connecting"
        case .live: return "\(source) stream: live"
        case .stopped: return "\(source) stream: stopped"
        case .reconnecting(let seconds, let attempt, let reason):
            // The reason can quote a server (a close frame's text): cleaned again here, the
            // last step before the terminal, whatever path it took.
            return
                "\(source) stream: \(TerminalText.sanitize(reason)); reconnecting in \(Int(seconds.rounded(.up))) s (attempt \(attempt))"
        }
    }
}

/// An instant with its fraction as RFC 3339 in UTC (`2022-06-02T09:20:54.127011Z`), trailing
/// zeros of the fraction dropped.
enum EpochTimeText {
    static func iso8601(q instant: Instant, nanoseconds: Int32) -> String {
        let base = instant.iso8601UTC  // `...:54Z`
        guard nanoseconds > 0 else { return base }
        var fraction = String(nanoseconds)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return String(base.dropLast()) + "." + fraction + "Z"
    }
}
