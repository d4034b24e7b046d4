import SquarestockCore

/// Stream events written out one line each, every field named and an absent one written `nil`,
/// so a decoder's spec compares what it made with the exact text it should have. `ExactDecimal`'s
/// `==` is numeric (`1.50 == 1.5`); its text keeps the digits the feed sent, which is what a
/// quote line prints, so the specs compare the text.
enum StreamEventText {
    static func lines(_ events: [StreamEvent]) -> [String] { events.map(line) }

    static func line(_ event: StreamEvent) -> String {
        switch event {
        case .quote(let q): return quote(q)
        case .heartbeat(let symbol): return "heartbeat \(symbol ?? "nil")"
        case .symbolFailed(let symbol, let reason): return "failed \(symbol): \(reason)"
        case .gap(let symbol, let detail): return "gap \(symbol): \(detail)"
        case .subscribed(let symbols): return "subscribed " + symbols.joined(separator: ",")
        case .book(let live): return book(live)
        case .notice(let text): return "notice " + text
        }
    }

    /// `quote BTC-USD 29940.91 time=2022-06-02T09:20:54Z+127011000ns bid=... ask=... change=...
    /// pct=... volume=... session=...`, then the whole-quote fields when the feed sent them.
    static func quote(_ q: StreamQuote) -> String {
        var s = "quote \(q.symbol) \(q.price)"
        s += " time=" + (q.time.map { "\($0)+\(q.nanoseconds)ns" } ?? "nil")
        s += " bid=\(text(q.bid)) ask=\(text(q.ask)) change=\(text(q.change)) pct=\(text(q.changePercent))"
        s += " volume=\(text(q.dayVolume)) session=\(q.session ?? "nil")"
        if let d = q.day {
            s += " | name=\(d.name ?? "nil") previousClose=\(text(d.previousClose)) open=\(text(d.open))"
            s += " high=\(text(d.high)) low=\(text(d.low)) currency=\(d.currency ?? "nil")"
        }
        return s
    }

    /// `book BTC-USD verified bids=45283.5x0.10000000,... asks=...` (best levels first).
    static func book(_ live: LiveBook) -> String {
        let check: String
        switch live.check {
        case .verified: check = "verified"
        case .unchecked: check = "unchecked"
        case .resyncing(let expected, let computed): check = "resyncing(\(expected)!=\(computed))"
        case .unverified(let expected, let computed): check = "unverified(\(expected)!=\(computed))"
        }
        func side(_ levels: [BookLevel]) -> String { levels.map { "\($0.price)x\($0.size)" }.joined(separator: ",") }
        return "book \(live.symbol) \(check) bids=\(side(live.book.bids)) asks=\(side(live.book.asks))"
    }

    static func text(_ d: ExactDecimal?) -> String { d.map(\.description) ?? "nil" }
}
