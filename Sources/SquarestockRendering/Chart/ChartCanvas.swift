/// A grid of terminal cells, each a single-width character and a palette role, written by the
/// chart's parts and turned into text once at the end.
///
/// Keeping roles apart from characters lets the same drawing come out plain (no escapes at all)
/// or coloured with one code per run of equal role, and lets parts ask whether a cell is free.
struct ChartCanvas {
    /// What a cell means on screen; `.none` takes no code.
    enum Role: UInt8 {
        case none = 0
        case up, down, flat, dim, bold

        init(_ direction: SparkDirection) {
            switch direction {
            case .up: self = .up
            case .down: self = .down
            case .flat: self = .flat
            }
        }
    }

    let width: Int
    let height: Int
    private var scalars: [UInt32]
    private var roles: [Role]

    static let blank = UInt32(32)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        scalars = [UInt32](repeating: ChartCanvas.blank, count: width * height)
        roles = [Role](repeating: .none, count: width * height)
    }

    @inline(__always) func isBlank(_ row: Int, _ col: Int) -> Bool {
        guard row >= 0, row < height, col >= 0, col < width else { return false }
        return scalars[row * width + col] == ChartCanvas.blank
    }

    @inline(__always) func scalar(_ row: Int, _ col: Int) -> UInt32 { scalars[row * width + col] }

    @inline(__always) mutating func set(_ row: Int, _ col: Int, _ s: Unicode.Scalar, _ role: Role) {
        set(row, col, s.value, role)
    }

    @inline(__always) mutating func set(_ row: Int, _ col: Int, _ value: UInt32, _ role: Role) {
        guard row >= 0, row < height, col >= 0, col < width else { return }
        scalars[row * width + col] = value
        roles[row * width + col] = role
    }

    /// Writes `text` from `col`, clipped at the edges; every scalar is taken as one cell wide
    /// (the chart writes only its own ASCII, box, block and braille glyphs).
    mutating func write(_ text: String, row: Int, col: Int, role: Role = .none) {
        var c = col
        for s in text.unicodeScalars {
            set(row, c, s, role)
            c += 1
        }
    }

    /// Whether `count` cells from `col` on `row` are all inside and blank.
    func isFree(row: Int, col: Int, count: Int) -> Bool {
        guard row >= 0, row < height, col >= 0, col + count <= width else { return false }
        for c in col..<(col + count) where scalars[row * width + c] != ChartCanvas.blank { return false }
        return true
    }

    /// The grid as lines joined by `\n`, trailing blanks dropped. A code is written where the
    /// role changes, a reset before leaving any styled run, and none at all when the palette is
    /// plain.
    func text(palette: Palette) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(width * height * 2)
        func code(_ role: Role) -> String {
            switch role {
            case .none: return ""
            case .up: return palette.up
            case .down: return palette.down
            case .flat: return palette.flat
            case .dim: return palette.dim
            case .bold: return palette.bold
            }
        }
        for row in 0..<height {
            if row > 0 { out.append("\n") }
            let base = row * width
            var end = width
            while end > 0, scalars[base + end - 1] == ChartCanvas.blank { end -= 1 }
            var open: Role = .none  // the role whose code is in effect
            for c in 0..<end {
                let s = scalars[base + c]
                // Blanks take no colour, so a run is not broken by a space.
                let role = s == ChartCanvas.blank ? open : roles[base + c]
                if role != open {
                    if !code(open).isEmpty { out.append(contentsOf: palette.reset.unicodeScalars) }
                    out.append(contentsOf: code(role).unicodeScalars)
                    open = role
                }
                out.append(Unicode.Scalar(s) ?? " ")
            }
            if !code(open).isEmpty { out.append(contentsOf: palette.reset.unicodeScalars) }
        }
        return String(out)
    }
}
