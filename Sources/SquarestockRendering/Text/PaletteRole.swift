/// What a piece of text means on screen, so renderers ask for meaning and the palette decides
/// the escape codes (or none, for pipes, tests and NO_COLOR).
package enum PaletteRole: Sendable, Equatable, CaseIterable {
    case up
    case down
    case flat
    case dim
    case bold
}
