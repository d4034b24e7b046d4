import SquarestockCore

/// Draws a price history as a terminal chart: a pure function of the series, the size, the
/// style, the palette and the options, with no clock, environment or terminal involved, so the
/// same inputs give the same text on every machine and in every test.
///
/// Layout, top to bottom: a legend line; the price plot with a y axis of round ticks in the
/// symbol's currency on the left, the previous close as a dotted baseline on intraday ranges and
/// the high and low marked; optional volume bars; the x axis with time labels that suit the
/// range, in the exchange's zone unless told otherwise. Time is laid out by trading sessions
/// (`ChartSessionLayout`): nights, weekends and holidays take no room, a missing session is a
/// gap, and the line never bridges one. Colours come from the palette (`.plain` writes no escape
/// at all) and mean direction against the previous close, or the first close without one.
public enum ChartRenderer {
    public static func render(series unordered: HistorySeries, size: ChartSize, style: ChartStyle, palette: Palette,
                              options: ChartOptions = ChartOptions()) -> String {
        // Decoders hand out bars oldest first; anything else is put in order rather than drawn wrong.
        var series = unordered
        if !zip(series.bars, series.bars.dropFirst()).allSatisfy({ !($1.time < $0.time) }) {
            series.bars.sort { $0.time < $1.time }
        }
        let size = size.clamped
        let range = options.range ?? ChartRange.inferred(for: series)
        let glyphs = style.glyphs
        let asciiOnly = style == .ascii
        let bars = series.bars
        let labelZone = options.labelZone ?? series.zone
        var canvas = ChartCanvas(width: size.width, height: size.height)
        let legendRows = options.showLegend ? 1 : 0

        // Values as doubles once; extremes and their bars for the scale and the markers.
        var closes = [Double?](repeating: nil, count: bars.count)
        var lowValue = Double.infinity, highValue = -Double.infinity
        var highBar = -1, lowBar = -1
        var highExact: ExactDecimal? = nil, lowExact: ExactDecimal? = nil
        var firstClose: ExactDecimal? = nil, lastClose: ExactDecimal? = nil
        var anyVolume = false
        for (i, b) in bars.enumerated() {
            guard let c = b.close else { continue }
            closes[i] = c.doubleValue
            if firstClose == nil { firstClose = c }
            lastClose = c
            let h = b.high.map { max($0, c) } ?? c
            let l = b.low.map { min($0, c) } ?? c
            let hd = h.doubleValue, ld = l.doubleValue
            if hd > highValue { highValue = hd; highBar = i; highExact = h }
            if ld < lowValue { lowValue = ld; lowBar = i; lowExact = l }
            if let v = b.volume, v.sign > 0 { anyVolume = true }
        }
        let baseline: ExactDecimal? = range.isIntraday ? options.previousClose : nil
        let reference = options.previousClose ?? firstClose

        guard let lastClose, let highExact, let lowExact else {
            var legend = ChartLegend()
            legend.add(TerminalText.sanitize(series.symbol), role: .bold, priority: 9)
            legend.add(range.rawValue, priority: 8)
            if options.showLegend { legend.draw(on: &canvas, row: 0, width: size.width) }
            let message = "no prices to chart for this range"
            canvas.write(message, row: size.height / 2, col: max((size.width - message.count) / 2, 0), role: .dim)
            return canvas.text(palette: palette)
        }

        // Rows: legend, plot, volume (a blank row then bars), x axis, x labels.
        let bodyRows = size.height - legendRows - 2
        var volumeRows = options.showVolume && anyVolume ? min(max(2, bodyRows / 4), 7) : 0
        if bodyRows - volumeRows < 3 { volumeRows = 0 }
        let plotRows = bodyRows - volumeRows
        let plotTop = legendRows
        let axisRow = plotTop + plotRows + volumeRows
        let labelRow = axisRow + 1

        // A row of room above and below the scale for the high and low markers.
        let padding = plotRows >= 6 ? 1 : 0
        let valueTop = plotTop + padding
        let valueRows = plotRows - 2 * padding

        var low = lowValue
        var high = highValue
        if let b = baseline?.doubleValue { low = min(low, b); high = max(high, b) }
        let scale = PriceScale.make(low: low, high: high, rows: valueRows)
        let axisFormat = ChartPriceFormat(currency: series.currency, decimals: scale.decimals, asciiOnly: asciiOnly)
        let tickLabels = scale.ticks.map { (value: $0, text: axisFormat.string($0)) }
        let tickWidth = tickLabels.map { $0.text.unicodeScalars.count }.max() ?? 1

        // Columns: y labels, a blank, the axis, then the plot to the right edge. The volume label
        // can widen the first part, which changes the plot width, so lay out until it settles.
        var labelWidth = tickWidth
        var layout: ChartSessionLayout
        var samples: ChartSamples
        var volumes = ColumnVolumes()
        var volumeLabel = ""
        var plotX: Int
        var plotColumns: Int
        repeat {
            plotX = labelWidth + 2
            plotColumns = max(size.width - plotX, 4)
            layout = ChartSessionLayout(bars: bars, zone: series.zone, interval: series.interval, calendar: options.calendar,
                                        tradingHours: options.tradingHours, columns: plotColumns,
                                        samplesPerColumn: style.samplesPerColumn)
            samples = ChartSamples(bars: bars, closes: closes, layout: layout, interval: series.interval)
            guard volumeRows > 0 else { break }
            volumes = ColumnVolumes(samples: samples, columns: plotColumns, samplesPerColumn: style.samplesPerColumn,
                                    reference: reference?.doubleValue ?? samples.last.first { !$0.isNaN } ?? 0)
            let peak = volumes.values.max() ?? 0
            volumeLabel = peak < 9e17 ? NumberFormatting.volume(ExactDecimal(significand: Int64(peak.rounded()), scale: 0)) : ""
            if volumeLabel.count <= labelWidth { break }
            labelWidth = volumeLabel.count
        } while true

        // Colour of each sample: its close against the reference.
        let referenceValue = reference?.doubleValue ?? samples.last.first { !$0.isNaN } ?? 0
        let roles: [ChartCanvas.Role] = samples.last.map { v in
            v.isNaN ? .none : ChartCanvas.Role(v > referenceValue ? .up : (v < referenceValue ? .down : .flat))
        }

        ChartPlotter(samples: samples, scale: scale, roles: roles, glyphs: glyphs, top: plotTop, left: plotX, rows: plotRows,
                     columns: plotColumns, valueTop: valueTop, valueRows: valueRows).draw(style, on: &canvas)

        // High and low: a marker just above the high and just below the low, the price beside it.
        let priceFormat = ChartPriceFormat(currency: series.currency, decimals: scale.priceDecimals, asciiOnly: asciiOnly)
        if highExact != lowExact {
            let k = style.samplesPerColumn
            let marks: [(bar: Int, value: ExactDecimal, glyph: Unicode.Scalar, away: Int)] = [
                (highBar, highExact, glyphs.highMarker, -1), (lowBar, lowExact, glyphs.lowMarker, 1),
            ]
            for m in marks {
                let c = plotX + min(layout.barSample[m.bar] / k, plotColumns - 1)
                var r = valueTop + scale.row(m.value.doubleValue, rows: valueRows)
                if padding > 0 { r += m.away }
                canvas.set(r, c, m.glyph, .bold)
                let text = priceFormat.string(m.value)
                let n = text.unicodeScalars.count
                // Right of the marker, else left of it within the plot (the axis and its labels come later).
                if canvas.isFree(row: r, col: c + 1, count: n + 1) {
                    canvas.write(text, row: r, col: c + 2, role: .bold)
                } else if c - n - 1 >= plotX, canvas.isFree(row: r, col: c - n - 1, count: n + 1) {
                    canvas.write(text, row: r, col: c - n - 1, role: .bold)
                }
            }
        }

        // The previous close, dotted, wherever the line and the markers left room.
        let separatorColumns = Set(layout.separators)
        if let baseline {
            let r = valueTop + scale.row(baseline.doubleValue, rows: valueRows)
            for c in 0..<plotColumns where !separatorColumns.contains(c) && canvas.isBlank(r, plotX + c)
                && (!glyphs.baselineEveryOther || c % 2 == 0) {
                canvas.set(r, plotX + c, glyphs.baseline, .dim)
            }
        }

        // Volume bars, coloured by the close against the previous column's.
        if volumeRows > 0 {
            let barRows = volumeRows - 1
            let bottom = plotTop + plotRows + volumeRows - 1
            let peak = volumes.values.max() ?? 0
            for c in 0..<plotColumns where volumes.values[c] > 0 && peak > 0 {
                let role = ChartCanvas.Role(volumes.directions[c])
                var h = max(Int((volumes.values[c] / peak * Double(barRows * 8)).rounded()), 1)
                var row = bottom
                while h >= 8 {
                    canvas.set(row, plotX + c, glyphs.eighths[7], role)
                    h -= 8
                    row -= 1
                }
                if h > 0 { canvas.set(row, plotX + c, glyphs.eighths[h - 1], role) }
            }
        }

        // Session separators through the plot and the volume bars, where nothing else is.
        for c in layout.separators {
            for r in plotTop..<(plotTop + plotRows + volumeRows) where canvas.isBlank(r, plotX + c) {
                canvas.set(r, plotX + c, glyphs.separator, .dim)
            }
        }

        // Y axis: the line, a tick and a label at each round value, the volume scale below.
        let axisX = plotX - 1
        for r in plotTop..<axisRow { canvas.set(r, axisX, glyphs.axisVertical, .dim) }
        for t in tickLabels {
            let r = valueTop + scale.row(t.value.doubleValue, rows: valueRows)
            canvas.set(r, axisX, glyphs.axisTick, .dim)
            canvas.write(t.text, row: r, col: axisX - 1 - t.text.unicodeScalars.count)
        }
        if volumeRows > 0 && !volumeLabel.isEmpty {
            let r = plotTop + plotRows + 1
            canvas.set(r, axisX, glyphs.axisTick, .dim)
            canvas.write(volumeLabel, row: r, col: axisX - 1 - volumeLabel.count, role: .dim)
        }

        // X axis and its labels.
        canvas.set(axisRow, axisX, glyphs.axisCorner, .dim)
        for c in plotX..<size.width { canvas.set(axisRow, c, glyphs.axisHorizontal, .dim) }
        let labels = TimeAxis.place(range: range, interval: series.interval, layout: layout, bars: bars,
                                    labelZone: labelZone, plotX: plotX, width: size.width)
        for l in labels {
            canvas.set(axisRow, plotX + l.tick, glyphs.axisLabelTick, .dim)
            canvas.write(l.text, row: labelRow, col: l.start)
        }

        if options.showLegend {
            legend(series: series, range: range, bars: bars, reference: reference, last: lastClose, high: highExact, low: lowExact,
                   baseline: baseline, format: priceFormat, axisFormat: axisFormat, glyphs: glyphs, labelZone: labelZone)
                .draw(on: &canvas, row: 0, width: size.width)
        }
        return canvas.text(palette: palette)
    }

