/// What squarestock reads from a column of a quotes.csv answer, by the column's `f=` code.
/// Columns of every other code are carried in the row but never read into a stock.
package enum YahooColumnRole: UInt8, Sendable {
    case other
    case name
    case exchange
    case currency
    case last
    case date
    case time
    case change
    case changePercent
    case open
    case high
    case low
    case previousClose
    case volume

    /// Whether the column holds a number: a price, a change or a volume.
    @inline(__always)
    var isNumber: Bool {
        switch self {
        case .last, .change, .changePercent, .open, .high, .low, .previousClose, .volume: true
        case .other, .name, .exchange, .currency, .date, .time: false
        }
    }

    /// The role of a code (`l1` is `.last`); `.other` for a code squarestock does not read.
    package init(code: String) {
        switch code {
        case "n": self = .name
        case "x": self = .exchange
        case "c4": self = .currency
        case "l1": self = .last
        case "d1": self = .date
        case "t1": self = .time
        case "c1": self = .change
        case "p2": self = .changePercent
        case "o": self = .open
        case "h": self = .high
        case "g": self = .low
        case "p": self = .previousClose
        case "v": self = .volume
        default: self = .other
        }
    }
}

/// The `f=` codes of one answer, resolved once into what each column holds, so that reading a
/// line walks its fields once and looks nothing up by code string (a dozen string compares per
/// field was most of the per-line cost). Every row of an answer shares one layout.
package final class YahooColumnLayout: Sendable, Equatable {
    /// The f= codes, as asked, one per column.
    package let codes: [String]
    /// What each column holds. A repeated code's first column is the one read; later ones are
    /// `.other`.
    package let roles: [YahooColumnRole]
    /// The column of the echoed symbol (`s`); nil when the codes do not ask for it.
    package let symbolColumn: Int?

    package init(codes: [String]) {
        self.codes = codes
        var seen = Set<YahooColumnRole>()
        roles = codes.map { code in
            let role = YahooColumnRole(code: code)
            return role == .other || seen.insert(role).inserted ? role : .other
        }
        symbolColumn = codes.firstIndex(of: "s")
    }

    /// The first column of `code`, as a repeated code's first field is the one read.
    package func column(of code: String) -> Int? { codes.firstIndex(of: code) }

    package static func == (a: YahooColumnLayout, b: YahooColumnLayout) -> Bool { a.codes == b.codes }
}
