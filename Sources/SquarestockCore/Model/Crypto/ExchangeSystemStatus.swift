/// The state of a whole exchange (Kraken `SystemStatus`): whether orders can be placed at all.
public enum ExchangeSystemStatus: Sendable, Hashable, CustomStringConvertible {
    case online
    case maintenance
    case cancelOnly
    case postOnly
    case other(String)

    /// Reads `online`, `maintenance`, `cancel_only`, `post_only` (any case, `-` or `_`).
    public init(wire: String) {
        switch wire.lowercased().replacingOccurrences(of: "-", with: "_") {
        case "online": self = .online
        case "maintenance": self = .maintenance
        case "cancel_only": self = .cancelOnly
        case "post_only": self = .postOnly
        default: self = .other(wire)
        }
    }

    public var description: String {
        switch self {
        case .online: return "online"
        case .maintenance: return "maintenance"
        case .cancelOnly: return "cancel-only"
        case .postOnly: return "post-only"
        case .other(let s): return s
        }
    }

    /// Whether prices still move: trading stops in maintenance and cancel-only.
    public var isTrading: Bool {
        switch self {
        case .online, .postOnly: return true
        case .maintenance, .cancelOnly, .other: return false
        }
    }
}