    static func legend(series: HistorySeries, range: ChartRange, bars: [Bar], reference: ExactDecimal?, last: ExactDecimal,
                       high: ExactDecimal, low: ExactDecimal, baseline: ExactDecimal?, format: ChartPriceFormat,
                       axisFormat: ChartPriceFormat, glyphs: ChartGlyphs, labelZone: ExchangeTimeZone) -> ChartLegend {
        var legend = ChartLegend()
        var title = TerminalText.sanitize(series.symbol) + " " + range.rawValue
        if let currency = series.currency, !axisFormat.marksCurrency { title += " " + currency.code }
        legend.add(title, role: .bold, priority: 9)
        var lastText = format.string(last)
        var role = ChartCanvas.Role.none
        if let reference, let change = last - reference {
            let direction: SparkDirection = change.sign > 0 ? .up : (change.sign < 0 ? .down : .flat)
            role = ChartCanvas.Role(direction)
            let changeText = ChartPriceFormat(currency: nil, decimals: format.decimals, asciiOnly: true).string(change)
            lastText += " " + (change.sign > 0 ? "+" : "") + changeText
            // A percentage of a zero or negative reference (a spread) means nothing.
            if reference.sign > 0, let ratio = change.divided(by: reference, scale: 8), let percent = ratio * ExactDecimal(100) {
                lastText += " (" + NumberFormatting.signedPercent(percent) + ")"
            }
        }
        legend.add(lastText, role: role, priority: 8)
        legend.add("high " + format.string(high), priority: 6)
        legend.add("low " + format.string(low), priority: 5)
        if let baseline {
            let dots = glyphs.baselineEveryOther ? "- -" : String(repeating: Character(glyphs.baseline), count: 2)
            legend.add(dots + " prev close " + format.string(baseline), priority: 4)
        }
        if series.interval.isIntraday, let first = bars.first, let lastBar = bars.last {
            let a = labelZone.abbreviation(at: first.time)
            let b = labelZone.abbreviation(at: lastBar.time)
            legend.add("times " + (a == b ? a : a + "/" + b), priority: 7)
        }
        return legend
    }
}
