/// One column of a history CSV layout: what it holds and the header names it may carry.
///
/// Names are lists because the same service localises them (Stooq's `Data,Otwarcie,...` from
/// stooq.pl); columns are still read by position once the header has been checked.
struct HistoryColumn: Sendable {
    enum Role: Sendable, Equatable {
        /// `yyyy-MM-dd` (or `yyyyMMdd`).
        case date
        /// `HH:mm:ss` (or `HHmmss`) beside a date column.
        case time
        /// `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` in one field (Alpha Vantage).
        case timestamp
        case open, high, low, close, volume
        /// Read past (Yahoo's `Adj Close`).
        case ignored
    }

    var role: Role
    /// Accepted header names, lower case; the first is the one error messages quote.
    var names: [String]

    init(_ role: Role, _ names: String...) {
        self.role = role
        self.names = names
    }
}
