import SquarestockCore

/// Money and numbers as brokers write them in their exports: a sign before or after a currency
/// symbol (`-$694.48`, `€3343.11`, `-€597.49846`), a code after the number (`2214.01 EUR`),
/// thousands separators (`$1,259.59`, `"1 950,60"`) and a decimal comma (`"-27,80"`). Read into
/// exact decimals, never through a binary float.
enum ExportMoney {
    /// A number with its currency when the text names one (`$` is USD, `€` EUR, `£` GBP).
    struct Value: Equatable {
        var amount: ExactDecimal
        var currency: String?
    }

    /// How the file writes its decimals: a point (`1,259.59`), a comma (`1.259,59`), or either
    /// with thousands only as spaces (DEGIRO: `"1 950,60"`, `-1.2108` and `"-27,80"` in one file),
    /// so a single `.` or `,` is always the decimal mark.
    enum DecimalMark { case point, comma, either }

    static let symbols: [(String, String)] = [("US$", "USD"), ("$", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY")]

    /// `text` as a number and its currency; nil when it is not one.
    static func parse(_ text: String, mark: DecimalMark = .point) -> Value? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        var currency: String?
        if s.hasPrefix("-") {
            negative = true
            s = s.dropFirst()
        } else if s.hasPrefix("+") {
            s = s.dropFirst()
        }
        for (symbol, code) in symbols where s.hasPrefix(symbol) {
            currency = code
            s = s.dropFirst(symbol.count)
            break
        }
        // A sign after the symbol (`$-12.00`) is read as well.
        if !negative, s.hasPrefix("-") {
            negative = true
            s = s.dropFirst()
        }
        // A code after the number: `2214.01 EUR`, `89,162.28 SEK`.
        if let space = s.lastIndex(of: " ") {
            let code = s[s.index(after: space)...]
            if code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                currency = String(code)
                s = s[..<space]
            }
        }
        guard let digits = plainDigits(s, mark: mark) else { return nil }
        guard let d = ExactDecimal(digits) else { return nil }
        let signed = negative ? d.negated : d
        return Value(amount: signed, currency: currency)
    }

    /// `amount` in minor units of `currency`, rounded half away from zero when it has more
    /// digits than the currency (an IBKR commission of `0.979` USD); `rounded` says whether it was.
    static func minor(_ amount: ExactDecimal, currency: String) -> (minor: Int64, rounded: Bool)? {
        guard let e = CurrencyExponent.of(currency) else { return nil }
        let n = amount.normalized
        guard let r = n.rescaled(to: e) else { return nil }
        return (r.significand, n.scale > e)
    }

    /// The number's digits with one `.` for its decimal mark. Both marks present: the last is
    /// the decimal one. One mark, more than once: thousands. One mark, once: the file's decimal
    /// mark (or either, with `.either`) is decimal; the other is thousands only before exactly
    /// three digits after a leading group of one to three (`1,259`), else decimal after all
    /// (`"0,76672417"` and `"0,125"` in a file that writes points).
    static func plainDigits(_ s: Substring, mark: DecimalMark) -> String? {
        let body = s.filter { !" \u{00A0}\u{202F}'".contains($0) }
        guard !body.isEmpty, body.allSatisfy({ isDigit($0) || $0 == "." || $0 == "," }) else { return nil }
        let points = body.filter { $0 == "." }.count
        let commas = body.filter { $0 == "," }.count
        var decimal: Character?
        if points > 0, commas > 0 {
            decimal = body.last { $0 == "." || $0 == "," }
        } else if points + commas == 1 {
            let c: Character = points == 1 ? "." : ","
            let own: Character = mark == .point ? "." : ","
            let parts = body.split(separator: c, omittingEmptySubsequences: false)
            let (before, after) = (parts.first ?? "", parts.last ?? "")
            // The other mark is thousands only between a group of 1 to 3 digits not starting with
            // 0 and exactly three digits (`1,259`; not `0,125` nor `1234,567`).
            let thousands = after.count == 3 && (1...3).contains(before.count) && before.first != "0"
            decimal = mark == .either || c == own || !thousands ? c : nil
        }
        if let d = decimal, body.filter({ $0 == d }).count > 1 { return nil }
        // A thousands mark is followed by exactly three digits each time (`1.2.3` is no number).
        let whole =
            decimal.flatMap { d in body.split(separator: d, omittingEmptySubsequences: false).first } ?? body[...]
        let groups = whole.split(whereSeparator: { $0 == "." || $0 == "," })
        if groups.count > 1, groups.dropFirst().contains(where: { $0.count != 3 }) { return nil }
        var out = ""
        for ch in body {
            if isDigit(ch) {
                out.append(ch)
            } else if ch == decimal {
                out.append(".")
            }
        }
        guard out.contains(where: isDigit) else { return nil }
        return out
    }

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}
