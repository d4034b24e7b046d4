/// The exchanges `--exchange` (and `--source`) accept, by name.
package enum ExchangeCatalog {
    package static let names = ["kraken", "coinbase", "tradeogre"]
    package static let defaultName = "kraken"

    package static func adapter(named name: String) -> ExchangeAdapter? {
        switch name.lowercased() {
        case "kraken": return KrakenAdapter()
        case "coinbase": return CoinbaseAdapter()
        case "tradeogre": return TradeOgreAdapter()
        default: return nil
        }
    }
}
