import SquarestockCore

/// DEGIRO's `Transactions.csv`, one row per fill, in the account's language, read by position:
/// the 2024 layout `Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,
/// Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,`
/// (the account's currency named in the header) and the older one with a currency column after
/// each amount (`...,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID`). Quantity
/// is negative for a sale, Value and Total negative for a purchase; decimal commas or points.
///
/// Instruments are held by ISIN, as in the account statement. A fill in the account's currency
/// is a trade whose fee is its Total less its Value; in another currency it is the conversion's
/// two `exchange` legs (the Value out of the account's currency, the Local value into the
/// instrument's), the trade at its Local value, and AutoFX and the fees as one fee in the
/// account's currency. A row is keyed by its text and occurrence: two identical partial fills of
/// one order stay two. The account statement lists the same trades: import trades from one of
/// the two only.
enum DEGIROTransactionsExport {
    static let quantities: Set<String> = [
        "quantity", "aantal", "anzahl", "cantidad", "quantité", "quantidade", "quantità",
    ]

    /// Whether `cells` is a Transactions.csv header: the ISIN fourth, the quantity seventh.
    static func isHeader(_ cells: [String]) -> Bool {
        let lower = cells.map { $0.lowercased() }
        return lower.count >= 17 && lower[3] == "isin" && quantities.contains(lower[6])
    }

    /// Where a layout keeps each amount (its currency beside it, or the account's).
    struct Layout {
        var value: Int, rate: Int, total: Int, order: Int
        /// The account's currency when the header names it (`Value EUR`), else each row's.
        var account: String?
        var valueCurrency: Int?

        init?(_ header: [String]) {
            if header.count >= 19, header[12].isEmpty {
                self.value = 11
                self.valueCurrency = 12
                self.rate = 13
                self.total = 16
                self.order = 18
            } else {
                guard let code = header[11].split(separator: " ").last.map(String.init)?.uppercased(),
                    code.count == 3, CurrencyExponent.of(code) != nil
                else { return nil }
                self.account = code
                self.value = 11
                self.rate = 12
                self.total = 15
                self.order = 16
            }
        }
    }

    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        guard let layout = Layout(table.header) else {
            return [
                ExportRecord(
                    line: table.rows.first?.line ?? 1,
                    .refused(
                        "its 'Value' column names no currency (`Value EUR`): the layout is not one squarestock reads"))
            ]
        }
        var keys = ExportRowKeys(format: .degiroTransactions, header: table.header)
        // Newest first in the file; by day and time here, rows of one minute as the file lists them.
        let rows = ExportTable.ordered(Array(table.rows.reversed()), by: order)
        return rows.map { row in
            ExportRowReading.record(row, id: nil, keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(row, layout, today: today)
            }
        }
    }

    /// `YYYY-MM-DD HH:MM` of a row's `DD-MM-YYYY` and time, for ordering.
    static func order(_ row: ExportTable.Row) -> String {
        let d = (row.cells.first ?? "").split(separator: "-")
        let time = row.cells.count > 1 ? row.cells[1] : ""
        return d.count == 3 ? "\(d[2])-\(d[1])-\(d[0]) \(time)" : "~"
    }

    static func meaning(_ row: ExportTable.Row, _ layout: Layout, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        func cell(_ i: Int) -> String? { i < row.cells.count && !row.cells[i].isEmpty ? row.cells[i] : nil }
        func number(_ i: Int, _ what: String) throws(ExportRowRefusal) -> ExactDecimal {
            guard let text = cell(i) else { throw ExportRowRefusal("it has no \(what)") }
            guard let v = ExportMoney.parse(text, mark: .either)?.amount else {
                throw ExportRowRefusal("its \(what) '\(text)' is not a number")
            }
            return v
        }
        guard let dateText = cell(0), let date = DEGIROExport.date(dateText) else {
            throw ExportRowRefusal("its date '\(cell(0) ?? "")' is not DD-MM-YYYY")
        }
        guard let isin = cell(3) else { throw ExportRowRefusal("a trade with no ISIN") }
        let quantity = try number(6, "quantity")
        guard !quantity.isZero else { return .skip("a quantity of 0") }
        let selling = quantity.isNegative
        var price = (try number(7, "price")).magnitude
        guard var currency = cell(8)?.uppercased() else { throw ExportRowRefusal("its price names no currency") }
        guard let account = layout.account ?? layout.valueCurrency.flatMap(cell)?.uppercased() else {
            throw ExportRowRefusal("its value names no currency")
        }
        var notes: [String] = []
        func minor(_ i: Int, _ what: String, _ code: String) throws(ExportRowRefusal) -> Int64 {
            abs(try ExportRowReading.minor(try number(i, what), code, what: what, notes: &notes))
        }
        let localCurrency = cell(10)?.uppercased() ?? currency
        if currency == "GBX" {
            // Pence: the same digits, two places further right, in pounds.
            price = ExactDecimal(significand: price.significand, scale: price.scale + 2)
            currency = "GBP"
        }
        // A value in pence (GBX) is the same digits two places further right, in pounds.
        var localValue = try number(9, "local value")
        if localCurrency == "GBX" {
            localValue = ExactDecimal(significand: localValue.significand, scale: localValue.scale + 2)
        }
        let local = abs(
            try ExportRowReading.minor(
                localValue, localCurrency == "GBX" ? "GBP" : localCurrency, what: "local value", notes: &notes))
        let value = try minor(layout.value, "value", account)
        let total = try minor(layout.total, "total", account)
        let fee = selling ? value - total : total - value
        guard fee >= 0 else {
            throw ExportRowRefusal(
                "its total \(MinorUnits.text(total, currency: account)) is not its value "
                    + (selling ? "less" : "with") + " fees")
        }
        func entry(_ make: () throws(PortfolioError) -> JournalEntry) throws(ExportRowRefusal) -> JournalEntry {
            var e = try ExportRowReading.checked(make)
            e.note = "degiro: " + (cell(2) ?? isin)
            return e
        }
        var trade = try entry { () throws(PortfolioError) in
            try EntryFactory.trade(
                selling ? .sell : .buy, symbol: isin, quantity: quantity.magnitude, price: price,
                fee: nil, currency: currency, date: date, today: today)
        }
        trade.amount = local
        if currency == account {
            trade.fee = fee
            return .entries([trade], notes: notes)
        }
        // Converted: the account's currency into the instrument's for a purchase, back for a sale.
        let legs = [
            try entry { () throws(PortfolioError) in
                try EntryFactory.exchange(
                    amount: MinorUnits.text(selling ? value : -value, currency: account), currency: account,
                    date: date, today: today)
            },
            try entry { () throws(PortfolioError) in
                try EntryFactory.exchange(
                    amount: MinorUnits.text(selling ? -local : local, currency: currency), currency: currency,
                    date: date, today: today)
            },
        ]
        var entries = selling ? [trade] + legs.reversed() : legs + [trade]
        if fee > 0 {
            entries.append(
                try entry { () throws(PortfolioError) in
                    try EntryFactory.fee(
                        amount: MinorUnits.text(fee, currency: account), currency: account, symbol: isin, date: date,
                        today: today)
                })
        }
        if let rate = cell(layout.rate) { notes.append("converted at \(rate) \(currency) per \(account)") }
        return .entries(entries, notes: notes)
    }
}
