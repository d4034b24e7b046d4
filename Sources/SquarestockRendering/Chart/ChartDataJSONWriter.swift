import SquarestockCore

/// `chart --format json`: one object describing the series (symbol, venue, currency, zone, range,
/// bar interval, previous close, source, notes) with its bars, oldest first. Times are UTC
/// (`Z`) and exchange-local (with the offset); numbers are written digit for digit as received,
/// and a value the source left out is `null`.
package enum ChartDataJSONWriter {
    package static func render(_ data: ChartData) -> String {
        let s = data.series
        let str = JSONText.quoted
        func opt(_ v: String?) -> String { v.map(str) ?? "null" }
        func num(_ v: ExactDecimal?) -> String { v?.description ?? "null" }
        var fields: [(String, String)] = [
            ("symbol", str(data.symbol)), ("name", opt(data.name)), ("exchange", opt(data.exchange?.name)),
            ("currency", opt(s.currency?.code)), ("timeZone", str(s.zone.identifier)),
            ("range", str(data.range.rawValue)),
            ("interval", str(s.interval.description)), ("previousClose", num(data.previousClose)),
            ("source", str(data.source)),
            ("notes", "[" + data.notes.map { str($0.text) }.joined(separator: ", ") + "]"),
        ]
        let bars = s.bars.map { b in
            "    {\"session\": \(str(b.session.description)), \"time\": \(str(b.time.iso8601UTC)), \"localTime\": \(str(s.zone.iso8601(at: b.time))), "
                + "\"open\": \(num(b.open)), \"high\": \(num(b.high)), \"low\": \(num(b.low)), \"close\": \(num(b.close)), \"volume\": \(num(b.volume))}"
        }
        fields.append(("bars", bars.isEmpty ? "[]" : "[\n" + bars.joined(separator: ",\n") + "\n  ]"))
        return "{\n" + fields.map { "  " + str($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n}\n"
    }
}
