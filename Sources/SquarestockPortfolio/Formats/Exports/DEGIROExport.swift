import SquarestockCore

/// DEGIRO's account statement (`Account.csv`), in the account's language: `Datum,Tijd,
/// Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id` (Dutch; English `Date,Time,
/// Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id`; German, French, Spanish).
/// The money column names the currency and the unnamed one after it holds the amount. Dates are
/// `DD-MM-YYYY`, newest first; amounts use a decimal comma in the comma languages, though rows of
/// other languages mixed into one file use a point, and thousands are spaces (`1 046,3825`): a
/// single `.` or `,` is the decimal mark. A row's
/// last cell can spill onto a line of its own (`,,,,,,,,,,,b017-a61a6d03c3e7`): it is joined back.
///
/// What each row is comes from its description, in every language DEGIRO writes: a trade
/// (`Koop 6 @ 49,785 EUR`, `Compra 6 X@49,785 EUR (ISIN)`, `Sell 4 AVIVA@496 GBX`) in the
/// currency of its amount, a fee, a dividend and its withholding (folded in), a leg of a
/// currency conversion, a deposit or withdrawal. Instruments are held by ISIN (DEGIRO names no
/// ticker). Reservations (reversed later), transfers between the DEGIRO account and the user's
/// own flatexDEGIRO bank account, and rows with no amount are passed over; corporate actions and
/// money-market fund rows are refused with why.
enum DEGIROExport {
    static let buys: Set<String> = ["koop", "compra", "achat", "kauf", "buy", "acquisto"]
    static let sells: Set<String> = ["verkoop", "venta", "venda", "vente", "verkauf", "sell", "vendita"]

    static func date(_ text: String) -> CivilDate? { ExportDates.dayFirst(text, separator: "-") }

