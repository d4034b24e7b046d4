import SquarestockCore

/// `--format json`: an array with one object per requested symbol, in request order. Numbers are
/// written from the exact decimals, digit for digit as received; unknown values are `null`.
package enum QuoteJSONWriter {
    package static func render(_ results: [StockResult], now: Instant) -> String {
        if results.isEmpty { return "[]\n" }
        return "[\n" + results.map { object($0, now: now) }.joined(separator: ",\n") + "\n]\n"
    }

    static func object(_ r: StockResult, now: Instant) -> String {
        var fields: [(String, String)] = [("symbol", JSONText.quoted(r.symbol))]
        switch r.outcome {
        case .failure:
            for k in [
                "name", "exchange", "currency", "timeZone", "price", "change", "changePercent", "open", "high", "low",
                "previousClose", "volume", "bid", "ask", "vwap", "lastTrade", "lastTradeLocal",
            ] { fields.append((k, "null")) }
            fields.append(("marketStatus", JSONText.quoted(MarketStatus.unknown.rawValue)))
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
                ("marketStatus", JSONText.quoted(facts.status.status.rawValue)),
                ("marketStatusReason", opt(facts.status.reason)),
                (
                    "nextMarketEvent",
                    facts.nextEvent.map {
                        "{\"kind\": \(JSONText.quoted($0.kind.rawValue)), \"time\": \(JSONText.quoted($0.at.iso8601UTC))}"
                    } ?? "null"
                ),
                (
                    "extendedHours",
                    s.extendedHours.map { e in
                        "{\"session\": \(JSONText.quoted(e.session.rawValue)), \"price\": \(e.price), \"change\": \(num(e.change)), \"changePercent\": \(num(e.changePercent)), \"time\": \(opt(e.time?.iso8601UTC))}"
                    } ?? "null"
                ),
                (
                    "intraday",
                    s.intraday.isEmpty
                        ? "[]"
                        : "[\n"
                            + s.intraday.map {
                                "      {\"time\": \(JSONText.quoted($0.time.iso8601UTC)), \"price\": \($0.price.description)}"
                            }.joined(separator: ",\n") + "\n    ]"
                ),
                ("source", JSONText.quoted(s.source)),
                (
                    "notes",
                    "["
                        + (s.notes.map(\.text) + (s.intradayUnavailable.map { ["intraday: " + $0] } ?? [])).map(
                            JSONText.quoted
                        )
                        .joined(
                            separator: ", ") + "]"
                ),
                ("error", "null"),
            ]
        }
        return "  {\n" + fields.map { "    " + JSONText.quoted($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n  }"
    }

    static func num(_ v: ExactDecimal?) -> String { v?.description ?? "null" }
    static func opt(_ s: String?) -> String { s.map(JSONText.quoted) ?? "null" }
}
