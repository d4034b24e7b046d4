import SquarestockCore

/// Kraken: crypto market data, streams and accounts.
package enum KrakenService {
    package static let name = "kraken"
    package static let displayName = "Kraken"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { KrakenAdapter() },
        stream: StreamCapability(
            quotes: { KrakenStreamFeed() },
            book: { pair, depth in
                // The stream names bitcoin BTC where the REST API says XBT.
                let symbol = pair.uppercased().split(separator: "-").map { $0 == "XBT" ? "BTC" : String($0) }
                    .joined(separator: "-")
                return (KrakenStreamFeed(channel: .book(depth: depth)), symbol)
            }, offerRank: 2, audience: "crypto pairs", bookNote: "its books carry a checksum"),
        doctor: DoctorCapability(),
        account: AccountCapability(
            keyVariable: "KRAKEN_API_KEY", secretVariable: "KRAKEN_API_SECRET",
            // Kraken Pro's published schedule, under 10,000 USD of 30-day volume: 0.40 % taker,
            // 0.25 % maker.
            publicTakerFee: ExactDecimal(significand: 40, scale: 4),
            publicMakerFee: ExactDecimal(significand: 25, scale: 4)
        ) { c in
            // The nonce file lives beside the credentials, so every process with this key shares it.
            if let folder = c.privateFolder { try? PrivateFileStore.preparePrivateFolder(folder) }
            let client = KrakenPrivateClient(
                credentials: c.credentials,
                nonces: KrakenNonceSource(path: c.privateFolder.map { $0 + "/kraken-nonce" }, lockTimeout: c.timeout),
                endpoint: c.endpoint)
            return KrakenAccount(client: client) { name in
                c.pairs()?.listings.first { $0.nativeName == name || $0.responseKey == name }?.pair
            }
        })

    /// What to do about a refused key.
    package static let keyAdvice =
        "create a key with the Query Funds, Query Open Orders & Trades, Query Closed Orders & Trades and Create & Modify Orders permissions, then run `squarestock account login --exchange kraken`"
}
