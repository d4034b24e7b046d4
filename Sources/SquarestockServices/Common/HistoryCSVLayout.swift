import SquarestockCore

/// The shape of one history CSV: its columns by position, how many fields a row must have, and
/// the order and clock its rows come in.
struct HistoryCSVLayout: Sendable {
    var columns: [HistoryColumn]
    /// Rows may stop after this many fields (Stooq index rows have no Volume field at all).
    var requiredFields: Int
    var newestFirst: Bool
    /// IANA zone of the wall clock printed in time columns (Stooq: Warsaw, Alpha Vantage:
    /// New York); nil means the exchange's own zone. Date-only rows are session dates.
    var wallClockZone: String?

    /// The first place `header` (names as sent) departs from this layout, or nil when it fits.
    /// Extra trailing columns are allowed; a header shorter than `requiredFields` is not.
    func mismatch(header: [String]) -> (column: Int, expected: String, found: String)? {
        for (i, column) in columns.enumerated() {
            guard i < header.count else {
                if i < requiredFields { return (i + 1, column.names[0], "") }
                return nil
            }
            let name = header[i].trimmingSpaces.lowercased()
            if !column.names.contains(name) { return (i + 1, column.names[0], header[i]) }
        }
        return nil
    }

    /// How many leading columns match, to report the layout a header was closest to.
    func matchingPrefix(header: [String]) -> Int {
        var n = 0
        for (i, column) in columns.enumerated() where i < header.count {
            guard column.names.contains(header[i].trimmingSpaces.lowercased()) else { break }
            n += 1
        }
        return n
    }

    /// Index of the column with `role`, if the layout has one.
    func index(of role: HistoryColumn.Role) -> Int? { columns.firstIndex { $0.role == role } }
}
