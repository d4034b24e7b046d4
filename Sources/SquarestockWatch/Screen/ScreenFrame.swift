/// One full screen of text as the renderer laid it out: `height` lines for a terminal of
/// `width` columns, each possibly holding SGR colour codes. The unit `ScreenDiff` compares.
public struct ScreenFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var lines: [String]

    public init(width: Int, height: Int, lines: [String]) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.lines = lines
    }
}
