/// The rows of a chart, top to bottom: the legend, the price plot, the volume bars (a blank row,
/// then the bars) and the x axis with its labels below it. Inside the plot a row of room is kept
/// above and below the price scale for the high and low markers once there are six rows or more.
struct ChartRows {
    let plotTop: Int
    let plotRows: Int
    /// 0 without volume bars: not asked for, no volume traded, or too little room for the plot.
    let volumeRows: Int
    /// 1 where the markers get their own rows above and below the scale, else 0.
    let padding: Int

    /// The rows the price scale maps onto.
    var valueTop: Int { plotTop + padding }
    var valueRows: Int { plotRows - 2 * padding }
    var axisRow: Int { plotTop + plotRows + volumeRows }
    var labelRow: Int { axisRow + 1 }

    init(height: Int, legendRows: Int, wantsVolume: Bool) {
        let bodyRows = height - legendRows - 2
        var volumeRows = wantsVolume ? min(max(2, bodyRows / 4), 7) : 0
        if bodyRows - volumeRows < 3 { volumeRows = 0 }
        self.volumeRows = volumeRows
        plotRows = bodyRows - volumeRows
        plotTop = legendRows
        padding = plotRows >= 6 ? 1 : 0
    }
}
