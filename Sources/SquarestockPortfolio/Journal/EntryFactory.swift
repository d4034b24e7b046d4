import SquarestockCore

/// Journal entries made from what a user typed, checked before anything is written: a symbol in
/// the quote commands' alphabet, a known currency, a date not in the future, a positive quantity
/// and price, money with no more decimals than its currency has. The trade's value is quantity × price rounded once to the
/// currency's unit.
public enum EntryFactory {
    /// The currency's exponent, or the error naming it.
    public static func exponent(_ currency: String) throws(PortfolioError) -> Int {
        guard let e = CurrencyExponent.of(currency) else { throw .unknownCurrency(currency) }
        return e
    }

    /// The symbol as the quote commands take it (`SymbolSyntax`: letters, digits and `. - ^ = _`,
    /// at most 24, upper-cased), so every symbol in the ledger can be quoted, and none can break
    /// the exports (a `"` or `;` ended the hledger journal's commodity, two spaces its posting).
    public static func symbol(_ raw: String) throws(PortfolioError) -> String {
        switch SymbolSyntax.normalize(raw) {
        case .success(let s): return s
        case .failure: throw .invalidSymbol(raw)
        }
    }

    static func check(date: CivilDate, today: CivilDate) throws(PortfolioError) {
        guard !(today < date) else { throw .futureDate(date, today: today) }
    }

    static func positive(_ d: ExactDecimal?, _ what: String) throws(PortfolioError) -> ExactDecimal {
        guard let d, d.sign > 0 else { throw .invalidEntry("\(what) must be a number above 0") }
        return d
    }

    /// Money text (`1.50`) in minor units; nil text is 0.
    public static func money(_ text: String?, currency: String, what: String) throws(PortfolioError) -> Int64 {
        guard let text, !text.isEmpty else { return 0 }
        let e = try exponent(currency)
        guard let d = ExactDecimal(text) else {
            // Digits with at most one point are a number, only one with more digits than an
            // exact decimal holds: too large when its whole part is, else too precise.
            if ExactDecimal.isPlainDecimalText(text.utf8) {
                let whole = text.utf8.prefix { $0 != 46 }.drop { $0 == 48 }.count
                if whole > 15 { throw .overflow("\(what) \(text)") }
                throw .tooPrecise("\(what) \(text)", currency: currency.uppercased(), exponent: e)
            }
            throw .invalidEntry("\(what) must be a number (got '\(TerminalText.visible(text))')")
        }
        guard d.sign >= 0 else { throw .invalidEntry("\(what) cannot be negative (got \(text))") }
        guard let minor = MinorUnits.parse(text, exponent: e) else {
            // Within the currency's decimals, the amount is too large for its minor units.
            if d.normalized.scale <= e { throw .overflow("\(what) \(d)") }
            throw .tooPrecise("\(what) \(d)", currency: currency.uppercased(), exponent: e)
        }
        return minor
    }

    /// A purchase or a sale.
    public static func trade(
        _ kind: EntryKind, symbol: String, quantity: ExactDecimal?, price: ExactDecimal?, fee: String?,
        currency: String, date: CivilDate, today: CivilDate, lot: Int64? = nil, fxRate: ExactDecimal? = nil
    ) throws(PortfolioError) -> JournalEntry {
        let code = currency.asciiUppercased
        let e = try exponent(code)
        try check(date: date, today: today)
        let q = try positive(quantity, "the quantity")
        let p = try positive(price, "the price")
        guard let amount = MinorUnits.amount(quantity: q, price: p, exponent: e) else {
            throw .overflow("\(q) × \(p)")
        }
        return JournalEntry(
            kind: kind, date: date, symbol: try Self.symbol(symbol), quantity: q.normalized, price: p.normalized,
            currency: code, amount: amount, fee: try money(fee, currency: code, what: "the fee"), fxRate: fxRate,
            lot: lot)
    }

    /// A dividend: the gross amount and the tax withheld from it.
    public static func dividend(
        symbol: String, amount: String, withheld: String?, currency: String, date: CivilDate, today: CivilDate
    ) throws(PortfolioError) -> JournalEntry {
        try income(
            .dividend, "the dividend", amount: amount, withheld: withheld, currency: currency, symbol: symbol,
            date: date,
            today: today)
    }

