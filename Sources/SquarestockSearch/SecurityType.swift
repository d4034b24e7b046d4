/// What kind of security a listing is. The symbol directory lists a company's warrants, units,
/// rights and preferreds next to its common stock under near-identical names; search needs the
/// kind to rank the common stock first and to filter (`--type stock|etf`).
package enum SecurityType: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Common or ordinary shares, including ADSs/ADRs, REIT shares and partnership common units.
    case commonStock
    /// Exchange-traded fund (the directory's ETF flag).
    case etf
    /// Closed-end fund or other pooled vehicle that is not flagged as an ETF.
    case fund
    /// Preferred or preference shares, and depositary shares representing them.
    case preferred
    case warrant
    /// SPAC units (a share plus a fraction of a warrant or right), not partnership common units.
    case unit
    case right
    /// Exchange-traded debt: notes, debentures, ETNs.
    case note

    /// Short label for tables.
    package var description: String {
        switch self {
        case .commonStock: "stock"
        case .etf: "ETF"
        case .fund: "fund"
        case .preferred: "preferred"
        case .warrant: "warrant"
        case .unit: "unit"
        case .right: "right"
        case .note: "note"
        }
    }

    /// Points subtracted from a match of this kind, so that for one company the common stock
    /// ranks above its ETFs-of-the-same-name, funds, preferreds, units, warrants and rights.
    var rankPenalty: Double {
        switch self {
        case .commonStock: 0
        case .etf: 1
        case .fund: 3
        case .preferred, .note: 8
        case .unit: 9
        case .warrant, .right: 10
        }
    }
}
