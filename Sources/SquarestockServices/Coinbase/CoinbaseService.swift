import SquarestockCore

/// Coinbase Exchange: crypto market data, streams and accounts.
package enum CoinbaseService {
    package static let name = "coinbase"
    package static let displayName = "Coinbase"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { CoinbaseAdapter() },
        stream: StreamCapability(quotes: { CoinbaseStreamFeed() }, offerRank: 1, audience: "crypto pairs"),
        doctor: DoctorCapability(),
        account: AccountCapability(
            keyVariable: "COINBASE_API_KEY_NAME", secretVariable: "COINBASE_API_PRIVATE_KEY",
            // Advanced Trade's published schedule at its lowest volume tier: 1.20 % taker,
            // 0.60 % maker.
            publicTakerFee: ExactDecimal(significand: 120, scale: 4),
            publicMakerFee: ExactDecimal(significand: 60, scale: 4)
        ) {
            c in CoinbaseAccount(credentials: c.credentials, endpoint: c.endpoint)
        })

    /// What to do about a refused key.
    package static let keyAdvice =
        "create an ECDSA (ES256) Advanced Trade key with the View and Trade permissions, then run `squarestock account login --exchange coinbase`"
}
