import SquarestockCore

/// Revolut's stock statement: `Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,
/// FX Rate`, ISO UTC times, money written with its symbol (`$52.07`, `€88.94`), a quantity now
/// and then with a decimal comma (`"0,76672417"`). No ids: rows are keyed by their text. A trade's
/// money is its `Total Amount`; the price is Revolut's as shown. Moves of holdings between
/// Revolut's own companies (`TRANSFER FROM REVOLUT TRADING LTD TO ...`) move no money and are
/// passed over; a split (`STOCK SPLIT`, the shares added) is recorded at the ratio those shares make
/// with what the ledger holds that day, or refused with the command that records it.
enum RevolutExport {
    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .revolut, header: table.header)
        return table.rowsInTimeOrder("Date").map { row in
            ExportRowReading.record(row, id: nil, keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, today: today)
            }
        }
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let type = try ExportRowReading.required(table, row, "Type")
        let t = type.uppercased()
        let time = try ExportRowReading.required(table, row, "Date")
        guard let date = DateTimeParsing.isoDate(String(time.prefix(10))) else {
            throw ExportRowRefusal("its date '\(time)' is not an ISO time")
        }
        if t.hasPrefix("TRANSFER FROM REVOLUT") || t.hasPrefix("TRANSFER FROM") && t.contains("REVOLUT") {
            if table.cell(row, "Ticker") != nil { return .skip("shares moved between Revolut's companies") }
        }
        if t == "STOCK SPLIT" {
            guard let symbol = table.cell(row, "Ticker"),
                let added = table.cell(row, "Quantity").flatMap({ ExportMoney.parse($0, mark: .either)?.amount }),
                added.sign > 0
            else {
                throw ExportRowRefusal(
                    "a split (\(table.cell(row, "Quantity") ?? "?") shares added): record it with `portfolio split`")
            }
            // The shares the split added: its ratio comes from what the ledger holds that day.
            return .splitAdding(symbol: symbol, added: added, date: date, note: "revolut: " + type, today: today)
        }
        let total = try ExportRowReading.number(table, row, "Total Amount")
        guard let currency = table.cell(row, "Currency")?.uppercased() ?? total.currency else {
            throw ExportRowRefusal("its Total Amount has no currency")
        }
        var notes: [String] = []
        let minor = try ExportRowReading.minor(total.amount, currency, what: "the total", notes: &notes)
        let money = MinorUnits.text(abs(minor), currency: currency)
        var e: JournalEntry
        if t.hasPrefix("BUY") || t.hasPrefix("SELL") {
            guard let symbol = table.cell(row, "Ticker") else { throw ExportRowRefusal("a trade with no ticker") }
            let quantity = try ExportRowReading.number(table, row, "Quantity").amount
            let price = try ExportRowReading.number(table, row, "Price per share").amount
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    t.hasPrefix("SELL") ? .sell : .buy, symbol: symbol, quantity: quantity.magnitude,
                    price: price.magnitude, fee: nil, currency: currency, date: date, today: today)
            }
            e.amount = abs(minor)
        } else if t.hasPrefix("DIVIDEND") {
            guard let symbol = table.cell(row, "Ticker") else { throw ExportRowRefusal("a dividend with no ticker") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.dividend(
                    symbol: symbol, amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        } else if t.contains("FEE") {
            guard minor < 0 else { throw ExportRowRefusal("a fee of \(total.amount): a refund is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(amount: money, currency: currency, date: date, today: today)
            }
        } else if t.hasPrefix("CASH TOP-UP") || t.hasPrefix("CASH WITHDRAWAL") || t.hasPrefix("TRANSFER") {
            guard minor != 0 else { return .skip("a transfer of 0") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.cash(
                    minor > 0 ? .deposit : .withdraw, amount: money, currency: currency, date: date, today: today)
            }
        } else {
            throw ExportRowRefusal("the type '\(type)' is not one squarestock reads yet")
        }
        e.note = "revolut: " + type
        return .entries([e], notes: notes)
    }
}
