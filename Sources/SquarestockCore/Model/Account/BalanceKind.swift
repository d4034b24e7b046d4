/// Whether a balance can be traded. Kraken reports staked and earning amounts as assets of their
/// own (`ETH2.S`, `DOT.B`, `USD.M`, `XBT.F`): they belong to the user and count in the total, but
/// an order cannot spend them, so they are shown apart rather than dropped.
public enum BalanceKind: String, Sendable, Equatable, Comparable {
    /// Free to trade (less what open orders hold).
    case tradable
    /// Staked or bonded (Kraken `.S`, `.B`, `.P`): unstaking takes time.
    case staked
    /// In an opt-in earn program (Kraken `.M`): not tradable until taken out.
    case earning
    /// Earning automatically while staying tradable (Kraken Rewards, `.F`): Kraken's
    /// documentation says such balances are traded through the base asset (`USDT` for `USDT` and
    /// `USDT.F`), so what is not held counts as available.
    case rewards
    /// Any other variant the exchange marks as not tradable (a suffix not known here).
    case locked

    public static func < (a: BalanceKind, b: BalanceKind) -> Bool { a.order < b.order }

    var order: Int {
        switch self {
        case .tradable: return 0
        case .rewards: return 1
        case .staked: return 2
        case .earning: return 3
        case .locked: return 4
        }
    }
}
