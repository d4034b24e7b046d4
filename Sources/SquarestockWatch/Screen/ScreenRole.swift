import SquarestockRendering

/// What a cell of the watch screen means, so the renderer lays out meaning and the writer that
/// emits the screen picks the escape codes from the palette (none at all for plain text).
package enum ScreenRole: UInt8, Sendable, CaseIterable {
    /// The terminal's default look.
    case plain
    case up, down, flat, dim, bold
    case flashUp, flashDown, flashFlat
    case stale, warning, alert

    /// The role a sparkline cell takes for its direction.
    package init(_ direction: SparkDirection) {
        switch direction {
        case .up: self = .up
        case .down: self = .down
        case .flat: self = .flat
        }
    }
}
