import SquarestockCore

/// `squarestock portfolio chart`: the portfolio's daily value drawn by the price charts'
/// renderer (days with money in or out marked on the time axis, the benchmark with the same
/// money dotted behind the line), or the series itself as CSV or JSON with exact money.
package enum PortfolioChartWriter {
    package static let columns = ["date", "value", "flow", "benchmark_value", "currency"]

    /// The drawing: each point a daily bar at UTC midnight of its day (the days are the ledger's,
    /// not an exchange's), laid out one slot a valued day as a daily price chart is.
    package static func chart(
        _ s: PortfolioValueSeries, range: ChartRange, size: ChartSize, style: ChartStyle, palette: Palette
    ) -> String {
        guard let (series, options) = chartInput(s, range: range) else {
            return "no time zone database: install tzdata to draw charts"
        }
        return ChartRenderer.render(series: series, size: size, style: style, palette: palette, options: options)
    }

    /// The renderer's series and options for `s` (nil only without a zone database).
    static func chartInput(_ s: PortfolioValueSeries, range: ChartRange) -> (HistorySeries, ChartOptions)? {
        guard let zone = try? ExchangeTimeZone(identifier: "UTC") else { return nil }
        var bars: [Bar] = []
        var events: [ChartEvent] = []
        bars.reserveCapacity(s.points.count)
        for (i, p) in s.points.enumerated() {
            bars.append(
                Bar(
                    time: Instant(secondsSinceEpoch: p.date.daysSinceEpoch * 86_400), session: p.date,
                    close: MinorUnits.decimal(p.value, exponent: s.exponent)))
            if p.flow != 0 { events.append(ChartEvent(bar: i, kind: p.flow > 0 ? .moneyIn : .moneyOut)) }
        }
        let comparison = s.benchmark.map { symbol in
            ChartComparison(
                label: symbol + ", same money",
                values: s.points.map { p in p.benchmark.map { MinorUnits.decimal($0, exponent: s.exponent) } })
        }
        let series = HistorySeries(
            symbol: s.portfolio, zone: zone, interval: .daily, bars: bars, currency: Currency(code: s.base))
        var note: String? = nil
        if let first = s.points.first, let last = s.points.last {
            let gain = last.value - first.value - s.points.dropFirst().reduce(0) { $0 + $1.flow }
            note = "gain " + (gain > 0 ? "+" : "") + HoldingsWriter.money(gain, s.base)
        }
        return (
            series,
            ChartOptions(
                range: range, comparison: comparison, events: events, showChange: false, legendNote: note)
        )
    }

    /// One row a day: the value, the money in (+) or out (-), the benchmark's value, all exact.
    package static func csv(_ s: PortfolioValueSeries) -> String {
        var out = columns.joined(separator: ",") + "\n"
        for p in s.points {
            out +=
                [
                    p.date.description, money(p.value, s), money(p.flow, s), p.benchmark.map { money($0, s) } ?? "",
                    s.base,
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    package static func json(_ s: PortfolioValueSeries) -> String {
        let q = JSONText.quoted
        var out =
            "{\"portfolio\": \(q(s.portfolio)), \"baseCurrency\": \(q(s.base)), "
            + "\"benchmark\": \(s.benchmark.map(q) ?? "null"),\n  \"days\": ["
        out += s.points.map { p in
            "\n    {\"date\": \(q(p.date.description)), \"value\": \(q(money(p.value, s))), "
                + "\"flow\": \(q(money(p.flow, s))), \"benchmarkValue\": \(p.benchmark.map { q(money($0, s)) } ?? "null")}"
        }.joined(separator: ",")
        out += (s.points.isEmpty ? "" : "\n  ") + "],\n"
        out += "  \"notes\": [" + s.notes.map(q).joined(separator: ", ") + "]\n}\n"
        return out
    }

    /// Minor units as a plain exact decimal of the base (no grouping: a spreadsheet reads it).
    static func money(_ minor: Int64, _ s: PortfolioValueSeries) -> String {
        MinorUnits.text(minor, exponent: s.exponent)
    }
}