    /// The file's rows with a spilled last cell joined back to its row, oldest first.
    static func rows(_ table: ExportTable) -> [ExportTable.Row] {
        var out: [ExportTable.Row] = []
        for row in table.rows {
            let filled = row.cells.indices.filter { !row.cells[$0].isEmpty }
            if filled.count == 1, filled[0] == row.cells.count - 1, var last = out.popLast(),
                last.cells.count == row.cells.count
            {
                var cells = last.cells
                cells[cells.count - 1] += row.cells[filled[0]]
                last = ExportTable.Row(line: last.line, cells: cells)
                out.append(last)
                continue
            }
            out.append(row)
        }
        return out.reversed()
    }

    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .degiro, header: table.header)
        // Thousands are spaces in every language DEGIRO writes; a `.` or `,` is the decimal mark.
        let mark = ExportMoney.DecimalMark.either
        var records = rows(table).map { row in
            var r = ExportRowReading.record(row, id: nil, keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, mark: mark, today: today)
            }
            r.group = group(of: row)
            return r
        }
        ExportWithholding.attach(&records) { $0.note == taxNote }
        foldFees(&records)
        return records
    }

    /// Folds each order's fee row into its trade when both are in one currency: the statement
    /// lists a commission (`DEGIRO Transactiekosten`) as a row of its own, and recorded as a fee
    /// of its own it stayed out of the trade's cost basis and its realized gain, which then
    /// differed from the same trade read from Transactions.csv (and from Schwab's and IBKR's)
    /// by the commission. A fee in another currency than its trade stays a fee of its own.
    static func foldFees(_ records: inout [ExportRecord]) {
        var tradeOf: [String: Int] = [:]
        for (i, r) in records.enumerated() {
            guard let g = r.group, case .entries(let es) = r.outcome, es.count == 1,
                es[0].kind == .buy || es[0].kind == .sell
            else { continue }
            tradeOf[g] = tradeOf[g] == nil ? i : -1  // an order of two trades folds nothing
        }
        for f in records.indices {
            guard let g = records[f].group, let t = tradeOf[g], t >= 0, case .entries(let fees) = records[f].outcome,
                fees.count == 1, fees[0].kind == .fee, fees[0].note != taxNote,
                case .entries(var trade) = records[t].outcome,
                trade[0].currency == fees[0].currency, trade[0].symbol == fees[0].symbol || fees[0].symbol == nil,
                trade[0].date == fees[0].date
            else { continue }
            trade[0].fee += fees[0].amount
            records[t].outcome = .entries(trade)
            records[t].notes += records[f].notes
            records[f].folded = fees
            records[f].outcome = .merged(line: records[t].line)
        }
    }

    static let taxNote = "degiro: dividend tax"

    /// The header's columns by position: DEGIRO's names differ by language, the layout does not.
    enum Column: Int {
        case date = 0
        case time, valueDate, product, isin, description, fx, currency, amount, balanceCurrency, balance, orderID
    }

    /// The rows of one trade (the trade, its fee, its currency legs) share the order's id.
    static func group(of row: ExportTable.Row) -> String? { cell(row, .orderID).map { "degiro order " + $0 } }

    static func cell(_ row: ExportTable.Row, _ c: Column) -> String? {
        c.rawValue < row.cells.count && !row.cells[c.rawValue].isEmpty ? row.cells[c.rawValue] : nil
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, mark: ExportMoney.DecimalMark, today: CivilDate)
        throws(ExportRowRefusal) -> ExportRowMeaning
    {
        let description = cell(row, .description) ?? ""
        let d = description.lowercased()
        guard let dateText = cell(row, .date), let date = date(dateText) else {
            throw ExportRowRefusal("its date '\(cell(row, .date) ?? "")' is not DD-MM-YYYY")
        }
        if d.hasPrefix("reservation") { return .skip("a reservation, reversed by a later row") }
        if d.contains("cash sweep") || d.hasPrefix("overboeking") || d.contains("flatexdegiro bank") {
            return .skip("money moved between the DEGIRO account and your own flatexDEGIRO bank account")
        }
        if d.contains("productwijziging") || d.contains("stock dividend") || d.contains("split")
            || d.contains("corporate action:")
        {
            throw ExportRowRefusal(
                "a corporate action (\(description)): record it with `portfolio split` or `portfolio rename`")
        }
        if d.contains("fonds monétaires") || d.contains("money market") || d.contains("geldmarkt") {
            throw ExportRowRefusal("a money-market fund movement (\(description)) is not read yet")
        }
        guard let currency = cell(row, .currency)?.uppercased(), let amountText = cell(row, .amount) else {
            return .skip("no amount")
        }
        guard let amount = ExportMoney.parse(amountText, mark: mark)?.amount else {
            throw ExportRowRefusal("its amount '\(amountText)' is not a number")
        }
        var notes: [String] = []
        let minor = try ExportRowReading.minor(amount, currency, what: "the amount", notes: &notes)
        if minor == 0 { return .skip("an amount of 0") }
        let money = MinorUnits.text(abs(minor), currency: currency)
        let isin = cell(row, .isin)
        var e: JournalEntry
        if let trade = try trade(description, mark: mark) {
            guard let symbol = trade.isin ?? isin else { throw ExportRowRefusal("a trade with no ISIN") }
            var price = trade.price
            if trade.currency == "GBX", currency == "GBP" {
                price = ExactDecimal(significand: price.significand, scale: price.scale + 2)
            } else if trade.currency != currency {
                throw ExportRowRefusal("a trade priced in \(trade.currency) whose amount is in \(currency)")
            }
            guard (minor < 0) == !trade.selling else {
                throw ExportRowRefusal("its amount \(amount) does not fit a \(trade.selling ? "sale" : "purchase")")
            }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    trade.selling ? .sell : .buy, symbol: symbol, quantity: trade.quantity, price: price, fee: nil,
                    currency: currency, date: date, today: today)
            }
            e.amount = abs(minor)
        } else if [
            "dividendbelasting", "impôts sur dividende", "dividend tax", "dividendensteuer", "retención",
            "retenção", "ritenuta",
        ].contains(where: d.contains) {
            guard minor < 0 else { throw ExportRowRefusal("a refund of dividend tax is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(amount: money, currency: currency, symbol: isin, date: date, today: today)
            }
            e.note = taxNote
            return .entries([e], notes: notes)
        } else if d.hasPrefix("dividend") {
            guard let isin else { throw ExportRowRefusal("a dividend with no ISIN") }
            guard minor > 0 else { throw ExportRowRefusal("a dividend of \(amount): a reversal is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.dividend(
                    symbol: isin, amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        } else if ["valuta", "fx credit", "fx debit", "divisa", "währungswechsel", "wisselkoers", "cambio"].contains(
            where: d.contains)
        {
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.exchange(
                    amount: MinorUnits.text(minor, currency: currency), currency: currency, date: date, today: today)
            }
        } else if ["kosten", "fee", "frais", "comiss", "gebühr", "costi", "comisi", "taxas"].contains(where: d.contains)
        {
            guard minor < 0 else { throw ExportRowRefusal("a fee of \(amount): a refund is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.fee(amount: money, currency: currency, symbol: isin, date: date, today: today)
            }
        } else if d.contains("courtesy") || d.contains("rente") || d.contains("interest") {
            guard minor > 0 else { throw ExportRowRefusal("\(description) of \(amount) is not read yet") }
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.interest(amount: money, withheld: nil, currency: currency, date: date, today: today)
            }
        } else if [
            "deposit", "storting", "ingreso", "einzahlung", "dépôt", "versamento", "withdrawal",
            "terugstorting", "auszahlung", "retrait", "retirada", "prelievo",
        ].contains(where: d.contains) {
            e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.cash(
                    minor > 0 ? .deposit : .withdraw, amount: money, currency: currency, date: date, today: today)
            }
        } else {
            throw ExportRowRefusal("the description '\(description)' is not one squarestock reads yet")
        }
        e.note = "degiro: " + description
        return .entries([e], notes: notes)
    }

    struct Trade {
        var selling: Bool
        var quantity: ExactDecimal
        var price: ExactDecimal
        var currency: String
        var isin: String?
    }

    /// `Koop 6 @ 49,785 EUR`, `Compra 6 ISHARES MSCI WOR A@49,785 EUR (IE00B4L5Y983)`: the
    /// verb, the quantity, the product's name (the long form), `@` the price and its currency,
    /// and the ISIN in brackets (the long form); nil for any other description.
    static func trade(_ description: String, mark: ExportMoney.DecimalMark) throws(ExportRowRefusal) -> Trade? {
        let words = description.split(separator: " ", maxSplits: 1)
        guard words.count == 2, let at = words[1].lastIndex(of: "@") else { return nil }
        let verb = words[0].lowercased()
        guard buys.contains(verb) || sells.contains(verb) else { return nil }
        // Before `@`: the quantity, then maybe the name. The quantity can hold spaces (`1 046,3825`).
        let before = words[1][..<at].trimmingCharacters(in: .whitespaces)
        var quantityText = ""
        for part in before.split(separator: " ") {
            guard part.allSatisfy({ ExportMoney.isDigit($0) || $0 == "," || $0 == "." }) else { break }
            quantityText += part
        }
        var after = words[1][words[1].index(after: at)...].trimmingCharacters(in: .whitespaces)
        var isin: String?
        if after.hasSuffix(")"), let open = after.lastIndex(of: "(") {
            isin = String(after[after.index(after: open)..<after.index(before: after.endIndex)])
            after = after[..<open].trimmingCharacters(in: .whitespaces)
        }
        let priceParts = after.split(separator: " ")
        guard priceParts.count == 2, let quantity = ExportMoney.parse(quantityText, mark: mark)?.amount,
            let price = ExportMoney.parse(String(priceParts[0]), mark: mark)?.amount
        else {
            throw ExportRowRefusal("its description '\(description)' names a trade that cannot be read")
        }
        return Trade(
            selling: sells.contains(verb), quantity: quantity, price: price, currency: String(priceParts[1]),
            isin: isin)
    }
}