    /// Income with tax withheld from it (a dividend, interest), checked alike.
    static func income(
        _ kind: EntryKind, _ what: String, amount: String, withheld: String?, currency: String, symbol: String?,
        date: CivilDate, today: CivilDate
    ) throws(PortfolioError) -> JournalEntry {
        let code = currency.asciiUppercased
        try check(date: date, today: today)
        let gross = try money(amount, currency: code, what: what)
        let tax = try money(withheld, currency: code, what: "the tax withheld")
        guard gross > 0 else { throw .invalidEntry("\(what) must be above 0") }
        guard tax <= gross else { throw .invalidEntry("the tax withheld is more than \(what)") }
        return JournalEntry(
            kind: kind, date: date, symbol: try symbol.map(Self.symbol), currency: code, amount: gross, withheld: tax)
    }

    /// A split `N:M` (`4:1`: four new shares for each old one; `1:10` a reverse split).
    public static func split(symbol: String, ratio: String, date: CivilDate, today: CivilDate) throws(PortfolioError)
        -> JournalEntry
    {
        try check(date: date, today: today)
        let parts = ratio.split(separator: ":")
        guard parts.count == 2, let n = Int64(parts[0]), let d = Int64(parts[1]), n > 0, d > 0, n != d else {
            throw .invalidEntry("a split ratio is NEW:OLD, such as 4:1 or 1:10 (got '\(TerminalText.visible(ratio))')")
        }
        return JournalEntry(
            kind: .split, date: date, symbol: try Self.symbol(symbol), currency: "USD", splitNumerator: n,
            splitDenominator: d)
    }

    /// A deposit or withdrawal of cash.
    public static func cash(_ kind: EntryKind, amount: String, currency: String, date: CivilDate, today: CivilDate)
        throws(PortfolioError) -> JournalEntry
    {
        let code = currency.asciiUppercased
        try check(date: date, today: today)
        let minor = try money(amount, currency: code, what: "the amount")
        guard minor > 0 else { throw .invalidEntry("the amount must be above 0") }
        return JournalEntry(kind: kind, date: date, currency: code, amount: minor)
    }

    /// Interest (or another cash income no holding earned as a dividend): the gross amount and
    /// the tax withheld from it; `symbol` when a holding is named with it.
    public static func interest(
        amount: String, withheld: String?, currency: String, symbol: String? = nil, date: CivilDate, today: CivilDate
    ) throws(PortfolioError) -> JournalEntry {
        try income(
            .interest, "the interest", amount: amount, withheld: withheld, currency: currency, symbol: symbol,
            date: date, today: today)
    }

    /// A fee charged on its own, outside a trade; `symbol` when a holding caused it.
    public static func fee(
        amount: String, currency: String, symbol: String? = nil, date: CivilDate, today: CivilDate
    ) throws(PortfolioError) -> JournalEntry {
        let code = currency.asciiUppercased
        try check(date: date, today: today)
        let minor = try money(amount, currency: code, what: "the fee")
        guard minor > 0 else { throw .invalidEntry("the fee must be above 0") }
        return JournalEntry(kind: .fee, date: date, symbol: try symbol.map(Self.symbol), currency: code, amount: minor)
    }

    /// One leg of a currency conversion: `amount` signed (`-100.00` sold, `108.62` bought).
    public static func exchange(amount: String, currency: String, date: CivilDate, today: CivilDate)
        throws(PortfolioError) -> JournalEntry
    {
        let code = currency.asciiUppercased
        try check(date: date, today: today)
        let negative = amount.hasPrefix("-")
        let minor = try money(negative ? String(amount.dropFirst()) : amount, currency: code, what: "the amount")
        guard minor > 0 else {
            throw .invalidEntry("an exchange leg's amount is signed and not 0 (-100.00 sold, 108.62 bought)")
        }
        return JournalEntry(kind: .exchange, date: date, currency: code, amount: negative ? -minor : minor)
    }
}
