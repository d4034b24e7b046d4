import SquarestockCore

/// Price labels as a reader of the symbol's market expects them: grouped thousands, a fixed
/// number of decimals per axis, and the currency's sign where it is unambiguous (`$`, `€`,
/// `£`, `¥`; pence as a `p` suffix, because a London price in pence must not read as pounds).
///
/// Locale-free like `NumberFormatting`: the process locale never changes a label.
struct ChartPriceFormat {
    var decimals: Int
    var prefix: String
    var suffix: String

    init(currency: Currency?, decimals: Int, asciiOnly: Bool = false) {
        self.decimals = decimals
        prefix = ""
        suffix = ""
        guard let currency else { return }
        if currency.isMinorUnit {
            switch currency.majorCode {
            case "GBP": suffix = "p"
            case "ZAR": suffix = "c"
            default: break
            }
            return
        }
        switch currency.majorCode {
        case "USD": prefix = "$"
        case "EUR": prefix = asciiOnly ? "" : "€"
        case "GBP": prefix = asciiOnly ? "" : "£"
        case "JPY": prefix = asciiOnly ? "" : "¥"
        default: break
        }
    }

    /// Whether labels carry a sign; when not, the legend names the currency.
    var marksCurrency: Bool { !prefix.isEmpty || !suffix.isEmpty }

    func string(_ v: ExactDecimal) -> String {
        let r = v.rescaled(to: decimals) ?? v.rounded(toScale: decimals)
        let text = NumberFormatting.grouped(r)
        if text.hasPrefix("-") { return "-" + prefix + text.dropFirst() + suffix }
        return prefix + text + suffix
    }
}
