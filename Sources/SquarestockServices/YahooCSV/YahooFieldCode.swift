/// The `f=` column codes of Yahoo's legacy quotes.csv: a letter and an optional digit each
/// (`sl1d1t1` is s, l1, d1, t1). The answer has one column per code, in the same order.
package enum YahooFieldCode {
    /// Splits `snxl1d1` into `["s", "n", "x", "l1", "d1"]`; nil if it holds anything else.
    package static func split(_ codes: String) -> [String]? {
        var out: [String] = []
        for ch in codes {
            if ch.isLetter && ch.isASCII {
                out.append(String(ch))
            } else if ch.isNumber && ch.isASCII, !out.isEmpty, out[out.count - 1].count == 1 {
                out[out.count - 1].append(ch)
            } else {
                return nil
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The codes squarestock asks for: symbol, name, exchange, currency, last, date, time,
    /// change, change %, open, previous close, high, low, volume.
    package static let standard = "snxc4l1d1t1c1p2ophgv"
}
