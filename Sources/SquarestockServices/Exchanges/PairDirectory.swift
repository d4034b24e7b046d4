import SquarestockCore

/// An exchange's pairs, looked up by squarestock's name (`BTC-USD`) or by the key the exchange
/// answers under (`XXBTZUSD`), with a suggestion for a pair it does not list.
package struct PairDirectory: Sendable {
    package let exchange: String
    /// Every listing, sorted by pair; delisted ones are kept for `markets --all` but never
    /// resolved or suggested.
    package let listings: [PairListing]
    private let byPair: [TradingPair: Int]
    private let byKey: [String: Int]

    package init(exchange: String, listings: [PairListing]) {
        self.exchange = exchange
        let sorted = listings.sorted { $0.pair < $1.pair }
        self.listings = sorted
        var byPair: [TradingPair: Int] = [:]
        var byKey: [String: Int] = [:]
        for (i, l) in sorted.enumerated() {
            // A live listing wins over a delisted one of the same pair.
            let keepEarlier = byPair[l.pair].map { sorted[$0].status != .delisted || l.status == .delisted } ?? false
            if !keepEarlier { byPair[l.pair] = i }
            byKey[l.answerKey] = byKey[l.answerKey] ?? i
            byKey[l.nativeName] = byKey[l.nativeName] ?? i
        }
        self.byPair = byPair
        self.byKey = byKey
    }

    /// The live listing of `pair`, if any.
    package func listing(for pair: TradingPair) -> PairListing? {
        byPair[pair].map { listings[$0] }.flatMap { $0.status == .delisted ? nil : $0 }
    }

    /// The listing an answer keyed `key` belongs to (Kraken's `XXBTZUSD` or `XBTUSD`).
    package func listing(answerKey key: String) -> PairListing? { byKey[key].map { listings[$0] } }

    /// The listing for a user's symbol, or the error to show for it.
    package func resolve(_ symbol: String) -> Result<PairListing, QuoteError> {
        guard let pair = TradingPair(symbol: symbol) else {
            return .failure(
                .unsupportedSymbol(
                    source: exchange, reason: "exchanges quote crypto pairs written BASE-QUOTE, like BTC-USD"))
        }
        if let l = listing(for: pair) { return .success(l) }
        return .failure(.unlistedPair(source: exchange, suggestion: suggestion(for: pair)?.symbol))
    }

    /// Quote currencies that stand in for each other: a user asking for `BTC-USD` on an exchange
    /// that only has `BTC-USDT` most likely means that.
    static let quoteFamilies: [[String]] = [
        ["USD", "USDT", "USDC", "DAI", "PYUSD", "USDG"], ["EUR", "EURC", "EURT"], ["BTC", "XBT"],
    ]
    /// The quotes to offer, best first, when the asked one is in no family.
    static let commonQuotes = ["USD", "USDT", "USDC", "EUR", "BTC", "ETH", "GBP"]

    /// Kraken's own spellings of assets users know by other names (`XBT-USD` is `BTC-USD` here).
    static let spellings = ["XBT": "BTC", "XDG": "DOGE"]

    /// The closest live pair: the same pair in the common spelling (`XBT-USD` → `BTC-USD`), a
    /// mistyped quote one letter from a listed one (`BTC-USDTT` → `BTC-USDT`), the same base with
    /// a related quote (`SOL-USDC` → `SOL-USD`), the pair the other way round, the same base with a
    /// common quote, then a base one letter away with the same quote.
    package func suggestion(for pair: TradingPair) -> TradingPair? {
        let live = listings.filter { $0.status != .delisted }.map(\.pair)
        let spelled = TradingPair(
            base: Self.spellings[pair.base] ?? pair.base, quote: Self.spellings[pair.quote] ?? pair.quote)
        if spelled != pair && live.contains(spelled) { return spelled }
        let sameBase = live.filter { $0.base == pair.base }
        // A quote no listing uses and no family knows is a typo: the nearest listed one wins.
        if !PairDirectory.quoteFamilies.contains(where: { $0.contains(pair.quote) }),
            !live.contains(where: { $0.quote == pair.quote }),
            let p = sameBase.filter({ PairDirectory.isOneEditApart($0.quote, pair.quote) }).min()
        {
            return p
        }
        if let family = PairDirectory.quoteFamilies.first(where: { $0.contains(pair.quote) }) {
            for q in family where q != pair.quote {
                if let p = sameBase.first(where: { $0.quote == q }) { return p }
            }
        }
        let swapped = TradingPair(base: pair.quote, quote: pair.base)
        if live.contains(swapped) { return swapped }
        for q in PairDirectory.commonQuotes {
            if let p = sameBase.first(where: { $0.quote == q }) { return p }
        }
        if let p = sameBase.first { return p }
        return live.filter { $0.quote == pair.quote && PairDirectory.isOneEditApart($0.base, pair.base) }.min()
    }

    /// Whether `a` becomes `b` by one substitution, insertion or deletion (`ETC`/`ETH`, `SOL`/`SOLO`).
    static func isOneEditApart(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard abs(x.count - y.count) <= 1, x != y else { return false }
        var i = 0
        while i < min(x.count, y.count), x[i] == y[i] { i += 1 }
        if x.count == y.count { return x[(i + 1)...] == y[(i + 1)...] }
        return x.count > y.count ? x[(i + 1)...] == y[i...] : x[i...] == y[(i + 1)...]
    }
}
