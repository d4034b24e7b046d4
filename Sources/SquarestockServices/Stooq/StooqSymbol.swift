import Foundation
import SquarestockCore
import SquarestockMarket

/// Spelling of symbols on Stooq: `AAPL` -> `aapl.us`, `BRK.B` -> `brk-b.us`, `7203.T` ->
/// `7203.jp`, `0700.HK` -> `700.hk`, `^GSPC` -> `^spx`, `EURUSD=X` -> `eurusd`.
package enum StooqSymbol {
    static let indices: [String: String] = [
        "^GSPC": "^spx", "^SPX": "^spx", "^DJI": "^dji", "^GDAXI": "^dax", "^DAX": "^dax", "^N225": "^nkx",
        "^NKX": "^nkx",
        "^IXIC": "^ndq", "^NDX": "^ndx", "^FTSE": "^ukx", "^HSI": "^hsi",
    ]

    package static func ticker(for symbol: String, registry: ExchangeRegistry) -> Result<String, QuoteError> {
        let s = symbol.uppercased()
        if s.hasPrefix("^") {
            return .success(indices[s] ?? s.lowercased())
        }
        if s.hasSuffix("=X") {
            return .success(String(s.dropLast(2)).lowercased())
        }
        guard let exchange = registry.exchange(forSymbol: s) else {
            return .failure(
                .unsupportedSymbol(source: "stooq", reason: "no Stooq spelling is known for this kind of symbol"))
        }
        if exchange.id == "CRYPTO" {
            return .failure(
                .unsupportedSymbol(source: "stooq", reason: "Stooq does not list crypto pairs by this name"))
        }
        guard let suffix = exchange.stooqSuffix else {
            return .failure(
                .unsupportedSymbol(
                    source: "stooq", reason: "Stooq has no listings from \(exchange.name); try --source yahoo"))
        }
        var base = s
        if let y = exchange.yahooSuffix, base.hasSuffix("." + y) { base.removeLast(y.count + 1) }
        if exchange.id == "XHKG" {
            while base.count > 1 && base.hasPrefix("0") { base.removeFirst() }
        }
        base = base.replacingOccurrences(of: ".", with: "-")
        return .success(base.lowercased() + "." + suffix)
    }
}
