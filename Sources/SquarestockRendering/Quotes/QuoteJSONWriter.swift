import SquarestockCore

/// `--format json`: an array with one object per requested symbol, in request order. Numbers are
/// written from the exact decimals, digit for digit as received; unknown values are `null`.
package enum QuoteJSONWriter {
    package static func render(_ results: [StockResult], now: Instant) -> String {
        if results.isEmpty { return "[]\n" }
        return "[\n" + results.map { object($0, now: now) }.joined(separator: ",\n") + "\n]\n"
    }

    static func object(_ r: StockResult, now: Instant) -> String {
        var fields: [(String, String)] = [("symbol", string(r.symbol))]
        switch r.outcome {
        case .failure:
            for k in [
                "name", "exchange", "currency", "timeZone", "price", "change", "changePercent", "open", "high", "low",
                "previousClose", "volume", "bid", "ask", "vwap", "lastTrade", "lastTradeLocal",
            ] { fields.append((k, "null")) }
            fields.append(("marketStatus", string(MarketStatus.unknown.rawValue)))
            fields.append(("marketStatusReason", "null"))
            fields.append(("nextMarketEvent", "null"))
            fields.append(("extendedHours", "null"))
            fields.append(("intraday", "[]"))
            fields.append(("source", "null"))
            fields.append(("notes", "[]"))
            fields.append(("error", opt(r.errorMessage)))
        case .success(let s):
            let facts = QuoteFacts(stock: s, now: now)
            let p = s.price
            fields += [
                ("name", opt(s.company.name)), ("exchange", opt(s.company.exchangeName)),
                ("currency", opt(s.currency?.code)),
                ("timeZone", opt(s.timeZone?.identifier)), ("price", num(p.last)), ("change", num(p.change)),
                ("changePercent", num(p.changePercent)), ("open", num(p.open)), ("high", num(p.high)),
                ("low", num(p.low)),
                ("previousClose", num(p.previousClose)), ("volume", num(p.volume)),
                ("bid", num(p.bid)), ("ask", num(p.ask)), ("vwap", num(p.vwap)),
                ("lastTrade", opt(facts.lastTradeUTC)), ("lastTradeLocal", opt(facts.lastTradeLocal)),
                ("marketStatus", string(facts.status.status.rawValue)),
                ("marketStatusReason", opt(facts.status.reason)),
                (
                    "nextMarketEvent",
                    facts.nextEvent.map {
                        "{\"kind\": \(string($0.kind.rawValue)), \"time\": \(string($0.at.iso8601UTC))}"
                    } ?? "null"
                ),
                (
                    "extendedHours",
                    s.extendedHours.map { e in
                        "{\"session\": \(string(e.session.rawValue)), \"price\": \(e.price), \"change\": \(num(e.change)), \"changePercent\": \(num(e.changePercent)), \"time\": \(opt(e.time?.iso8601UTC))}"
                    } ?? "null"
                ),
                (
                    "intraday",
                    s.intraday.isEmpty
                        ? "[]"
                        : "[\n"
                            + s.intraday.map {
                                "      {\"time\": \(string($0.time.iso8601UTC)), \"price\": \($0.price.description)}"
                            }.joined(separator: ",\n") + "\n    ]"
                ),
                ("source", string(s.source)),
                (
                    "notes",
                    "["
                        + (s.notes + (s.intradayUnavailable.map { ["intraday: " + $0] } ?? [])).map(string).joined(
                            separator: ", ") + "]"
                ),
                ("error", "null"),
            ]
        }
        return "  {\n" + fields.map { "    " + string($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n  }"
    }

    static func num(_ v: ExactDecimal?) -> String { v?.description ?? "null" }
    static func opt(_ s: String?) -> String { s.map(string) ?? "null" }

    /// A JSON string literal; control characters are escaped, so nothing raw reaches a terminal.
    package static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (u.value >= 0x80 && u.value < 0xA0) || u.value == 0x2028
                    || u.value == 0x2029
                {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
