/// One terminal column of a sparkline, kept apart from its glyph so tests and other renderers can
/// check the shape without caring about the character set or colours.
package enum SparkCell: Sendable, Equatable {
    /// No trade fell in this time slice; drawn as a space so missing data is never papered over.
    case gap
    /// Height 0...7 (0 lowest) and direction relative to the baseline.
    case level(Int, SparkDirection)
}
