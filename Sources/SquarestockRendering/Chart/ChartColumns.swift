import SquarestockCore

/// The columns of a chart, left to right: the y labels, a blank, the axis, then the plot to the
/// right edge; with the sessions' layout over the plot columns, the samples drawn there and the
/// volume per column.
///
/// The label column is as wide as the widest price tick, or the volume scale's label when that is
/// wider; but a wider label narrows the plot, which changes the layout and so the volumes and their
/// label, so the layout is repeated until the label fits.
struct ChartColumns {
    /// The plot's first column and its width (at least 4, even when the labels leave less).
    let plotX: Int, plotColumns: Int
    /// Where each session and bar goes across the plot.
    let layout: ChartSessionLayout
    /// The prices drawn, `samplesPerColumn` a column.
    let samples: ChartSamples
    /// Volume per plot column; empty without volume rows.
    let volumes: ColumnVolumes
    /// The peak column volume, empty without volume rows (or beyond what the label can show).
    let volumeLabel: String

    /// The y axis, between the labels and the plot.
    var axisX: Int { plotX - 1 }

    init(
        width: Int, tickWidth: Int, series: HistorySeries, closes: [Double?], style: ChartStyle,
        options: ChartOptions, volumeRows: Int, reference: ExactDecimal?
    ) {
        var labelWidth = tickWidth
        var layout: ChartSessionLayout
        var samples: ChartSamples
        var volumes = ColumnVolumes()
        var volumeLabel = ""
        var plotX: Int
        var plotColumns: Int
        repeat {
            plotX = labelWidth + 2
            plotColumns = max(width - plotX, 4)
            layout = ChartSessionLayout(
                bars: series.bars, zone: series.zone, interval: series.interval, calendar: options.calendar,
                tradingHours: options.tradingHours, columns: plotColumns, samplesPerColumn: style.samplesPerColumn)
            samples = ChartSamples(bars: series.bars, closes: closes, layout: layout, interval: series.interval)
            guard volumeRows > 0 else { break }
            volumes = ColumnVolumes(
                samples: samples, columns: plotColumns, samplesPerColumn: style.samplesPerColumn,
                reference: reference?.doubleValue ?? samples.last.first { !$0.isNaN } ?? 0)
            let peak = volumes.values.max() ?? 0
            volumeLabel =
                peak < 9e17 ? NumberFormatting.volume(ExactDecimal(significand: Int64(peak.rounded()), scale: 0)) : ""
            if volumeLabel.count <= labelWidth { break }
            labelWidth = volumeLabel.count
        } while true
        self.plotX = plotX
        self.plotColumns = plotColumns
        self.layout = layout
        self.samples = samples
        self.volumes = volumes
        self.volumeLabel = volumeLabel
    }
}
