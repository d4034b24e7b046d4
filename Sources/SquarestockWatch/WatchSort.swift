/// The row orders `s` cycles through. The user's own order is the default because a watchlist is
/// usually arranged on purpose; change % answers "what is moving", symbol finds a row fast.
package enum WatchSort: String, Sendable, CaseIterable {
    case yourOrder = "your order"
    case changePercent = "change %"
    case symbol = "symbol"

    /// The order `s` switches to: change % -> symbol -> your order -> change %.
    package var next: WatchSort {
        switch self {
        case .yourOrder: return .changePercent
        case .changePercent: return .symbol
        case .symbol: return .yourOrder
        }
    }

    /// Entries in this order. Change % sorts biggest gain first, unknown values last; ties keep
    /// the user's order, so rows never swap places for no reason.
    package func sorted(_ entries: [WatchEntry]) -> [WatchEntry] {
        switch self {
        case .yourOrder:
            return entries.sorted { $0.position < $1.position }
        case .symbol:
            return entries.sorted { ($0.symbol, $0.position) < ($1.symbol, $1.position) }
        case .changePercent:
            return entries.sorted { a, b in
                let x = a.stock?.price.changePercent
                let y = b.stock?.price.changePercent
                switch (x, y) {
                case (let x?, let y?) where x != y: return x > y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a.position < b.position
                }
            }
        }
    }
}
