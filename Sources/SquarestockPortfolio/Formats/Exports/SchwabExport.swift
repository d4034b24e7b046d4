import SquarestockCore

/// Charles Schwab's transactions CSV: `Date,Action,Symbol,Description,Quantity,Price,Fees &
/// Comm,Amount`, newest first, dollars written `$1,259.59` and `-$694.48`, dates `MM/DD/YYYY`
/// or `MM/DD/YYYY as of MM/DD/YYYY` (the first is when the cash moved, so the one recorded).
/// There are no row ids: rows are keyed by their text. A trade's money is the cash it moved
/// (`Amount`), so the ledger's cash is the account's to the cent; the price is Schwab's as shown.
/// `Foreign Tax Paid` on a symbol and day with a dividend becomes that dividend's tax withheld.
enum SchwabExport {
    enum Meaning {
        case buy, sell, dividend, interest, fee, tax, cash
        case unsupported(String)
    }

    static func meaning(of action: String) -> Meaning {
        let a = action.lowercased()
        if ["buy", "reinvest shares", "buy to open", "buy to close"].contains(a) { return .buy }
        if ["sell", "sell to close", "sell to open"].contains(a) { return .sell }
        if a.contains("in lieu") {
            // Cash for a fraction of a share, which the row does not size. A `Stock Split` row
            // of the same export is read as the whole shares it added (`splitAdding`), so the
            // fraction never reached the ledger: selling it would leave half a share too few.
            return .unsupported(
                "cash paid for a fraction of a share (\(action)): after a Stock Split imported from this file "
                    + "(read as the whole shares the broker added, so the holding is already the broker's), "
                    + "record the cash as the holding's income, `squarestock portfolio dividend SYMBOL AMOUNT --date DATE`; "
                    + "after a split recorded at its full ratio instead, as the sale of the fraction, "
                    + "`squarestock portfolio sell SYMBOL FRACTION --price PRICE`")
        }
        if a.contains("split") || a.contains("merger") || a.contains("spin") || a.contains("name change")
            || a.contains("stock div") || a == "conversion"
        {
            return .unsupported(
                "a corporate action (\(action)): record it with `portfolio split` or `portfolio rename`")
        }
        if a.contains("shares") {
            return .unsupported("shares moved between accounts (\(action)): record them with `portfolio buy` or `sell`")
        }
        if a.contains("div") || a.contains("cap gain") { return .dividend }
        if a.contains("interest") { return .interest }
        if a.contains("tax") { return .tax }
        if a.contains("fee") { return .fee }
        if a.contains("transfer") || a.contains("wire") || a.contains("journal") || a.contains("funds")
            || a == "deposit" || a == "withdrawal"
        {
            return .cash
        }
        return .unsupported("the action '\(action)' is not one squarestock reads yet")
    }

    static let taxNote = "schwab: Foreign Tax Paid"

    static func date(_ text: String) -> CivilDate? {
        DateTimeParsing.usDate(String(text.prefix { $0 != " " }))
    }

    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .schwab, header: table.header)
        // The export is newest first; the ledger needs each day's rows in the order they happened.
        let rows = Array(table.rows.reversed())
        var records = rows.map { row in
            ExportRowReading.record(row, id: nil, keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, today: today)
            }
        }
        ExportWithholding.attach(&records) { tax in tax.note == taxNote }
        return records
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        if row.cells.first?.hasPrefix("Transactions Total") == true { return .skip("the export's total line") }
        let action = try ExportRowReading.required(table, row, "Action")
        let dateText = try ExportRowReading.required(table, row, "Date")
        guard let date = date(dateText) else { throw ExportRowRefusal("its date '\(dateText)' is not MM/DD/YYYY") }
        let kind = meaning(of: action)
        if action.lowercased() == "stock split", let symbol = table.cell(row, "Symbol"),
            let added = table.cell(row, "Quantity").flatMap({ ExportMoney.parse($0)?.amount }), added.sign > 0
        {
            // The shares the split added: its ratio comes from what the ledger holds that day.
            return .splitAdding(symbol: symbol, added: added, date: date, note: "schwab: " + action, today: today)
        }
        if case .unsupported(let why) = kind { throw ExportRowRefusal(why) }
        let amount = try ExportRowReading.number(table, row, "Amount")
        var notes: [String] = []
        let currency = amount.currency ?? "USD"
        let cents = try ExportRowReading.minor(amount.amount, currency, what: "the amount", notes: &notes)
        let symbol = table.cell(row, "Symbol")
        let note = "schwab: " + action
        var e: JournalEntry
        switch kind {
        case .buy, .sell:
            guard let symbol else { throw ExportRowRefusal("a trade with no symbol") }
            let quantity = try ExportRowReading.number(table, row, "Quantity").amount
            let price = try ExportRowReading.number(table, row, "Price").amount
            let feeValue = table.cell(row, "Fees & Comm").flatMap { ExportMoney.parse($0) }?.amount ?? .zero
            let fee = try ExportRowReading.minor(
                feeValue.magnitude, currency, what: "the fee", notes: &notes)
            let sell = kind.isSell
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    sell ? .sell : .buy, symbol: symbol, quantity: quantity.magnitude,
                    price: price.magnitude, fee: MinorUnits.text(fee, currency: currency),
                    currency: currency, date: date, today: today)
            }
            // The cash the trade moved, fees apart: what the account shows.
            let gross = sell ? cents + fee : -cents - fee
            guard gross > 0 else { throw ExportRowRefusal("its amount \(amount.amount) does not fit a \(action)") }
            e.amount = gross
        case .dividend where symbol == nil:
            // A cash fund's dividend, named by no symbol: income of the cash, as interest is.
            guard cents > 0 else {
                throw ExportRowRefusal("a dividend of \(amount.amount): a reversal is not read yet")
            }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.interest(
                    amount: MinorUnits.text(cents, currency: currency), withheld: nil, currency: currency, date: date,
                    today: today)
            }
        case .dividend:
            guard let symbol else { throw ExportRowRefusal("a dividend with no symbol") }
            guard cents > 0 else {
                throw ExportRowRefusal("a dividend of \(amount.amount): a reversal is not read yet")
            }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.dividend(
                    symbol: symbol, amount: MinorUnits.text(cents, currency: currency), withheld: nil,
                    currency: currency, date: date, today: today)
            }
        case .interest:
            guard cents > 0 else { throw ExportRowRefusal("interest of \(amount.amount): a charge is not interest") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.interest(
                    amount: MinorUnits.text(cents, currency: currency), withheld: nil, currency: currency,
                    symbol: symbol, date: date, today: today)
            }
        case .fee, .tax:
            guard cents < 0 else { throw ExportRowRefusal("a fee of \(amount.amount): a refund is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(
                    amount: MinorUnits.text(-cents, currency: currency), currency: currency, symbol: symbol,
                    date: date, today: today)
            }
        case .cash:
            guard cents != 0 else { return .skip("a transfer of 0") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.cash(
                    cents > 0 ? .deposit : .withdraw, amount: MinorUnits.text(abs(cents), currency: currency),
                    currency: currency, date: date, today: today)
            }
        case .unsupported(let why): throw ExportRowRefusal(why)
        }
        e.note = note
        if case .tax = kind { e.note = taxNote }
        return .entries([e], notes: notes)
    }
}

extension SchwabExport.Meaning {
    var isSell: Bool {
        if case .sell = self { return true }
        return false
    }
}
