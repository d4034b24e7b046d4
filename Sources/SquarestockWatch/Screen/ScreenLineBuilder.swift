import SquarestockCore

/// Builds one screen line from styled pieces, cutting at the width and padding to it.
struct ScreenLineBuilder {
    let limit: Int
    private(set) var text = ""
    private(set) var width = 0

    init(limit: Int) { self.limit = limit }

    mutating func add(_ s: String, style: String, reset: String) {
        guard width < limit, !s.isEmpty else { return }
        var piece = s
        var w = TerminalText.displayWidth(piece)
        if w > limit - width {
            piece = TerminalText.truncate(piece, toWidth: limit - width)
            w = TerminalText.displayWidth(piece)
        }
        text += style.isEmpty ? piece : style + piece + reset
        width += w
    }

    /// A piece already laid out to `width` columns (it may hold escapes, e.g. a sparkline).
    mutating func addExact(_ s: String, width w: Int) {
        guard width + w <= limit else { return }
        text += s
        width += w
    }

    func finished() -> String {
        width < limit ? text + String(repeating: " ", count: limit - width) : text
    }
}
