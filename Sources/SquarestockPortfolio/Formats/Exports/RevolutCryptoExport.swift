import SquarestockCore

/// Revolut's crypto statement: `Symbol,Type,Quantity,Price,Value,Fees,Date`, money with its code
/// or symbol and thousands commas (`"89,162.28 SEK"`, `€10.00`), dates `May 5, 2020, 10:10:57 PM`
/// (English, no zone). No ids: rows are keyed by their text.
///
/// A crypto asset is held as `ASSET-CURRENCY` in the currency it was bought with (`BTC-SEK`),
/// as Coinbase's export is read. A purchase costs its Value with its fee on top; a sale brings
/// its Value less its fee. `Send`, `Receive`, `Stake` and `Unstake` move the holding between
/// wallets of the user's (the ledger must hold it that day); a staking reward (no price in the
/// file) is income of its value at the asset's stored close, and the asset bought with it.
enum RevolutCryptoExport {
    static func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        var keys = ExportRowKeys(format: .revolutCrypto, header: table.header)
        var context = context
        let rows = ExportTable.ordered(table.rows) { ExportDates.monthNameFirstOrder(table.cell($0, "Date") ?? "") }
        return rows.map { row in
            let r = ExportRowReading.record(row, id: nil, keys: &keys) { () throws(ExportRowRefusal) in
                try meaning(table, row, context: context)
            }
            // An asset bought here is held in that currency for what follows.
            context.heldSymbols.formUnion(r.entries.compactMap(\.symbol))
            return r
        }
    }

    static func meaning(_ table: ExportTable, _ row: ExportTable.Row, context: ExportContext) throws(ExportRowRefusal)
        -> ExportRowMeaning
    {
        let type = try ExportRowReading.required(table, row, "Type")
        let t = type.lowercased()
        let dateText = try ExportRowReading.required(table, row, "Date")
        guard let date = ExportDates.monthNameFirst(dateText) else {
            throw ExportRowRefusal("its date '\(dateText)' is not 'May 5, 2020'")
        }
        let asset = try ExportRowReading.required(table, row, "Symbol").uppercased()
        let quantity = (try ExportRowReading.number(table, row, "Quantity").amount).magnitude
        guard quantity.sign > 0 else { return .skip("a quantity of 0") }
        var notes: [String] = []
        switch t {
        case "send", "receive", "stake", "unstake":
            if let fee = table.cell(row, "Fees"), let v = ExportMoney.parse(fee), !v.amount.isZero {
                throw ExportRowRefusal(
                    "a \(type) with a fee of \(fee): the file does not say how many \(asset) it took; record it with "
                        + "`squarestock portfolio sell`")
            }
            let what: String
            switch t {
            case "send": what = "left for another wallet"
            case "receive": what = "arrived from another wallet"
            case "stake": what = "moved into staking"
            default: what = "moved out of staking"
            }
            let currency = context.holdingCurrency(of: asset)
            return .walletMove(
                ExportRecord.HoldingNeeded(
                    asset: asset, symbol: asset + "-" + currency, quantity: quantity, date: date,
                    what: "\(quantity.normalized) \(asset) " + what))
        case _ where t.contains("reward"):
            let m = AccountMovement(
                id: "", reference: "", time: Instant(secondsSinceEpoch: date.daysSinceEpoch * 86_400), kind: .reward,
                asset: asset, amount: quantity)
            do {
                var entries = try AccountMovementEntries.reward(m, date: date, context: context, notes: &notes)
                for i in entries.indices { entries[i].note = "revolut: " + type }
                return .entries(entries, notes: notes)
            } catch let refusal as ExportRowRefusal {
                throw refusal
            } catch let skip as AccountMovementEntries.Skip {
                return .skip(skip.reason)
            } catch {
                throw ExportRowRefusal("\(error)")
            }
        case "buy", "sell":
            let value = try ExportRowReading.number(table, row, "Value")
            guard let currency = value.currency else { throw ExportRowRefusal("its Value names no currency") }
            let fee = table.cell(row, "Fees").flatMap { ExportMoney.parse($0) }
            if let c = fee?.currency, c != currency {
                throw ExportRowRefusal("its fee is in \(c), its value in \(currency)")
            }
            let money = try ExportRowReading.minor(
                value.amount.magnitude, currency, what: "the value", notes: &notes)
            let feeMinor = try ExportRowReading.minor(
                (fee?.amount ?? .zero).magnitude, currency, what: "the fee", notes: &notes)
            guard money > 0,
                let price = MinorUnits.decimal(money, exponent: CurrencyExponent.of(currency) ?? 2)
                    .divided(by: quantity, scale: 10)?.normalized
            else { throw ExportRowRefusal("a \(type) of no value") }
            var e = try ExportRowReading.checked { () throws(PortfolioError) in
                try EntryFactory.trade(
                    t == "buy" ? .buy : .sell, symbol: asset + "-" + currency, quantity: quantity, price: price,
                    fee: MinorUnits.text(feeMinor, currency: currency), currency: currency, date: date,
                    today: context.today)
            }
            e.amount = money
            e.note = "revolut: " + type
            return .entries([e], notes: notes)
        default:
            throw ExportRowRefusal("the type '\(type)' is not one squarestock reads yet")
        }
    }
}
