import SquarestockCore

/// Trading 212's history CSV: `Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency
/// (Price / share),Exchange rate,Result,...,Total,Currency (Total),Withholding tax,...,ID,...`,
/// columns varying with what the account used (read by name). `Time` is `YYYY-MM-DD HH:MM:SS`
/// with 0 to 3 fractional digits, believed UTC; the day is recorded. `Total` is in the account's
/// currency and unsigned (the action gives the direction); the price is in the instrument's
/// currency, pence for `GBX` (recorded as pounds). Orders and cash rows carry an `ID`; dividends
/// have none and are keyed by their text.
///
/// A trade priced in another currency than the account's is what happened: the account's cash
/// converted (an `exchange` leg out of the account currency, one into the instrument's), the
/// trade in the instrument's currency, and the conversion fee as a fee. So each currency's cash
/// in the ledger is the account's, to the cent.
enum Trading212Export {
    /// The cash actions read besides trades and dividends.
    static let known: Set<String> = ["deposit", "withdrawal", "interest on cash", "lending interest"]

    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .trading212, header: table.header)
        return table.rowsInTimeOrder("Time").map { row in
            ExportRowReading.record(row, id: table.cell(row, "ID"), keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, today: today)
            }
        }
    }

    /// The money cell `name` as minor units of the currency in `currencyColumn`.
    static func money(
        _ table: ExportTable, _ row: ExportTable.Row, _ name: String, currencyColumn: String, notes: inout [String]
    ) throws(ExportRowRefusal) -> (minor: Int64, currency: String)? {
        guard let text = table.cell(row, name) else { return nil }
        guard let v = ExportMoney.parse(text) else { throw ExportRowRefusal("its \(name) '\(text)' is not a number") }
        guard let currency = table.cell(row, currencyColumn)?.uppercased() ?? v.currency else {
            throw ExportRowRefusal("its \(name) has no currency")
        }
        return (try ExportRowReading.minor(v.amount, currency, what: name, notes: &notes), currency)
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let action = try ExportRowReading.required(table, row, "Action")
        let time = try ExportRowReading.required(table, row, "Time")
        guard let date = DateTimeParsing.isoDate(String(time.prefix(10))) else {
            throw ExportRowRefusal("its time '\(time)' is not YYYY-MM-DD HH:MM:SS")
        }
        let a = action.lowercased()
        let trading = a.hasSuffix(" buy") || a.hasSuffix(" sell")
        guard trading || a.hasPrefix("dividend") || known.contains(a) else {
            throw ExportRowRefusal(
                a.contains("split") || a.contains("distribution") || a.contains("transfer")
                    ? "a corporate action or transfer (\(action)): record it with `portfolio split`, `buy` or `sell`"
                    : "the action '\(action)' is not one squarestock reads yet")
        }
        var notes: [String] = []
        guard let total = try money(table, row, "Total", currencyColumn: "Currency (Total)", notes: &notes) else {
            throw ExportRowRefusal("its Total is empty")
        }
        let amount = MinorUnits.text(abs(total.minor), currency: total.currency)
        func noted(_ e: JournalEntry) -> JournalEntry {
            var e = e
            e.note = "trading212: " + action
            return e
        }
        if trading {
            return .entries(
                try trade(
                    table, row, sell: a.hasSuffix(" sell"), date: date, total: total, today: today,
                    notes: &notes
                ).map(noted), notes: notes)
        }
        if a.hasPrefix("dividend") {
            guard let symbol = table.cell(row, "Ticker") else { throw ExportRowRefusal("a dividend with no ticker") }
            let tax = try money(
                table, row, "Withholding tax", currencyColumn: "Currency (Withholding tax)",
                notes: &notes)
            var gross = total.minor
            var withheld: Int64 = 0
            if let tax, tax.minor != 0 {
                if tax.currency == total.currency {
                    withheld = abs(tax.minor)
                    gross += withheld
                } else {
                    notes.append(
                        "withholding tax \(MinorUnits.text(abs(tax.minor), currency: tax.currency)) \(tax.currency) "
                            + "is not in \(total.currency): the dividend is recorded as received")
                }
            }
            let e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.dividend(
                    symbol: symbol, amount: MinorUnits.text(gross, currency: total.currency),
                    withheld: MinorUnits.text(withheld, currency: total.currency), currency: total.currency,
                    date: date, today: today)
            }
            return .entries([noted(e)], notes: notes)
        }
        let e: JournalEntry
        switch a {
        case "deposit":
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.cash(.deposit, amount: amount, currency: total.currency, date: date, today: today)
            }
        case "withdrawal":
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.cash(.withdraw, amount: amount, currency: total.currency, date: date, today: today)
            }
        case "interest on cash", "lending interest":
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.interest(
                    amount: amount, withheld: nil, currency: total.currency, date: date, today: today)
            }
        default: throw ExportRowRefusal("the action '\(action)' is not one squarestock reads yet")
        }
        return .entries([noted(e)], notes: notes)
    }

    /// A buy or sale; in another currency than the account's, with the conversion's legs and fee.
    static func trade(
        _ table: ExportTable, _ row: ExportTable.Row, sell: Bool, date: CivilDate,
        total: (minor: Int64, currency: String),
        today: CivilDate, notes: inout [String]
    ) throws(ExportRowRefusal) -> [JournalEntry] {
        guard let symbol = table.cell(row, "Ticker") else { throw ExportRowRefusal("a trade with no ticker") }
        let quantity = try ExportRowReading.number(table, row, "No. of shares").amount
        var price = try ExportRowReading.number(table, row, "Price / share").amount
        var currency = try ExportRowReading.required(table, row, "Currency (Price / share)").uppercased()
        if currency == "GBX" {
            // Pence: the same digits, two places further right, in pounds.
            price = ExactDecimal(significand: price.significand, scale: price.scale + 2)
            currency = "GBP"
        }
        let conversionFee =
            try money(
                table, row, "Currency conversion fee", currencyColumn: "Currency (Currency conversion fee)",
                notes: &notes) ?? (0, total.currency)
        var e = try ExportRowReading.checked { () throws(PortfolioError) in
            try EntryFactory.trade(
                sell ? .sell : .buy, symbol: symbol, quantity: quantity, price: price, fee: nil, currency: currency,
                date: date, today: today)
        }
        if currency == total.currency {
            // The account's own currency: its Total is the cash, fees included.
            let fees = abs(total.minor) - e.amount
            e.fee = sell ? -fees : fees
            guard e.fee >= 0 else {
                throw ExportRowRefusal(
                    "its Total \(MinorUnits.text(total.minor, currency: currency)) is not its shares' value less fees")
            }
            return [e]
        }
        let fee = abs(conversionFee.minor)
        let converted = sell ? abs(total.minor) + fee : abs(total.minor) - fee
        var legs: [JournalEntry] = []
        for (minor, code) in [(sell ? converted : -converted, total.currency), (sell ? -e.amount : e.amount, currency)]
        {
            legs.append(
                try ExportRowReading.checked { () throws(PortfolioError) in
                    try EntryFactory.exchange(
                        amount: MinorUnits.text(minor, currency: code), currency: code, date: date, today: today)
                })
        }
        var entries = sell ? [e] + legs.reversed() : legs + [e]
        if fee > 0 {
            entries.append(
                try ExportRowReading.checked { () throws(PortfolioError) in
                    try EntryFactory.fee(
                        amount: MinorUnits.text(fee, currency: conversionFee.currency),
                        currency: conversionFee.currency,
                        symbol: symbol, date: date, today: today)
                })
        }
        return entries
    }
}
