import SquarestockCore

/// Bitstamp's transactions export: `Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type`, each
/// amount text with its code (`0.50000000 BTC`, `11000.00 EUR`), dates `Jan. 28, 2022, 12:31 AM`
/// (UTC), no ids: a row is keyed by its text and how many identical rows came before it.
///
/// Each row is one event of `AccountMovement`s, made entries by `AccountMovementEntries` as an
/// exchange's ledger is: a `Market` trade (`Sub Type` Buy or Sell) the Amount in or out and the
/// Value the other way with the Fee on it; a deposit or withdrawal its Amount with the Fee on top
/// (crypto: a move between the user's wallets); a staking reward at the asset's stored close.
enum BitstampExport {
    static func isHeader(_ names: Set<String>) -> Bool {
        ["type", "datetime", "account", "amount", "value", "rate", "fee", "sub type"].allSatisfy(names.contains)
    }

    static func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        var records: [ExportRecord] = []
        var read: [(line: Int, movement: AccountMovement)] = []
        var seen: [String: Int] = [:]
        let rows = ExportTable.ordered(table.rows) { ExportDates.monthNameFirstOrder(table.cell($0, "Datetime") ?? "") }
        for row in rows {
            do throws(ExportRowRefusal) {
                read += try movements(table, row, seen: &seen).map { (row.line, $0) }
            } catch {
                records.append(ExportRecord(line: row.line, .refused(error.reason)))
            }
        }
        records += AccountMovementEntries.records(read, source: "bitstamp", context: context)
        // A trade's second leg shares its row's line: one record a row.
        var byLine: [Int: ExportRecord] = [:]
        for r in records where byLine[r.line] == nil { byLine[r.line] = r }
        return byLine.values.sorted { $0.line < $1.line }
    }

    /// `0.50000000 BTC` as its amount and code.
    static func money(_ table: ExportTable, _ row: ExportTable.Row, _ column: String) throws(ExportRowRefusal)
        -> (amount: ExactDecimal, code: String)?
    {
        guard let text = table.cell(row, column) else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let v = ExportMoney.parse(String(parts[0]))?.amount else {
            throw ExportRowRefusal("its \(column) '\(text)' is not an amount and its code")
        }
        return (v.magnitude.normalized, parts[1].uppercased())
    }

    static func movements(_ table: ExportTable, _ row: ExportTable.Row, seen: inout [String: Int])
        throws(ExportRowRefusal) -> [AccountMovement]
    {
        let text = row.cells.joined(separator: ",")
        let n = seen[text, default: 0]
        seen[text] = n + 1
        let id = text + (n == 0 ? "" : "#\(n)")
        let type = try ExportRowReading.required(table, row, "Type")
        let when = try ExportRowReading.required(table, row, "Datetime")
        guard let date = ExportDates.monthNameFirst(when) else {
            throw ExportRowRefusal("its date '\(when)' is not 'Jan. 28, 2022, 12:31 AM'")
        }
        let at = Instant(secondsSinceEpoch: date.daysSinceEpoch * 86_400)
        guard let amount = try money(table, row, "Amount") else { throw ExportRowRefusal("it has no Amount") }
        let fee = try money(table, row, "Fee")
        switch type.lowercased() {
        case "market", "limit", "instant":
            guard let value = try money(table, row, "Value") else { throw ExportRowRefusal("a trade with no Value") }
            let buy = table.cell(row, "Sub Type")?.lowercased() == "buy"
            if let fee, fee.code != value.code {
                throw ExportRowRefusal("its fee is in \(fee.code), its value in \(value.code)")
            }
            return [
                AccountMovement(
                    id: id + "|in", reference: id, time: at, kind: .trade, asset: amount.code,
                    amount: buy ? amount.amount : amount.amount.negated),
                AccountMovement(
                    id: id + "|out", reference: id, time: at, kind: .trade, asset: value.code,
                    amount: buy ? value.amount.negated : value.amount, fee: fee?.amount ?? .zero),
            ]
        case "deposit", "withdrawal":
            let out = type.lowercased() == "withdrawal"
            if let fee, fee.code != amount.code {
                throw ExportRowRefusal("its fee is in \(fee.code), not \(amount.code)")
            }
            return [
                AccountMovement(
                    id: id, reference: id, time: at, kind: out ? .withdrawal : .deposit, asset: amount.code,
                    amount: out ? amount.amount.negated : amount.amount, fee: fee?.amount ?? .zero)
            ]
        case _ where type.lowercased().contains("reward"):
            return [
                AccountMovement(
                    id: id, reference: id, time: at, kind: .reward, asset: amount.code, amount: amount.amount)
            ]
        default:
            throw ExportRowRefusal("the type '\(type)' is not one squarestock reads yet")
        }
    }
}
