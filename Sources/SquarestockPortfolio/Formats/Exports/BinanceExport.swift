import SquarestockCore

/// Binance's account statement: `User_ID,UTC_Time,Account,Operation,Coin,Change,Remark`, one
/// signed balance change a row, times `YYYY-MM-DD HH:MM:SS` in UTC, no ids. The rows become
/// `AccountMovement`s and their events entries through `AccountMovementEntries`, as an exchange's
/// ledger does:
///
/// - a trade is the rows of one second and account (`Buy`, `Sell`, `Fee`; newer files
///   `Transaction Buy`, `Spend`, `Fee`, `Revenue`, `Sold`): partial fills summed by coin, the
///   fee on the leg of its coin, or apart when paid in a third (BNB, spent at its close);
/// - a deposit or withdrawal of money is one; of crypto, a move between wallets of the user's;
/// - interest, staking rewards and distributions are rewards; moves between Binance's own
///   wallets (Spot, Earn, Funding: subscriptions, redemptions, transfers) are the same holding.
///
/// A row is keyed by its time, account, operation, coin and change, with how many identical rows
/// came before; a trade by its second and account.
enum BinanceExport {
    static let tradeOperations: Set<String> = [
        "buy", "sell", "fee", "transaction buy", "transaction spend", "transaction fee", "transaction revenue",
        "transaction sold", "binance convert", "small assets exchange bnb", "large otc trading",
    ]

    static func kind(_ operation: String) -> AccountMovement.Kind {
        let o = operation.lowercased()
        if tradeOperations.contains(o) { return .trade }
        if o == "deposit" || o == "fiat deposit" { return .deposit }
        if o == "withdraw" || o == "fiat withdraw" || o == "withdrawal" { return .withdrawal }
        if o.contains("subscription") || o.contains("redemption") || o.contains("transfer") || o.contains("purchase") {
            return .transfer
        }
        if o.contains("interest") || o.contains("reward") || o.contains("distribution") || o.contains("airdrop") {
            return .reward
        }
        return .other(operation)
    }

    static func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        var records: [ExportRecord] = []
        var read: [(line: Int, movement: AccountMovement)] = []
        var seen: [String: Int] = [:]
        // A trade's rows by second and account: one leg per coin.
        var trades = TradeLegs()
        for row in table.rowsInTimeOrder("UTC_Time") {
            do throws(ExportRowRefusal) {
                let time = try ExportRowReading.required(table, row, "UTC_Time")
                guard let clock = DateTimeParsing.isoDateTime(String(time.prefix(19))) else {
                    throw ExportRowRefusal("its time '\(time)' is not YYYY-MM-DD HH:MM:SS")
                }
                let account = table.cell(row, "Account") ?? ""
                let operation = try ExportRowReading.required(table, row, "Operation")
                let coin = try ExportRowReading.required(table, row, "Coin").uppercased()
                let change = try ExportRowReading.number(table, row, "Change").amount.normalized
                let at = Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC)
                let kind = kind(operation)
                guard kind == .trade else {
                    let text = [time, account, operation, coin, change.description].joined(separator: "|")
                    let n = seen[text, default: 0]
                    seen[text] = n + 1
                    read.append(
                        (
                            row.line,
                            AccountMovement(
                                id: text + (n == 0 ? "" : "#\(n)"), reference: text, time: at, kind: kind,
                                asset: coin, amount: change)
                        ))
                    continue
                }
                try trades.add(
                    trade: time + "|" + account, asset: coin, line: row.line, time: at, change: change,
                    isFee: operation.lowercased().hasSuffix("fee"))
            } catch {
                records.append(ExportRecord(line: row.line, .refused(error.reason)))
            }
        }
        return (records + trades.records(with: read, source: "binance", context: context)).sorted { $0.line < $1.line }
    }
}
