import SquarestockCore

/// The portfolio as a plain-text accounting journal that hledger (and ledger) read, so a user
/// can check squarestock's numbers with another program. Every transaction balances exactly:
/// a share posting carries its total cost (`@@`: the purchase's cost with fees, or on a sale the
/// cost basis of the lots taken, as computed here), cash moves in the currency's own units, and a
/// sale's gain goes to `income:realized-gains`. Commodities are always quoted (`"BRK.B"`,
/// `"7203.T"`), and no `commodity` directive is written (hledger would round by it). A symbol that
/// is also a currency code (ProShares' `USD`, an `EUR` ETF) is written `"USD shares"`: quoted
/// alone it is the currency itself, and its shares were added to the cash. The FX rate
/// recorded with an entry is a transaction tag, `; fx:1.0862 USD` (1 unit of its currency in the
/// base, and the base when the ledger kept it).
public enum LedgerJournalWriter {
    public static func write(_ entries: [JournalEntry], method: LotMethod) throws(PortfolioError) -> String {
        var book = try PortfolioBook(entries: [], method: method)
        var out = "; squarestock portfolio, lot method \(method.rawValue)\n"
        for e in PortfolioBook.effective(entries) {
            if let symbol = e.symbol, !writable(symbol) {
                // An older squarestock accepted it; written as it is, it breaks the whole journal.
                throw .invalidEntry(
                    "the ledger holds the symbol \(shellWord(symbol)), which the journal cannot write; "
                        + "`squarestock portfolio rename \(shellWord(symbol)) NEW` moves its entries to a valid symbol")
            }
            let before = e.symbol.map { (book.quantity(of: $0), book.cost(of: $0)) }
            try book.apply(e)
            out += "\n" + transaction(e, book: book, before: before)
        }
        return out
    }

    /// True when `symbol` is in the quote commands' alphabet as stored (in any case): the
    /// alphabet's check trims white space first, and a stored `AAPL` with a line end after it
    /// would end the transaction in the middle of its description and commodity.
    static func writable(_ symbol: String) -> Bool {
        guard case .success(let normalized) = SymbolSyntax.normalize(symbol) else { return false }
        return normalized == symbol.uppercased()
    }

    /// `text` as one shell word, in single quotes (a `'` inside closed, escaped, reopened), its
    /// control characters made visible so the message itself cannot steer the terminal.
    static func shellWord(_ text: String) -> String {
        let visible = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
        return "'" + visible.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// The quoted commodity of `symbol`'s shares, never a currency's (no symbol holds a space).
    static func commodity(_ symbol: String) -> String {
        "\"" + symbol + (CurrencyExponent.of(symbol) == nil ? "" : " shares") + "\""
    }

    static func amount(_ minor: Int64, _ currency: String) -> String {
        MinorUnits.text(minor, currency: currency) + " " + currency
    }

    static func posting(_ account: String, _ amount: String) -> String { "    " + account + "    " + amount + "\n" }

    static func transaction(_ e: JournalEntry, book: PortfolioBook, before: (ExactDecimal, Int64)?) -> String {
        let c = e.currency
        let cash = "assets:cash:" + c
        let sym = e.symbol ?? ""
        let stock = "assets:stocks:" + sym
        let commodity = self.commodity(sym)
        var t = e.date.description + " * " + e.kind.rawValue + (e.symbol.map { " " + $0 } ?? "")
        // The recorded FX rate as an hledger tag (`hledger reg tag:fx`), with its base when the
        // ledger kept it: a price annotation would make the transaction balance in two currencies.
        if let fx = e.fxRate { t += "  ; fx:\(fx)" + (e.fxBase.map { " " + $0 } ?? "") }
        t += "\n"
        switch e.kind {
        case .deposit:
            t += posting(cash, amount(e.amount, c)) + posting("equity:contributions", amount(-e.amount, c))
        case .withdraw:
            t += posting(cash, amount(-e.amount, c)) + posting("equity:contributions", amount(e.amount, c))
        case .buy:
            let cost = e.amount + e.fee
            t += posting(stock, "\(e.quantity?.description ?? "0") \(commodity) @@ " + amount(cost, c))
            t += posting(cash, amount(-cost, c))
        case .sell:
            let d = book.disposals.last
            let basis = d?.basis ?? 0
            t += posting(stock, "-\(e.quantity?.description ?? "0") \(commodity) @@ " + amount(basis, c))
            t += posting(cash, amount(e.amount - e.fee, c))
            t += posting("income:realized-gains", amount(-(d?.gain ?? 0), c))
        case .dividend:
            t += posting(cash, amount(e.amount - e.withheld, c))
            if e.withheld != 0 { t += posting("expenses:taxes:withholding", amount(e.withheld, c)) }
            t += posting("income:dividends", amount(-e.amount, c))
        case .split:
            // The old shares out and the new in, each at the holding's whole cost: no money moves.
            let (old, cost) = before ?? (ExactDecimal(0), 0)
            let lotCurrency = book.lots[sym]?.first?.currency ?? c
            t += posting(stock, "-\(old) \(commodity) @@ " + amount(cost, lotCurrency))
            t += posting(stock, "\(book.quantity(of: sym)) \(commodity) @@ " + amount(cost, lotCurrency))
        case .interest:
            t += posting(cash, amount(e.amount - e.withheld, c))
            if e.withheld != 0 { t += posting("expenses:taxes:withholding", amount(e.withheld, c)) }
            t += posting("income:interest", amount(-e.amount, c))
        case .fee:
            t += posting("expenses:fees", amount(e.amount, c)) + posting(cash, amount(-e.amount, c))
        case .exchange:
            // Each leg balances against the conversion account; the two legs together leave in
            // it the currencies swapped, hledger's usual record of a conversion.
            t += posting(cash, amount(e.amount, c)) + posting("equity:conversion", amount(-e.amount, c))
        case .reversal: break
        }
        return t
    }
}
