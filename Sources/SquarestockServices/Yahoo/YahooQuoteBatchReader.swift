import SquarestockCore

/// Reads the rows of a `/v7/finance/quote` answer, `{"quoteResponse":{"result":[row...]}}`,
/// straight from its bytes with a `JSONCursor`: only the fields `YahooQuoteRow` keeps become
/// values, everything else is skipped where it lies.
///
/// It answers what the tree's `root["quoteResponse"]?["result"]?.array` did: the first
/// `quoteResponse` member of the root object, its first `result` member, rows keyed by their
/// upper-cased `symbol` (a later row of the same symbol replaces an earlier one; an element that
/// is not an object or has no string `symbol` is left out). Keys are compared as the text they
/// spell (`"\u0073ymbol"` is `symbol`). The caller has already checked the body well-formed
/// (`ResponseScreen.scanJSON`), so the walk stops once the rows are read.
enum YahooQuoteBatchReader {
    /// The rows by upper-cased symbol; nil when the body holds no `quoteResponse.result` array.
    static func rows(_ body: [UInt8]) -> [String: YahooQuoteRow]? {
        body.withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            guard c.take(UInt8(ascii: "{")) else { return nil }
            var rows: [String: YahooQuoteRow]?
            var found = false
            _ = c.items(closedBy: UInt8(ascii: "}")) { c in
                guard let k = c.rawString(), c.take(UInt8(ascii: ":")) else { return false }
                guard !found, Key(k) == .quoteResponse else { return c.skipValue(depth: 1) }
                found = true
                rows = quoteResponse(&c)
                return false  // the first `quoteResponse` is the answer: stop here
            }
            return rows
        }
    }

    /// The `result` rows of the `quoteResponse` value, the cursor on it.
    static func quoteResponse(_ c: inout JSONCursor) -> [String: YahooQuoteRow]? {
        guard c.take(UInt8(ascii: "{")) else { return nil }
        var rows: [String: YahooQuoteRow]?
        var found = false
        _ = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let k = c.rawString(), c.take(UInt8(ascii: ":")) else { return false }
            guard !found, Key(k) == .result else { return c.skipValue(depth: 2) }
            found = true
            guard c.take(UInt8(ascii: "[")) else { return false }
            var read: [String: YahooQuoteRow] = [:]
            guard
                c.items(
                    closedBy: UInt8(ascii: "]"),
                    { c in
                        guard c.peek() == UInt8(ascii: "{") else { return c.skipValue(depth: 3) }
                        c.offset += 1
                        guard let (symbol, row) = self.row(&c) else { return false }
                        if let symbol { read[symbol.uppercased()] = row }
                        return true
                    })
            else { return false }
            rows = read
            return false  // the first `result` is the answer
        }
        return rows
    }

    /// One row object, its `{` taken: its `symbol` (nil when absent or not a string) and fields;
    /// nil when it is not well-formed.
    static func row(_ c: inout JSONCursor) -> (String?, YahooQuoteRow)? {
        var row = YahooQuoteRow()
        var symbol: String?
        var seen: UInt32 = 0
        let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let k = c.rawString(), c.take(UInt8(ascii: ":")) else { return false }
            let key = Key(k)
            guard key != .other, seen & key.bit == 0 else { return c.skipValue(depth: 4) }
            seen |= key.bit
            switch key {
            case .symbol:
                // Refused, not cleaned: `FLT<ESC>[0m` read as FLT priced FLT from another row.
                guard c.peek() == UInt8(ascii: "\"") else { return c.skipValue(depth: 4) }
                guard let id = c.identifier() else { return false }
                symbol = id
                return true
            case .regularMarketPrice:
                // A price sent as text (`"N/A"`) is said as sent, not taken for no data.
                if c.peek() == UInt8(ascii: "\"") {
                    guard let text = c.text() else { return false }
                    row.unreadablePrice = text
                    return true
                }
                guard let text = numberText(&c) else { return c.skipValue(depth: 4) }
                row.regularMarketPrice = ExactDecimal.parse(text)
                if row.regularMarketPrice == nil { row.unreadablePrice = String(decoding: text, as: UTF8.self) }
                return true
            case .regularMarketPreviousClose: return decimal(&c, into: &row.regularMarketPreviousClose)
            case .regularMarketChange: return decimal(&c, into: &row.regularMarketChange)
            case .regularMarketChangePercent: return decimal(&c, into: &row.regularMarketChangePercent)
            case .regularMarketOpen: return decimal(&c, into: &row.regularMarketOpen)
            case .regularMarketDayHigh: return decimal(&c, into: &row.regularMarketDayHigh)
            case .regularMarketDayLow: return decimal(&c, into: &row.regularMarketDayLow)
            case .regularMarketVolume: return decimal(&c, into: &row.regularMarketVolume)
            case .regularMarketTime: return instant(&c, into: &row.regularMarketTime)
            case .marketState: return string(&c, into: &row.marketState)
            case .priceHint:
                var hint: ExactDecimal?
                guard decimal(&c, into: &hint) else { return false }
                row.priceHint = YahooPriceHint.decimals(hint)
                return true
            case .preMarketPrice: return decimal(&c, into: &row.preMarket.price)
            case .preMarketChange: return decimal(&c, into: &row.preMarket.change)
            case .preMarketTime: return instant(&c, into: &row.preMarket.time)
            case .postMarketPrice: return decimal(&c, into: &row.postMarket.price)
            case .postMarketChange: return decimal(&c, into: &row.postMarket.change)
            case .postMarketTime: return instant(&c, into: &row.postMarket.time)
            case .exchange: return string(&c, into: &row.venue.code)
            case .fullExchangeName: return string(&c, into: &row.venue.fullExchangeName)
            case .exchangeTimezoneName: return string(&c, into: &row.venue.exchangeTimezoneName)
            case .longName: return string(&c, into: &row.venue.longName)
            case .shortName: return string(&c, into: &row.venue.shortName)
            case .currency: return string(&c, into: &row.venue.currency)
            case .quoteResponse, .result, .other: return c.skipValue(depth: 4)
            }
        }
        return ok ? (symbol, row) : nil
    }

    /// A number's text when the value is a number (what a tree keeps as `.number`), else nil with
    /// the cursor still on the value.
    static func numberText(_ c: inout JSONCursor) -> UnsafeRawBufferPointer? {
        switch c.peek() {
        case nil, UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"), UInt8(ascii: "f"),
            UInt8(ascii: "n"):
            return nil
        default: return c.number()
        }
    }

    static func decimal(_ c: inout JSONCursor, into field: inout ExactDecimal?) -> Bool {
        guard let text = numberText(&c) else { return c.skipValue(depth: 4) }
        field = ExactDecimal.parse(text)
        return true
    }

    /// Epoch seconds read as `JSONValue.epochInstant` reads them.
    static func instant(_ c: inout JSONCursor, into field: inout Instant?) -> Bool {
        guard let text = numberText(&c) else { return c.skipValue(depth: 4) }
        field = JSONValue.number(String(decoding: text, as: UTF8.self)).epochInstant
        return true
    }

    static func string(_ c: inout JSONCursor, into field: inout String?) -> Bool {
        guard c.peek() == UInt8(ascii: "\"") else { return c.skipValue(depth: 4) }
        guard let s = c.rawString() else { return false }
        field = s.text
        return true
    }

    /// The keys the reader looks for, each with a bit of its own for "seen already".
    enum Key: UInt8 {
        case other, quoteResponse, result, symbol
        case regularMarketPrice, regularMarketPreviousClose, regularMarketChange, regularMarketChangePercent
        case regularMarketOpen, regularMarketDayHigh, regularMarketDayLow, regularMarketVolume, regularMarketTime
        case marketState, preMarketPrice, preMarketChange, preMarketTime, postMarketPrice, postMarketChange
        case postMarketTime, exchange, fullExchangeName, exchangeTimezoneName, longName, shortName, currency
        case priceHint

        var bit: UInt32 { 1 << UInt32(rawValue) }

        /// The key a raw key spells: its bytes compared directly when they are plain (printable
        /// ASCII without spaces or escapes, which the tree keeps unchanged), else its text.
        init(_ raw: JSONCursor.RawString) {
            var plain = !raw.escaped
            if plain {
                for b in raw.bytes where b <= 0x20 || b > 0x7E {
                    plain = false
                    break
                }
            }
            if plain {
                self = Key.named(raw.bytes)
            } else {
                var text = raw.text
                self = text.withUTF8 { Key.named(UnsafeRawBufferPointer($0)) }
            }
        }

        /// The key the bytes spell, the candidates picked by length (one to three a length).
        static func named(_ b: UnsafeRawBufferPointer) -> Key {
            func eq(_ name: StaticString) -> Bool { JSONCursor.equals(b, name) }
            switch b.count {
            case 6: return eq("symbol") ? .symbol : eq("result") ? .result : .other
            case 8:
                return eq("exchange") ? .exchange : eq("longName") ? .longName : eq("currency") ? .currency : .other
            case 9: return eq("shortName") ? .shortName : eq("priceHint") ? .priceHint : .other
            case 11: return eq("marketState") ? .marketState : .other
            case 13: return eq("quoteResponse") ? .quoteResponse : eq("preMarketTime") ? .preMarketTime : .other
            case 14: return eq("preMarketPrice") ? .preMarketPrice : eq("postMarketTime") ? .postMarketTime : .other
            case 15:
                return eq("preMarketChange") ? .preMarketChange : eq("postMarketPrice") ? .postMarketPrice : .other
            case 16:
                return eq("postMarketChange")
                    ? .postMarketChange : eq("fullExchangeName") ? .fullExchangeName : .other
            case 17:
                return eq("regularMarketOpen")
                    ? .regularMarketOpen : eq("regularMarketTime") ? .regularMarketTime : .other
            case 18: return eq("regularMarketPrice") ? .regularMarketPrice : .other
            case 19:
                return eq("regularMarketChange")
                    ? .regularMarketChange
                    : eq("regularMarketDayLow")
                        ? .regularMarketDayLow : eq("regularMarketVolume") ? .regularMarketVolume : .other
            case 20:
                return eq("regularMarketDayHigh")
                    ? .regularMarketDayHigh : eq("exchangeTimezoneName") ? .exchangeTimezoneName : .other
            case 26:
                return eq("regularMarketPreviousClose")
                    ? .regularMarketPreviousClose
                    : eq("regularMarketChangePercent") ? .regularMarketChangePercent : .other
            default: return .other
            }
        }
    }
}
