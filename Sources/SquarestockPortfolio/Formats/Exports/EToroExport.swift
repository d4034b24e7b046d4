import SquarestockCore

/// eToro's account statement, its "Account Activity" sheet saved as CSV: `Date,Type,Details,
/// Amount,Units,Realized Equity Change,Realized Equity,Balance,Position ID,Asset type,NWA`. Dates
/// are `DD/MM/YYYY HH:MM:SS`, day first; the account's money is USD, unnamed; numbers come as
/// `4,581.91`, ` 1 757,95 ` or `(0,10)` (negative) in one file; `Units` is `-` where it does not
/// apply. No ids: rows are keyed by their text.
///
/// `Open Position` buys `Units` of the ticker in `Details` (`AMD/USD`: held as `AMD`, in USD; a
/// crypto asset as `BTC-USD`,
/// as eToro names it) for `Amount`; `Position closed` sells `Units` for `Amount`, the money
/// returned; a dividend, interest, a deposit or withdrawal, and the fees (`Withdrawal Conversion
/// Fee`, stamp duty `SDRT`) are what they say. A CFD's rows (its asset type; overnight fees and
/// refunds) are refused: a contract, not an asset held.
enum EToroExport {
    static func isHeader(_ names: Set<String>) -> Bool {
        ["date", "type", "details", "amount", "units", "position id"].allSatisfy(names.contains)
    }

    /// A number as eToro writes it, a negative one in brackets (`(6.97)`); nil for `-` or none.
    static func number(_ text: String?) -> ExactDecimal? {
        guard var t = text?.trimmingCharacters(in: .whitespaces), !t.isEmpty, t != "-" else { return nil }
        var negative = false
        if t.hasPrefix("("), t.hasSuffix(")") {
            negative = true
            t = String(t.dropFirst().dropLast())
        }
        guard let v = ExportMoney.parse(t, mark: .either)?.amount else { return nil }
        return negative ? v.negated : v
    }

    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .etoro, header: table.header)
        // In time order: files come oldest first, with rows of other years appended.
        func order(_ row: ExportTable.Row) -> String {
            let t = table.cell(row, "Date") ?? ""
            guard let d = ExportDates.dayFirst(t, separator: "/") else { return "~" }
            return "\(d) " + t.dropFirst(10)
        }
        let rows = ExportTable.ordered(table.rows, by: order)
        return rows.map { row in
            ExportRowReading.record(row, id: nil, keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, today: today)
            }
        }
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let type = try ExportRowReading.required(table, row, "Type")
        let t = type.lowercased()
        let dateText = try ExportRowReading.required(table, row, "Date")
        guard let date = ExportDates.dayFirst(dateText, separator: "/") else {
            throw ExportRowRefusal("its date '\(dateText)' is not DD/MM/YYYY")
        }
        if table.cell(row, "Asset type")?.uppercased() == "CFD" || t.hasPrefix("overnight") {
            throw ExportRowRefusal("a CFD's \(type): a contract, not an asset held; squarestock does not record it")
        }
        let amountText = table.cell(row, "Amount")
        guard let amount = number(amountText) else {
            throw ExportRowRefusal("its amount '\(amountText ?? "")' is not a number")
        }
        let currency = "USD"
        var notes: [String] = []
        let minor = try ExportRowReading.minor(amount, currency, what: "the amount", notes: &notes)
        let money = MinorUnits.text(abs(minor), currency: currency)
        let details = table.cell(row, "Details") ?? ""
        // `AMD/USD`: the ticker as eToro names it.
        var ticker = details.split(separator: "/").first.map(String.init).flatMap { $0.isEmpty || $0 == "-" ? nil : $0 }
        // A crypto asset is held as `ASSET-USD`, as the exchanges' are (BTC alone is a US fund).
        if let t = ticker, table.cell(row, "Asset type")?.lowercased() == "crypto" { ticker = t + "-USD" }
        func entry(_ make: () throws(PortfolioError) -> JournalEntry) throws(ExportRowRefusal) -> ExportRowMeaning {
            var e = try ExportRowReading.checked(make)
            e.note = "etoro: " + type
            return .entries([e], notes: notes)
        }
        switch t {
        case "open position", "position closed":
            guard let ticker else { throw ExportRowRefusal("a \(type) with no instrument in Details") }
            guard let units = number(table.cell(row, "Units")), units.sign > 0 else {
                throw ExportRowRefusal("a \(type) with no units")
            }
            guard minor > 0,
                let price = MinorUnits.decimal(minor, exponent: 2).divided(by: units, scale: 10)?.normalized
            else { throw ExportRowRefusal("a \(type) of no money") }
            let selling = t == "position closed"
            var e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    selling ? .sell : .buy, symbol: ticker, quantity: units, price: price, fee: nil,
                    currency: currency, date: date, today: today)
            }
            e.amount = minor
            e.note = "etoro: " + type + " " + (table.cell(row, "Position ID") ?? "")
            return .entries([e], notes: notes)
        case _ where minor == 0:
            return .skip("an amount of 0")
        case "dividend":
            guard let ticker else { throw ExportRowRefusal("a dividend with no instrument in Details") }
            guard minor > 0 else { throw ExportRowRefusal("a dividend of \(amount): a reversal is not read yet") }
            return try entry { () throws(PortfolioError) in
                try EntryFactory.dividend(
                    symbol: ticker, amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        case "interest payment":
            guard minor > 0 else { throw ExportRowRefusal("interest of \(amount) paid is not read yet") }
            return try entry { () throws(PortfolioError) in
                try EntryFactory.interest(amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        case "deposit", "withdraw request":
            return try entry { () throws(PortfolioError) in
                try EntryFactory.cash(
                    minor > 0 ? .deposit : .withdraw, amount: money, currency: currency, date: date, today: today)
            }
        case _ where t.contains("fee") || t == "sdrt":
            guard minor < 0 else { throw ExportRowRefusal("a \(type) of \(amount): a refund is not read yet") }
            return try entry { () throws(PortfolioError) in
                try EntryFactory.fee(amount: money, currency: currency, symbol: ticker, date: date, today: today)
            }
        default:
            throw ExportRowRefusal("the type '\(type)' is not one squarestock reads yet")
        }
    }
}
