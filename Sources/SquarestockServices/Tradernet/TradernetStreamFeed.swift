import SquarestockCore
import SquarestockNetworking

/// Tradernet / Freedom24's quote stream (`wss://wss.tradernet.com/`), keyless (demo mode, data
/// may be delayed, which the first `userData` message says and the header shows). Frames are
/// arrays, `[event, data]` or `[event, data, "wstm=<server time>"]`; `["quotes",[...]]` replaces
/// the subscription list, so the whole list is always sent. Quotes (`q`) carry only what changed
/// after the first and are merged per ticker (`TradernetQuoteFields`). An `error` names no
/// ticker, so it is reported for the stream and the rows that never get a quote say so.
/// `ltt` (the last trade time) names no zone, so it is not shown as a time.
package struct TradernetStreamFeed: StreamFeed {
    package enum Channel: Sendable, Equatable {
        case quotes
        /// Order books (`["orderBook",[...]]`, answered by `b` messages).
        case books
    }

    package let name = "tradernet"
    package let url = "wss://wss.tradernet.com/"
    package let keepAlive: Double? = nil
    /// Its keep-alive interval is undocumented; silence is checked with a WebSocket ping at half.
    package let idleTimeout: Double = 60
    /// Quotes come on changes only.
    package let quietLimit: Double = 300

    package let channel: Channel

    package init(channel: Channel = .quotes) { self.channel = channel }

    var command: String { channel == .quotes ? "quotes" : "orderBook" }

    package func subscribe(_ symbols: [String]) -> [String] {
        symbols.isEmpty ? [] : ["[\"\(command)\",[" + symbols.map(JSONText.quoted).joined(separator: ",") + "]]"]
    }

    package func resubscribe(from old: [String], to new: [String]) -> [String] {
        new.isEmpty ? ["[\"\(command)\",[]]"] : subscribe(new)
    }

    /// A drifted book: the book subscription sent again, which brings the whole book.
    package func resync(_ symbol: String) -> [String] {
        channel == .books ? subscribe([symbol]) : []
    }

    package func makeState() -> State { State() }

    package func decode(_ message: [UInt8], state: inout State, into events: inout [StreamEvent]) {
        message.withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            // Raw: the event name is only compared.
            guard c.take(UInt8(ascii: "[")), let event = c.rawString(), c.take(UInt8(ascii: ",")) else { return }
            if JSONCursor.equals(event.bytes, "q") {
                guard let (symbol, fields) = Self.quote(&c, state: &state), let q = fields.quote(symbol: symbol)
                else { return }
                events.append(.quote(q))
            } else if JSONCursor.equals(event.bytes, "b") {
                if channel == .books, let live = TradernetBookMessage.apply(&c, state: &state) {
                    events.append(.book(live))
                }
            } else if JSONCursor.equals(event.bytes, "userData") {
                if let mode = Self.stringField(&c, "mode"), mode.lowercased() == "demo" {
                    events.append(.notice("demo mode: quotes may be delayed"))
                }
            } else if JSONCursor.equals(event.bytes, "error") {
                let text = Self.stringField(&c, "message") ?? "an unreadable error"
                events.append(.notice("error: " + text))
            } else if JSONCursor.equals(event.bytes, "keepAlive") {
                events.append(.heartbeat(symbol: nil))
            }
        }
    }

    /// Merges one `q` object into its ticker's fields; nil when it is unreadable or stale.
    static func quote(_ c: inout JSONCursor, state: inout State) -> (String, TradernetQuoteFields)? {
        guard c.take(UInt8(ascii: "{")) else { return nil }
        var update = TradernetQuoteUpdate()
        guard c.items(closedBy: UInt8(ascii: "}"), { c in update.read(&c) }), let symbol = update.symbol else {
            return nil
        }
        var fields = state.quotes[symbol] ?? TradernetQuoteFields()
        if let n = update.sequence, let last = fields.sequence, n <= last { return nil }
        update.apply(to: &fields)
        state.quotes[symbol] = fields
        return (symbol, fields)
    }

    /// A string field of the data object (`userData.mode`, `error.message`), cleaned for the terminal.
    static func stringField(_ c: inout JSONCursor, _ name: StaticString) -> String? {
        guard c.take(UInt8(ascii: "{")) else { return nil }
        var found: String?
        _ = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            if JSONCursor.equals(key, name), let text = c.text() {
                found = text
                return true
            }
            return c.skipValue()
        }
        return found
    }
}

/// The fields one `q` message carries, before they are merged.
struct TradernetQuoteUpdate {
    var symbol: String?
    var sequence: Int64?
    var strings: [(WritableKeyPath<TradernetQuoteFields, String?>, String)] = []
    /// A present `null` or `""` clears the field (present means changed).
    var decimals: [(WritableKeyPath<TradernetQuoteFields, ExactDecimal?>, ExactDecimal?)] = []

    /// The decimal field a key names, if it is one a row shows.
    static func decimalField(_ key: UnsafeRawBufferPointer) -> WritableKeyPath<TradernetQuoteFields, ExactDecimal?>? {
        switch String(decoding: key, as: UTF8.self) {
        case "ltp": return \.last
        case "bbp": return \.bid
        case "bap": return \.ask
        case "chg": return \.change
        case "pcp": return \.changePercent
        case "pp": return \.previousClose
        case "op": return \.open
        case "maxtp": return \.high
        case "mintp": return \.low
        case "vol": return \.volume
        default: return nil
        }
    }

    /// Reads one key and its value; unknown keys are skipped.
    mutating func read(_ c: inout JSONCursor) -> Bool {
        guard let key = c.key() else { return false }
        if JSONCursor.equals(key, "c") {
            symbol = c.identifier()
            return symbol != nil
        }
        if JSONCursor.equals(key, "n") {
            // A sequence that is not a whole number is ignored, never the quote with it.
            guard let text = c.numberText() else { return c.skipValue() }
            sequence = Int64(String(decoding: text, as: UTF8.self))
            return true
        }
        if JSONCursor.equals(key, "name2") || JSONCursor.equals(key, "x_curr") {
            let path: WritableKeyPath<TradernetQuoteFields, String?> =
                JSONCursor.equals(key, "name2") ? \.name : \.currency
            guard let text = c.text() else { return c.skipValue() }
            strings.append((path, text))
            return true
        }
        guard let path = Self.decimalField(key) else { return c.skipValue() }
        if let d = c.decimal() {
            decimals.append((path, d))
        } else if c.literal("null") {
            decimals.append((path, nil))
        } else if let text = c.rawString() {  // raw: only its emptiness matters
            if text.bytes.isEmpty { decimals.append((path, nil)) }  // any other text is not a number: ignored
        } else {
            return c.skipValue()
        }
        return true
    }

    func apply(to fields: inout TradernetQuoteFields) {
        if let sequence { fields.sequence = sequence }
        for (path, value) in strings { fields[keyPath: path] = value.isEmpty ? nil : value }
        for (path, value) in decimals { fields[keyPath: path] = value }
    }
}
