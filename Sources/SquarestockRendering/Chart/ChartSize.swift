/// The terminal area a chart fills: every line of the rendering is at most `width` cells wide
/// and there are exactly `height` lines.
package struct ChartSize: Sendable, Hashable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Below this a chart cannot show an axis and a line; smaller sizes are raised to it.
    package static let minimum = ChartSize(width: 24, height: 6)

    /// `--width 80 --height 20` when the terminal size is unknown.
    package static let standard = ChartSize(width: 80, height: 20)

    var clamped: ChartSize {
        ChartSize(
            width: min(max(width, ChartSize.minimum.width), 1000),
            height: min(max(height, ChartSize.minimum.height), 500))
    }
}
