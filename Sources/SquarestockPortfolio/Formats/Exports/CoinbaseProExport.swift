import SquarestockCore

/// Coinbase Pro's (later Coinbase Exchange's) account statement: `portfolio,type,time,amount,
/// balance,amount/balance unit,transfer id,trade id,order id` (the first letters capitalised in
/// some years: columns are read by name, `Timestamp` for `time` too), one signed movement a row,
/// times ISO UTC with milliseconds. A fill is its `match` rows (the base and the quote) and its
/// `fee` row, all under one `trade id`; a deposit or withdrawal carries a `transfer id`. The rows
/// become `AccountMovement`s, the fee on the leg of its unit, and their events entries through
/// `AccountMovementEntries`, keyed `coinbase-pro:` and the order and trade ids (trade ids are
/// numbered per product) or the transfer's id.
enum CoinbaseProExport {
    static func isHeader(_ names: Set<String>) -> Bool {
        ["type", "amount", "balance", "amount/balance unit", "trade id"].allSatisfy(names.contains)
    }

    static func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        var records: [ExportRecord] = []
        var read: [(line: Int, movement: AccountMovement)] = []
        var trades = TradeLegs()
        let timeColumn = table.column("time") != nil ? "time" : "timestamp"
        for row in table.rowsInTimeOrder(timeColumn) {
            do throws(ExportRowRefusal) {
                let text = try ExportRowReading.required(table, row, timeColumn)
                guard let clock = DateTimeParsing.isoDateTime(String(text.prefix(19))) else {
                    throw ExportRowRefusal("its time '\(text)' is not an ISO time")
                }
                let at = Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC)
                let type = try ExportRowReading.required(table, row, "type").lowercased()
                let unit = try ExportRowReading.required(table, row, "amount/balance unit").uppercased()
                // Sixteen decimals, mostly zeros: normalised, so sums at a common scale do not overflow.
                let amount = try ExportRowReading.number(table, row, "amount").amount.normalized
                if type == "match" || type == "fee" {
                    guard let tradeID = table.cell(row, "trade id") else {
                        throw ExportRowRefusal("a \(type) with no trade id")
                    }
                    // Trade ids are numbered per product: the order's id makes one unique.
                    let trade = (table.cell(row, "order id").map { $0 + "/" } ?? "") + tradeID
                    try trades.add(
                        trade: trade, asset: unit, line: row.line, time: at, change: amount, isFee: type == "fee")
                    continue
                }
                let kind: AccountMovement.Kind
                switch type {
                case "deposit": kind = .deposit
                case "withdrawal": kind = .withdrawal
                case "conversion": kind = .trade
                default: kind = .other(type)
                }
                guard let id = table.cell(row, "transfer id") ?? table.cell(row, "order id") else {
                    throw ExportRowRefusal("a \(type) with no transfer id")
                }
                read.append(
                    (
                        row.line,
                        AccountMovement(id: id, reference: id, time: at, kind: kind, asset: unit, amount: amount)
                    ))
            } catch {
                records.append(ExportRecord(line: row.line, .refused(error.reason)))
            }
        }
        return (records + trades.records(with: read, source: "coinbase-pro", context: context)).sorted {
            $0.line < $1.line
        }
    }
}
