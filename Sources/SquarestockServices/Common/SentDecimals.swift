import SquarestockCore

/// The decimals to show a price in when its service gives no tick (Stooq, Alpha Vantage), for
/// the instruments whose usual 2 hide what moves: a currency pair (`EURUSD=X`) is shown to the
/// most digits the service sent in any of its prices, trailing zeros counted (`1.0500` is 4),
/// at least 2 and at most 6 (Stooq's 1.0533 read 1.05). Other prices keep the usual rule (nil).
package enum SentDecimals {
    package static func of(_ symbol: String, prices: [ExactDecimal?]) -> Int? {
        guard symbol.uppercased().hasSuffix("=X") else { return nil }
        let scales = prices.compactMap { $0?.scale }
        guard let most = scales.max() else { return nil }
        return min(6, max(2, most))
    }
}
