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
package enum ChartRenderer {
    package static func render(
        series unordered: HistorySeries, size: ChartSize, style: ChartStyle, palette: Palette,
        options: ChartOptions = ChartOptions()
    ) -> String {
        let series = inTimeOrder(unordered)
        let size = size.clamped
        let range = options.range ?? ChartRange.inferred(for: series)
        let glyphs = style.glyphs
        let asciiOnly = style == .ascii
        let bars = series.bars
        let labelZone = options.labelZone ?? series.zone

        let extremes = ChartExtremes(bars: bars)
        guard let lastClose = extremes.lastClose, let high = extremes.high, let low = extremes.low else {
            return noPrices(series: series, range: range, size: size, options: options, palette: palette)
        }
        let baseline: ExactDecimal? = range.isIntraday ? options.previousClose : nil
        let reference = options.previousClose ?? extremes.firstClose

        let rows = ChartRows(
            height: size.height, legendRows: options.showLegend ? 1 : 0,
            wantsVolume: options.showVolume && extremes.anyVolume)
        var lowValue = extremes.lowValue
        var highValue = extremes.highValue
        if let b = baseline?.doubleValue {
            lowValue = min(lowValue, b)
            highValue = max(highValue, b)
        }
        // A comparison shares the scale, so both series are read against the same ticks.
        let comparison = options.comparison.flatMap { $0.values.count == bars.count ? $0 : nil }
        let comparisonCloses = comparison?.values.map { $0?.doubleValue } ?? []
        for case let v? in comparisonCloses {
            lowValue = min(lowValue, v)
            highValue = max(highValue, v)
        }
        let scale = PriceScale.make(low: lowValue, high: highValue, rows: rows.valueRows)
        let axisFormat = ChartPriceFormat(currency: series.currency, decimals: scale.decimals, asciiOnly: asciiOnly)
        let tickLabels = scale.ticks.map { (value: $0, text: axisFormat.string($0)) }
        let tickWidth = tickLabels.map { $0.text.unicodeScalars.count }.max() ?? 1
        let columns = ChartColumns(
            width: size.width, tickWidth: tickWidth, series: series, closes: extremes.closes,
            style: style, options: options, volumeRows: rows.volumeRows, reference: reference)

        // Colour of each sample: its close against the reference.
        var canvas = ChartCanvas(width: size.width, height: size.height)
        let samples = columns.samples
        let referenceValue = reference?.doubleValue ?? samples.last.first { !$0.isNaN } ?? 0
        let roles: [ChartCanvas.Role] = samples.last.map { v in
            v.isNaN ? .none : ChartCanvas.Role(v > referenceValue ? .up : (v < referenceValue ? .down : .flat))
        }
        // The markers' bars' samples, where the line style's column reaches its extreme close.
        func sample(_ bar: Int) -> Int? {
            bar >= 0 && bar < columns.layout.barSample.count
                ? min(max(columns.layout.barSample[bar], 0), samples.count - 1) : nil
        }
        ChartPlotter(
            samples: samples, scale: scale, roles: roles, glyphs: glyphs, top: rows.plotTop, left: columns.plotX,
            rows: rows.plotRows, columns: columns.plotColumns, valueTop: rows.valueTop,
            valueRows: rows.valueRows, markerSamples: (sample(extremes.highBar), sample(extremes.lowBar))
        ).draw(style, on: &canvas)

        let priceFormat = ChartPriceFormat(
            currency: series.currency, decimals: scale.priceDecimals, asciiOnly: asciiOnly)
        if high != low {
            let marks: [(bar: Int, value: ExactDecimal, glyph: Unicode.Scalar, away: Int)] = [
                (extremes.highBar, high, glyphs.highMarker, -1), (extremes.lowBar, low, glyphs.lowMarker, 1),
            ]
            for mark in marks {
                drawMarker(
                    mark, samplesPerColumn: style.samplesPerColumn, format: priceFormat, rows: rows,
                    columns: columns, scale: scale, on: &canvas)
            }
        }
        if let baseline {
            drawBaseline(baseline, glyphs: glyphs, rows: rows, columns: columns, scale: scale, on: &canvas)
        }
        if comparison != nil {
            drawComparison(
                comparisonCloses, series: series, glyphs: glyphs, samplesPerColumn: style.samplesPerColumn,
                rows: rows, columns: columns, scale: scale, on: &canvas)
        }
        if rows.volumeRows > 0 { drawVolumeBars(glyphs: glyphs, rows: rows, columns: columns, on: &canvas) }
        drawSeparators(glyphs: glyphs, rows: rows, columns: columns, on: &canvas)
        drawPriceAxis(ticks: tickLabels, glyphs: glyphs, rows: rows, columns: columns, scale: scale, on: &canvas)
        drawTimeAxis(
            series: series, range: range, labelZone: labelZone, width: size.width, glyphs: glyphs, rows: rows,
            columns: columns, on: &canvas)
        drawEvents(
            options.events, barCount: bars.count, glyphs: glyphs, samplesPerColumn: style.samplesPerColumn, rows: rows,
            columns: columns, on: &canvas)

        if options.showLegend {
            var legend = legend(
                series: series, range: range, bars: bars, reference: options.showChange ? reference : nil,
                last: lastClose, high: high, low: low, highIsClose: extremes.highIsClose,
                lowIsClose: extremes.lowIsClose, baseline: baseline, format: priceFormat, axisFormat: axisFormat,
                glyphs: glyphs, labelZone: labelZone
            )
            if let note = options.legendNote { legend.add(note, priority: 7) }
            if let comparison {
                var text = String(Character(glyphs.comparison)) + " " + TerminalText.sanitize(comparison.label)
                if let last = comparison.values.last(where: { $0 != nil }) ?? nil {
                    text += " " + priceFormat.string(last)
                }
                legend.add(text, role: .dim, priority: 7)
            }
            let kinds = Set(options.events.map(\.kind))
            var key: [String] = []
            if kinds.contains(.moneyIn) { key.append(String(Character(glyphs.moneyIn)) + " in") }
            if kinds.contains(.moneyOut) { key.append(String(Character(glyphs.moneyOut)) + " out") }
            if !key.isEmpty { legend.add(key.joined(separator: " "), role: .dim, priority: 3) }
            legend.draw(on: &canvas, row: 0, width: size.width)
        }
        return canvas.text(palette: palette)
    }

    /// Decoders hand out bars oldest first; anything else is put in order rather than drawn wrong.
    static func inTimeOrder(_ series: HistorySeries) -> HistorySeries {
        guard !zip(series.bars, series.bars.dropFirst()).allSatisfy({ !($1.time < $0.time) }) else { return series }
        var sorted = series
        sorted.bars.sort { $0.time < $1.time }
        return sorted
    }

    /// A series without a single close: the legend's symbol and range, and a message in the middle.
    static func noPrices(
        series: HistorySeries, range: ChartRange, size: ChartSize, options: ChartOptions,
        palette: Palette
    ) -> String {
        var canvas = ChartCanvas(width: size.width, height: size.height)
        var legend = ChartLegend()
        legend.add(TerminalText.sanitize(series.symbol), role: .bold, priority: 9)
        legend.add(range.rawValue, priority: 8)
        if options.showLegend { legend.draw(on: &canvas, row: 0, width: size.width) }
        let message = "no prices to chart for this range"
        canvas.write(message, row: size.height / 2, col: max((size.width - message.count) / 2, 0), role: .dim)
        return canvas.text(palette: palette)
    }

    /// The high's marker just above it, or the low's just below it (each in the padding row where
    /// there is one), with the price to the right of the marker or, where that is taken, to its
    /// left within the plot. Drawn before the axes, so their labels never stop a price.
    static func drawMarker(
        _ mark: (bar: Int, value: ExactDecimal, glyph: Unicode.Scalar, away: Int),
        samplesPerColumn k: Int, format: ChartPriceFormat, rows: ChartRows, columns: ChartColumns,
        scale: PriceScale, on canvas: inout ChartCanvas
    ) {
        let plotX = columns.plotX
        let c = plotX + min(columns.layout.barSample[mark.bar] / k, columns.plotColumns - 1)
        var r = rows.valueTop + scale.row(mark.value.doubleValue, rows: rows.valueRows)
        if rows.padding > 0 { r += mark.away }
        canvas.set(r, c, mark.glyph, .bold)
        let text = format.string(mark.value)
        let n = text.unicodeScalars.count
        if canvas.isFree(row: r, col: c + 1, count: n + 1) {
            canvas.write(text, row: r, col: c + 2, role: .bold)
        } else if c - n - 1 >= plotX, canvas.isFree(row: r, col: c - n - 1, count: n + 1) {
            canvas.write(text, row: r, col: c - n - 1, role: .bold)
        }
    }

    /// The previous close, dotted, wherever the line and the markers left room (never on a session
    /// separator's column).
    static func drawBaseline(
        _ baseline: ExactDecimal, glyphs: ChartGlyphs, rows: ChartRows, columns: ChartColumns,
        scale: PriceScale, on canvas: inout ChartCanvas
    ) {
        let separatorColumns = Set(columns.layout.separators)
        let plotX = columns.plotX
        let r = rows.valueTop + scale.row(baseline.doubleValue, rows: rows.valueRows)
        for c in 0..<columns.plotColumns
        where !separatorColumns.contains(c) && canvas.isBlank(r, plotX + c)
            && (!glyphs.baselineEveryOther || c % 2 == 0)
        {
            canvas.set(r, plotX + c, glyphs.baseline, .dim)
        }
    }

    /// The comparison's closes as dots in the cells the line, markers and baseline left blank:
    /// the column's last close, and nothing where it has none.
    static func drawComparison(
        _ closes: [Double?], series: HistorySeries, glyphs: ChartGlyphs, samplesPerColumn k: Int, rows: ChartRows,
        columns: ChartColumns, scale: PriceScale, on canvas: inout ChartCanvas
    ) {
        let samples = ChartSamples(bars: series.bars, closes: closes, layout: columns.layout, interval: series.interval)
        let plotX = columns.plotX
        for j in 0..<samples.count where samples.has(j) {
            let c = j / k
            guard c < columns.plotColumns else { break }
            // With two samples a column (braille) the column's later one is drawn.
            if j + 1 < samples.count, (j + 1) / k == c, samples.has(j + 1) { continue }
            let r = rows.valueTop + scale.row(samples.last[j], rows: rows.valueRows)
            if canvas.isBlank(r, plotX + c) { canvas.set(r, plotX + c, glyphs.comparison, .dim) }
        }
    }

    /// Each event's glyph on the time axis under its bar's column (money in up-coloured, out
    /// down-coloured); drawn after the axis, so it shows over the axis line and its ticks.
    static func drawEvents(
        _ events: [ChartEvent], barCount: Int, glyphs: ChartGlyphs, samplesPerColumn k: Int, rows: ChartRows,
        columns: ChartColumns, on canvas: inout ChartCanvas
    ) {
        for e in events where e.bar >= 0 && e.bar < barCount {
            let c = columns.plotX + min(max(columns.layout.barSample[e.bar], 0) / k, columns.plotColumns - 1)
            let moneyIn = e.kind == .moneyIn
            canvas.set(rows.axisRow, c, moneyIn ? glyphs.moneyIn : glyphs.moneyOut, moneyIn ? .up : .down)
        }
    }

    /// Volume bars in eighths of a row, scaled to the peak column and coloured by the column's
    /// close against the previous column's; the first volume row stays blank.
    static func drawVolumeBars(
        glyphs: ChartGlyphs, rows: ChartRows, columns: ChartColumns,
        on canvas: inout ChartCanvas
    ) {
        let volumes = columns.volumes
        let plotX = columns.plotX
        let barRows = rows.volumeRows - 1
        let bottom = rows.plotTop + rows.plotRows + rows.volumeRows - 1
        let peak = volumes.values.max() ?? 0
        for c in 0..<columns.plotColumns where volumes.values[c] > 0 && peak > 0 {
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

    /// Session separators through the plot and the volume bars, where nothing else is.
    static func drawSeparators(
        glyphs: ChartGlyphs, rows: ChartRows, columns: ChartColumns,
        on canvas: inout ChartCanvas
    ) {
        let plotX = columns.plotX
        for c in columns.layout.separators {
            for r in rows.plotTop..<(rows.plotTop + rows.plotRows + rows.volumeRows) where canvas.isBlank(r, plotX + c)
            {
                canvas.set(r, plotX + c, glyphs.separator, .dim)
            }
        }
    }

    /// The y axis: the line, a tick and a label at each round value, the volume scale below.
    static func drawPriceAxis(
        ticks: [(value: ExactDecimal, text: String)], glyphs: ChartGlyphs, rows: ChartRows,
        columns: ChartColumns, scale: PriceScale, on canvas: inout ChartCanvas
    ) {
        let axisX = columns.axisX
        for r in rows.plotTop..<rows.axisRow { canvas.set(r, axisX, glyphs.axisVertical, .dim) }
        for t in ticks {
            let r = rows.valueTop + scale.row(t.value.doubleValue, rows: rows.valueRows)
            canvas.set(r, axisX, glyphs.axisTick, .dim)
            canvas.write(t.text, row: r, col: axisX - 1 - t.text.unicodeScalars.count)
        }
        let volumeLabel = columns.volumeLabel
        if rows.volumeRows > 0 && !volumeLabel.isEmpty {
            let r = rows.plotTop + rows.plotRows + 1
            canvas.set(r, axisX, glyphs.axisTick, .dim)
            canvas.write(volumeLabel, row: r, col: axisX - 1 - volumeLabel.count, role: .dim)
        }
    }

    /// The x axis and its time labels (`TimeAxis`), each with a tick on the axis.
    static func drawTimeAxis(
        series: HistorySeries, range: ChartRange, labelZone: ExchangeTimeZone, width: Int,
        glyphs: ChartGlyphs, rows: ChartRows, columns: ChartColumns, on canvas: inout ChartCanvas
    ) {
        let plotX = columns.plotX
        canvas.set(rows.axisRow, columns.axisX, glyphs.axisCorner, .dim)
        for c in plotX..<width { canvas.set(rows.axisRow, c, glyphs.axisHorizontal, .dim) }
        let labels = TimeAxis.place(
            range: range, interval: series.interval, layout: columns.layout, bars: series.bars,
            labelZone: labelZone, plotX: plotX, width: width)
        for l in labels {
            canvas.set(rows.axisRow, plotX + l.tick, glyphs.axisLabelTick, .dim)
            canvas.write(l.text, row: rows.labelRow, col: l.start)
        }
    }

    static func legend(
        series: HistorySeries, range: ChartRange, bars: HistoryBars, reference: ExactDecimal?, last: ExactDecimal,
        high: ExactDecimal, low: ExactDecimal, highIsClose: Bool, lowIsClose: Bool,
        baseline: ExactDecimal?, format: ChartPriceFormat,
        axisFormat: ChartPriceFormat, glyphs: ChartGlyphs, labelZone: ExchangeTimeZone
    ) -> ChartLegend {
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
            if reference.sign > 0, let ratio = change.divided(by: reference, scale: 8),
                let percent = ratio * ExactDecimal(100)
            {
                lastText += " (" + NumberFormatting.signedPercent(percent) + ")"
            }
        }
        legend.add(lastText, role: role, priority: 8)
        if highIsClose && lowIsClose {
            // Bars of closes alone (a recording): their range, not a day's high and low.
            legend.add("closes " + format.string(low) + " to " + format.string(high), priority: 6)
        } else {
            legend.add((highIsClose ? "high close " : "high ") + format.string(high), priority: 6)
            legend.add((lowIsClose ? "low close " : "low ") + format.string(low), priority: 5)
        }
        if let baseline {
            let dots = glyphs.baselineEveryOther ? "- -" : String(repeating: Character(glyphs.baseline), count: 2)
            legend.add(dots + " prev close " + format.string(baseline), priority: 4)
        }
        if series.interval.isIntraday, let first = bars.first, let lastBar = bars.last {
            let a = labelZone.abbreviation(at: first.time)
            let b = labelZone.abbreviation(at: lastBar.time)
            // A day's chart names its day instead of the word "times": on a holiday or a weekend
            // it is an earlier session's, which read as today's. A session that crosses midnight
            // where the axis is labelled (Tokyo's in New York) names both days.
            let from = labelZone.localDateTime(at: first.time).date
            let day = labelZone.localDateTime(at: lastBar.time).date
            func name(_ d: CivilDate) -> String { TimeAxis.monthNames[d.month - 1] + " " + String(d.day) }
            let days =
                from == day ? name(day) : name(from) + "-" + (from.month == day.month ? String(day.day) : name(day))
            let lead = range == .day1 ? days : "times"
            legend.add(lead + " " + (a == b ? a : a + "/" + b), priority: 7)
        }
        return legend
    }
}
