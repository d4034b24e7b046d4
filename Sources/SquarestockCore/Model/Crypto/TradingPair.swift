/// A crypto pair as users write it, `BASE-QUOTE` like Yahoo (`BTC-USD`, `XMR-BTC`): the base is
/// what is bought, the quote what it is priced in. Each exchange adapter maps it to its own names
/// (Kraken `XBTUSD` answered under `XXBTZUSD`, Coinbase product ids) and back, so nothing above
/// the adapters ever sees an exchange's spelling.
public struct TradingPair: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Upper case, the common name (`BTC`, `DOGE`), never an exchange alias (`XBT`, `XDG`).
    public var base: String
    public var quote: String

    public init(base: String, quote: String) {
        self.base = base.uppercased()
        self.quote = quote.uppercased()
    }

    /// `BTC-USD`; also accepts `BTC/USD` and lower case. Nil unless there are exactly two
    /// non-empty parts of letters and digits (and inner dots).
    public init?(symbol: String) {
        let parts = symbol.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" })
        guard parts.count == 2 else { return nil }
        // Letters and digits, and a dot inside (Kraken's staked `ETH2.S`).
        func valid(_ s: Substring) -> Bool {
            guard !s.isEmpty, s.utf8.count <= 16, s.first != ".", s.last != "." else { return false }
            return s.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ".")
            }
        }
        guard valid(parts[0]), valid(parts[1]) else { return nil }
        self.init(base: String(parts[0]), quote: String(parts[1]))
    }

    /// `BTC-USD`, the form every output shows.
    public var symbol: String { base + "-" + quote }
    public var description: String { symbol }

    public static func < (a: TradingPair, b: TradingPair) -> Bool { a.symbol < b.symbol }
}
