import SquarestockCore

/// Interactive Brokers' Flex Query CSV: every field quoted, columns as the user ticked them
/// (the XML attributes' names: `TradeDate`, `IBCommission`, `CurrencyPrimary`), dates
/// `yyyyMMdd` (or `yyyy-MM-dd`, `yyyyMMdd;HHmmss`). Two sections are read, each from its own file
/// or both in one: trades (`Buy/Sell`, `Quantity` negative for a sale, `TradePrice`,
/// `TradeMoney`, a negative `IBCommission` in `IBCommissionCurrency`) and cash transactions
/// (`Type`, `Amount` signed, `Description`). Keys are `TradeID` / `TransactionID` when the query
/// has them, else each row's text.
///
/// A trade names its instrument by `Symbol` when the query has the column, else by its ISIN (a
/// valid ledger symbol; `portfolio rename ISIN TICKER` names it after). A trade with neither is a
/// currency conversion (`EUR.USD` in `Symbol`): its two legs are recorded as `exchange` entries;
/// without `Symbol` the pair is unknown and the row is refused. A commission in another currency
/// than the trade's is a fee of its own. A `Withholding Tax` row is folded into the dividend of
/// the same instrument, day, currency and description.
enum IBKRFlexExport {
    static func date(_ text: String) -> CivilDate? {
        let day = String(text.prefix(while: { $0 != ";" && $0 != "," && $0 != " " }))
        return DateTimeParsing.compactDate(day) ?? DateTimeParsing.isoDate(day)
    }

