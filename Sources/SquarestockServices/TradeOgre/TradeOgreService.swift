/// TradeOgre: crypto market data and accounts (closed in 2025; for mirrors).
package enum TradeOgreService {
    package static let name = "tradeogre"
    package static let displayName = "TradeOgre"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { TradeOgreAdapter() })
}
