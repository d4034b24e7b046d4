/// The number of minor-unit digits of each currency a ledger may hold (ISO 4217: JPY 0, USD 2,
/// KWD 3), so amounts are stored as exact integers of the smallest unit. A code not listed is
/// refused rather than guessed: a wrong exponent would put every amount off by powers of ten.
/// Crypto assets held as cash carry 8 digits (a satoshi).
public enum CurrencyExponent {
    static let zero: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF",
        "XPF",
    ]
    static let three: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let two: Set<String> = [
        "AED", "ARS", "AUD", "BDT", "BGN", "BRL", "CAD", "CHF", "CNY", "COP", "CZK", "DKK", "EGP", "EUR", "GBP",
        "GEL", "HKD", "HUF", "IDR", "ILS", "INR", "KES", "KZT", "MAD", "MXN", "MYR", "NGN", "NOK", "NZD", "PEN",
        "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB", "SAR", "SEK", "SGD", "THB", "TRY", "TWD", "UAH", "USD",
        "UYU", "ZAR", "USDT", "USDC",
    ]
    package static let crypto: Set<String> = ["BTC", "ETH", "XMR", "LTC", "SOL", "ADA", "XRP", "DOGE"]

    /// The minor-unit digits of `code` (upper case), or nil for a code squarestock does not know.
    public static func of(_ code: String) -> Int? {
        let c = code.asciiUppercased
        if two.contains(c) { return 2 }
        if zero.contains(c) { return 0 }
        if three.contains(c) { return 3 }
        if crypto.contains(c) { return 8 }
        return nil
    }
}
