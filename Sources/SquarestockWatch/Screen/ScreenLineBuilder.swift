import SquarestockCore

/// Builds one screen row from pieces of text and their roles, cutting at the width and padding
/// to it.
struct ScreenLineBuilder {
    let limit: Int
    /// Columns taken so far, as the layout counts them.
    private(set) var width = 0
    private var cells: [ScreenCell] = []
    /// False once a wide character was cut at the edge: the row is full.
    private var open = true

    init(limit: Int) {
        self.limit = limit
        cells.reserveCapacity(limit)
    }

    /// `s` in `role`, cut to the room left (ending in `…` when cut).
    mutating func add(_ s: String, role: ScreenRole = .plain) {
        guard width < limit, !s.isEmpty else { return }
        var piece = s
        var w = TerminalText.displayWidth(piece)
        if w > limit - width {
            piece = TerminalText.truncate(piece, toWidth: limit - width)
            w = TerminalText.displayWidth(piece)
        }
        if open { open = ScreenCell.append(piece, role: role, to: &cells, limit: limit) }
        width += w
    }

    /// Cells already laid out to `count` columns (a sparkline); left out when they do not fit.
    mutating func addExact(_ piece: [ScreenCell], width count: Int) {
        guard width + count <= limit else { return }
        if open {
            for cell in piece where cells.count < limit { cells.append(cell) }
        }
        width += count
    }

    /// The row, exactly `limit` cells.
    func finished() -> [ScreenCell] {
        var row = cells
        while row.count < limit { row.append(.blank) }
        return row
    }

    /// A whole row of `text` in `role`, cut and padded to `columns`.
    static func row(_ text: String, role: ScreenRole = .plain, columns: Int) -> [ScreenCell] {
        var line = ScreenLineBuilder(limit: columns)
        line.add(text, role: role)
        return line.finished()
    }
}
