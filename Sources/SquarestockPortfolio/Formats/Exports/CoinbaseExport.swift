import SquarestockCore

/// Coinbase's transaction history CSV: `ID,Timestamp,Transaction Type,Asset,Quantity Transacted,
/// Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees
/// and/or Spread,Notes`, after a preamble in real downloads (an empty row, `Transactions`, the
/// user's name and id: passed over, never stored). Money carries its symbol (`€0.12649`,
/// `-€597.49846`), prices up to 22 decimals (kept to ten), times `YYYY-MM-DD HH:MM:SS UTC`.
/// `ID` keys each row.
///
/// A crypto asset is held as `ASSET-CURRENCY` (`BTC-EUR`), the pair its price is in, as the
/// quote commands name it. A buy or sale is a trade at its `Subtotal` with its fee; a staking
/// or other reward is income of its value and the asset bought with it at that value (so its
/// cost is what was earned); a `Convert` (`Converted 0.0036 BTC to 156.1 XRP`) is the sale of
/// the one at its `Total` and the purchase of the other at its `Subtotal`, the spread its fee.
/// Crypto sent or received is a move between wallets of the user's: the same holding, its lots
/// and cost unchanged, recorded as nothing once the ledger is seen to hold it on that day.
enum CoinbaseExport {
    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .coinbase, header: table.header)
        return table.rowsInTimeOrder("Timestamp").map { row in
            ExportRowReading.record(row, id: table.cell(row, "ID"), keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, today: today)
            }
        }
    }

    /// A price cell kept to ten decimals (Coinbase writes up to 22, more than an exact decimal of
    /// 64 bits holds; the amounts recorded come from the money cells, not from the price).
    static func price(_ text: String) throws(ExportRowRefusal) -> ExactDecimal {
        var t = text
        if let point = t.firstIndex(of: "."), t.distance(from: point, to: t.endIndex) > 11 {
            t = String(t[...t.index(point, offsetBy: 10)])
        }
        guard let v = ExportMoney.parse(t)?.amount else {
            throw ExportRowRefusal("its price '\(text)' is not a number")
        }
        return v
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, today: CivilDate) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let type = try ExportRowReading.required(table, row, "Transaction Type")
        let t = type.lowercased()
        let time = try ExportRowReading.required(table, row, "Timestamp")
        guard let date = DateTimeParsing.isoDate(String(time.prefix(10))) else {
            throw ExportRowRefusal("its timestamp '\(time)' is not YYYY-MM-DD HH:MM:SS UTC")
        }
        if t.contains("withdrawal") || t.contains("deposit") {
            throw ExportRowRefusal("the transaction type '\(type)' is not one squarestock reads yet")
        }
        let asset = try ExportRowReading.required(table, row, "Asset").uppercased()
        let currency = try ExportRowReading.required(table, row, "Price Currency").uppercased()
        let symbol = asset + "-" + currency
        let quantity = (try ExportRowReading.number(table, row, "Quantity Transacted").amount).magnitude
        if t == "send" || t == "receive" {
            // Crypto sent to, or received from, another wallet of the user's: the same holding.
            if let fee = table.cell(row, "Fees and/or Spread"), let v = ExportMoney.parse(fee), !v.amount.isZero {
                throw ExportRowRefusal(
                    "a \(type) with a network fee of \(fee): the file does not say how many \(asset) it took; "
                        + "record it with `squarestock portfolio sell \(symbol) QUANTITY --price PRICE --fee FEE`")
            }
            let out = t == "send"
            return .walletMove(
                ExportRecord.HoldingNeeded(
                    asset: asset, symbol: symbol, quantity: quantity, date: date,
                    what: "\(quantity.normalized) \(asset) "
                        + (out ? "left for another wallet" : "arrived from another wallet")))
        }
        let price = try price(try ExportRowReading.required(table, row, "Price at Transaction"))
        var notes: [String] = []
        func money(_ name: String) throws(ExportRowRefusal) -> Int64 {
            guard let text = table.cell(row, name) else { return 0 }
            guard let v = ExportMoney.parse(text) else {
                throw ExportRowRefusal("its \(name) '\(text)' is not a number")
            }
            if let c = v.currency, c != currency {
                throw ExportRowRefusal("its \(name) is in \(c), its price in \(currency)")
            }
            return abs(try ExportRowReading.minor(v.amount, currency, what: name, notes: &notes))
        }
        let subtotal = try money("Subtotal")
        let fee = try money("Fees and/or Spread")
        func trade(_ kind: EntryKind, _ symbol: String, _ q: ExactDecimal, _ p: ExactDecimal, amount: Int64, fee: Int64)
            throws(ExportRowRefusal) -> JournalEntry
        {
            var e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    kind, symbol: symbol, quantity: q, price: p, fee: MinorUnits.text(fee, currency: currency),
                    currency: currency, date: date, today: today)
            }
            e.amount = amount
            e.note = "coinbase: " + type
            return e
        }
        switch t {
        case "buy", "advanced trade buy":
            return .entries([try trade(.buy, symbol, quantity, price, amount: subtotal, fee: fee)], notes: notes)
        case "sell", "advanced trade sell":
            return .entries([try trade(.sell, symbol, quantity, price, amount: subtotal, fee: fee)], notes: notes)
        case _ where t.contains("income") || t.contains("reward") || t.contains("interest"):
            guard subtotal > 0 else { throw ExportRowRefusal("a reward of no value") }
            var income = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.interest(
                    amount: MinorUnits.text(subtotal, currency: currency), withheld: nil, currency: currency,
                    symbol: symbol, date: date, today: today)
            }
            income.note = "coinbase: " + type
            return .entries([income, try trade(.buy, symbol, quantity, price, amount: subtotal, fee: 0)], notes: notes)
        case "convert":
            // "Converted 0.00363125 BTC to 156.145683 XRP": the asset and quantity received.
            let words = (table.cell(row, "Notes") ?? "").split(separator: " ")
            guard words.count == 6, words[0] == "Converted", words[3] == "to",
                let received = ExactDecimal(String(words[4])), received.sign > 0
            else {
                throw ExportRowRefusal("a Convert whose Notes do not say what was received ('Converted X A to Y B')")
            }
            let target = String(words[5]).uppercased() + "-" + currency
            // The asset given is worth its Total, the one received its Subtotal: the spread between
            // them is the conversion's fee. A Total below the Subtotal (seen in a sample) is no fee.
            var total = try money("Total (inclusive of fees and/or spread)")
            if total < subtotal {
                notes.append("its Total is below its Subtotal: both sides recorded at the Subtotal")
                total = subtotal
            }
            guard subtotal > 0,
                let targetPrice = MinorUnits.decimal(subtotal, exponent: CurrencyExponent.of(currency) ?? 2)
                    .divided(by: received, scale: 10)
            else { throw ExportRowRefusal("a Convert of no value") }
            return .entries(
                [
                    try trade(.sell, symbol, quantity, price, amount: total, fee: 0),
                    try trade(.buy, target, received, targetPrice.normalized, amount: subtotal, fee: total - subtotal),
                ], notes: notes)
        default:
            throw ExportRowRefusal("the transaction type '\(type)' is not one squarestock reads yet")
        }
    }
}
