import SquarestockCore

/// The decimals to show a price in when its service gives no tick (Stooq, Alpha Vantage), for
/// the instruments whose usual 2 hide what moves: a currency pair (`EURUSD=X`) is shown to the
/// digits the service sent, at least 2 and at most 6 (Stooq's 1.0533 read 1.05). Other prices
/// keep the usual rule (nil).
package enum SentDecimals {
    package static func of(_ symbol: String, last: ExactDecimal?) -> Int? {
        guard symbol.uppercased().hasSuffix("=X"), let last else { return nil }
        return min(6, max(2, last.normalized.scale))
    }
}
