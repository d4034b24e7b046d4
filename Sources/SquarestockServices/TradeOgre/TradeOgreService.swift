import SquarestockCore

/// TradeOgre: crypto market data and accounts (closed in 2025; for mirrors).
package enum TradeOgreService {
    package static let name = "tradeogre"
    package static let displayName = "TradeOgre"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { TradeOgreAdapter() },
        doctor: DoctorCapability(),
        account: AccountCapability(
            keyVariable: "TRADEOGRE_API_KEY", secretVariable: "TRADEOGRE_API_SECRET",
            // TradeOgre charged one flat 0.2 % on every trade.
            publicTakerFee: ExactDecimal(significand: 2, scale: 3), marketOrders: false,
            listsClosedOrders: false
        ) { c in
            TradeOgreAccount(credentials: c.credentials, endpoint: c.endpoint) { name in
                c.pairs()?.listings.first { $0.nativeName == name }?.pair
            }
        })
}
