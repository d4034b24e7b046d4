import SquarestockCore

/// TradeOgre's market names changed their order: the 2018 documentation writes `BTC-XMR` for
/// Monero priced in bitcoin (quote first), the 2024 recordings write `LTC-USDT` and `BTC-USDT`
/// (base first). The order cannot be inferred from the position, so it is inferred from the
/// currencies: of the two, the one that more often serves as a quote is the quote.
enum TradeOgreMarketNames {
    /// Quote currencies, most quote-like first.
    static let quoteRank = ["USDT", "USDC", "USD", "BTC", "LTC", "ETH", "XMR"]

    /// `BTC-XMR` → XMR-BTC, `BTC-USDT` → BTC-USDT, `BTC-AEON` → AEON-BTC, `ABC-DEF` → ABC-DEF.
    static func pair(_ market: String) -> TradingPair? {
        guard let written = TradingPair(symbol: market) else { return nil }
        let first = quoteRank.firstIndex(of: written.base)
        let second = quoteRank.firstIndex(of: written.quote)
        switch (first, second) {
        case (let a?, let b?) where a < b: return TradingPair(base: written.quote, quote: written.base)
        case (.some, nil): return TradingPair(base: written.quote, quote: written.base)
        default: return written
        }
    }
}