    /// `held`: the symbols the ledger holds, so a dividend names the holding its trades made.
    static func records(_ table: ExportTable, today: CivilDate, held: Set<String> = []) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .ibkrFlex, header: table.header)
        let trades = table.column("Buy/Sell") != nil
        var records = table.rows.map { row in
            // Trades' and cash transactions' ids are numbered apart: each keyed in its own space.
            let id = table.cell(row, trades ? "TradeID" : "TransactionID").map { (trades ? "trade:" : "cash:") + $0 }
            return ExportRowReading.record(row, id: id, keys: &keys) { () throws(ExportRowRefusal) in
                try trades ? trade(table, row, today: today) : cash(table, row, today: today, held: held)
            }
        }
        if !trades {
            let rowOfLine = Dictionary(table.rows.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
            func event(_ line: Int) -> String {
                rowOfLine[line].flatMap { table.cell($0, "Description") }.map(dividendEvent) ?? ""
            }
            ExportWithholding.attach(&records) {
                $0.note == taxNote
            } sameEvent: { t, d in
                event(t) == event(d)
            }
        }
        return records
    }

    static let taxNote = "ibkr: Withholding Tax"

    /// The ratio of a split IBKR describes (`AAPL(US0378331005) SPLIT 4 FOR 1 (AAPL, ...)`), as
    /// the ledger writes it (`4:1`); nil for any other corporate action.
    static func splitRatio(_ description: String) -> String? {
        let words = description.uppercased().split(separator: " ")
        guard let i = words.firstIndex(of: "SPLIT"), i + 3 < words.count, words[i + 2] == "FOR",
            let n = Int(words[i + 1]), let d = Int(words[i + 3].prefix { $0.isNumber }), n > 0, d > 0, n != d
        else { return nil }
        return "\(n):\(d)"
    }

    /// A file's corporate actions as records: a split as the ledger's split of the instrument,
    /// once (IBKR writes a split as two rows, the new line and the old, one description), keyed
    /// by the instrument, ratio and day, so the Flex (CSV or XML) and the Activity Statement of
    /// one account record it once; anything else refused with what records it.
    struct SplitRows {
        var seen: [String: Int] = [:]

        mutating func record(
            line: Int, description: String, symbol: String?, date: String?, key prefix: String, today: CivilDate
        ) -> ExportRecord {
            // The ticker IBKR puts before the ISIN (`AAPL(US0378331005) SPLIT 4 FOR 1`) names the
            // holding on both rows; the `symbol` attribute only when there is none.
            let fromDescription: String? = description.firstIndex(of: "(").map { String(description[..<$0]) }
                .flatMap { $0.isEmpty || $0.contains(" ") ? nil : $0 }
            guard let ratio = IBKRFlexExport.splitRatio(description), let instrument = fromDescription ?? symbol,
                let day = date.flatMap(IBKRFlexExport.date)
            else {
                return ExportRecord(
                    line: line,
                    .refused(
                        "a corporate action (\(description)): record it with `portfolio split` or `portfolio rename`"))
            }
            let key = prefix + instrument + "|" + ratio + "|" + day.description
            if let first = seen[key] {
                return ExportRecord(line: line, .skipped("the other row of the split on line \(first)"))
            }
            seen[key] = line
            do {
                var e = try EntryFactory.split(symbol: instrument, ratio: ratio, date: day, today: today)
                e.note = "ibkr: " + description
                return ExportRecord(line: line, .entries(ExportRowKeys.keyed([e], base: key)))
            } catch {
                return ExportRecord(line: line, .refused(error.description))
            }
        }
    }

    /// `EUR.USD`: two currencies the ledger knows, as IBKR names a conversion's pair.
    static func isCurrencyPair(_ s: String) -> Bool {
        let parts = s.split(separator: ".")
        return parts.count == 2 && parts.allSatisfy { $0.count == 3 && CurrencyExponent.of(String($0)) != nil }
    }

    /// The part of a dividend's description its withholding row shares: `VT(US9220427424) CASH
    /// DIVIDEND USD 0.6504 PER SHARE` of `... (Ordinary Dividend)` and of `... - US TAX`.
    static func dividendEvent(_ description: String) -> String {
        var d = Substring(description)
        if let r = d.range(of: " - ", options: .backwards) { d = d[..<r.lowerBound] }
        if d.hasSuffix(")"), let r = d.range(of: " (", options: .backwards) { d = d[..<r.lowerBound] }
        return String(d)
    }

    /// The instrument's symbol: `Symbol`, else the ISIN when the ledger holds it by that (`held`:
    /// trades from a query without `Symbol` are held by ISIN, and their dividends went to the
    /// ticker instead, a holding of nothing), else the ticker before `(` in the description
    /// (`VT(US9220427424) CASH DIVIDEND`), else the ISIN.
    static func symbol(_ table: ExportTable, _ row: ExportTable.Row, held: Set<String> = []) -> String? {
        if let s = table.cell(row, "Symbol") { return s }
        if let isin = table.cell(row, "ISIN"), held.contains(isin) { return isin }
        if let d = table.cell(row, "Description"), let open = d.firstIndex(of: "("), open > d.startIndex {
            let ticker = d[..<open]
            if !ticker.contains(" ") { return String(ticker) }
        }
        return table.cell(row, "ISIN")
    }

    static func trade(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let dateText =
            table.cell(row, "TradeDate") ?? table.cell(row, "DateTime") ?? table.cell(row, "Date/Time") ?? ""
        guard let date = date(dateText) else { throw ExportRowRefusal("its trade date '\(dateText)' is not read") }
        let side = try ExportRowReading.required(table, row, "Buy/Sell").uppercased()
        let quantity = try ExportRowReading.number(table, row, "Quantity").amount
        let price = try ExportRowReading.number(table, row, "TradePrice").amount
        let currency = try ExportRowReading.required(table, row, "CurrencyPrimary").uppercased()
        var notes: [String] = []
        var entries: [JournalEntry] = []
        let commissionCurrency = table.cell(row, "IBCommissionCurrency")?.uppercased() ?? currency
        var commission: Int64 = 0
        if let text = table.cell(row, "IBCommission") {
            guard let v = ExportMoney.parse(text) else {
                throw ExportRowRefusal("its IBCommission '\(text)' is not a number")
            }
            commission = try ExportRowReading.minor(
                v.amount.magnitude, commissionCurrency, what: "the commission", notes: &notes)
        }
        let asset = table.cell(row, "AssetClass") ?? table.cell(row, "AssetCategory")
        let named = table.cell(row, "Symbol")
        if asset?.uppercased() == "CASH" || named.map(isCurrencyPair) == true
            || (named == nil && table.cell(row, "ISIN") == nil)
        {
            entries = try conversion(
                table, row, quantity: quantity, price: price, currency: currency, date: date,
                today: today, notes: &notes)
        } else {
            guard let symbol = symbol(table, row) else { throw ExportRowRefusal("a trade with no symbol or ISIN") }
            let selling = side.hasPrefix("SELL") || quantity.isNegative
            let fee = commissionCurrency == currency ? commission : 0
            var e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    selling ? .sell : .buy, symbol: symbol, quantity: quantity.magnitude,
                    price: price.magnitude, fee: MinorUnits.text(fee, currency: currency),
                    currency: currency, date: date, today: today)
            }
            if let money = table.cell(row, "TradeMoney").flatMap({ ExportMoney.parse($0) }) {
                e.amount = try ExportRowReading.minor(
                    money.amount.magnitude, currency, what: "the trade's value", notes: &notes)
            }
            e.note = "ibkr: " + side
            entries.append(e)
            if table.cell(row, "Symbol") == nil, symbol == table.cell(row, "ISIN") {
                notes.append("held as its ISIN \(symbol): `portfolio rename \(symbol) TICKER` names it")
            }
        }
        if commission > 0, commissionCurrency != currency || entries.first?.kind == .exchange {
            var fee = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(
                    amount: MinorUnits.text(commission, currency: commissionCurrency), currency: commissionCurrency,
                    date: date, today: today)
            }
            fee.note = "ibkr: commission"
            entries.append(fee)
        }
        return .entries(entries, notes: notes)
    }

    /// A currency conversion: `Symbol` `EUR.USD`, `Quantity` in EUR (negative: sold), the value
    /// `TradeMoney` in USD with the opposite sign of cash.
    static func conversion(
        _ table: ExportTable, _ row: ExportTable.Row, quantity: ExactDecimal, price: ExactDecimal, currency: String,
        date: CivilDate, today: CivilDate, notes: inout [String]
    ) throws(ExportRowRefusal) -> [JournalEntry] {
        guard let pair = table.cell(row, "Symbol"), isCurrencyPair(pair) else {
            throw ExportRowRefusal(
                "a currency conversion whose pair is not named: add the Symbol column to the Flex query")
        }
        let base = String(pair.prefix(3)).uppercased()
        let quote = String(pair.suffix(3)).uppercased()
        guard quote == currency else { throw ExportRowRefusal("the pair \(pair) is not priced in \(currency)") }
        guard let value = quantity * price else { throw ExportRowRefusal("its value is too large") }
        let money = table.cell(row, "TradeMoney").flatMap { ExportMoney.parse($0)?.amount } ?? value
        let baseLeg = try ExportRowReading.minor(quantity, base, what: "the amount", notes: &notes)
        let quoteLeg = try ExportRowReading.minor(
            money.negated, quote, what: "the value",
            notes: &notes)
        return try [(baseLeg, base), (quoteLeg, quote)].map { leg throws(ExportRowRefusal) in
            var e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.exchange(
                    amount: MinorUnits.text(leg.0, currency: leg.1), currency: leg.1, date: date, today: today)
            }
            e.note = "ibkr: " + pair
            return e
        }
    }

    static func cash(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate, held: Set<String> = [])
        throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let type = try ExportRowReading.required(table, row, "Type")
        let dateText =
            table.cell(row, "SettleDate") ?? table.cell(row, "Date/Time") ?? table.cell(row, "DateTime")
            ?? table.cell(row, "ReportDate") ?? ""
        guard let date = date(dateText) else { throw ExportRowRefusal("its date '\(dateText)' is not read") }
        let currency = try ExportRowReading.required(table, row, "CurrencyPrimary").uppercased()
        let amount = try ExportRowReading.number(table, row, "Amount").amount
        var notes: [String] = []
        let minor = try ExportRowReading.minor(amount, currency, what: "the amount", notes: &notes)
        let money = MinorUnits.text(abs(minor), currency: currency)
        let t = type.lowercased()
        var e: JournalEntry
        if t.contains("dividend") {
            guard minor > 0 else { throw ExportRowRefusal("a \(type) of \(amount): a reversal is not read yet") }
            // Not income: the money is the shares' own cost coming back (it lowers their basis),
            // and booked as a dividend it overstated the income and the gain.
            // Passed over, said, rather than refused: a file an earlier squarestock imported with
            // it booked as a dividend still imports again.
            if table.cell(row, "Description")?.lowercased().contains("return of capital") == true {
                return .skip(
                    "a return of capital (\(money) \(currency)) lowers the shares' cost, which the ledger cannot record "
                        + "yet: it is no dividend, and its cash is left out too (record it with `portfolio deposit` if you track cash)"
                )
            }
            guard let symbol = symbol(table, row, held: held) else {
                throw ExportRowRefusal("a dividend with no instrument")
            }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.dividend(
                    symbol: symbol, amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        } else if t.contains("withholding") {
            guard minor < 0 else { throw ExportRowRefusal("a refund of withholding tax is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(
                    amount: money, currency: currency, symbol: symbol(table, row, held: held), date: date, today: today)
            }
            e.note = taxNote
            return .entries([e], notes: notes)
        } else if t.contains("interest") {
            guard minor > 0 else { throw ExportRowRefusal("\(type) of \(amount): interest paid is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.interest(amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        } else if t.contains("deposit") || t.contains("withdrawal") {
            guard minor != 0 else { return .skip("a transfer of 0") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.cash(
                    minor > 0 ? .deposit : .withdraw, amount: money, currency: currency, date: date, today: today)
            }
        } else if t.contains("fee") || t.contains("commission") {
            guard minor < 0 else { throw ExportRowRefusal("a \(type) of \(amount): a refund is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(amount: money, currency: currency, date: date, today: today)
            }
        } else {
            throw ExportRowRefusal("the cash transaction type '\(type)' is not one squarestock reads yet")
        }
        e.note = "ibkr: " + type
        return .entries([e], notes: notes)
    }
}
