import SquarestockCore

/// Kraken's `ledgers.csv` (History → Export): `"txid","refid","time","type","subtype","aclass",
/// "asset","amount","fee","balance"`, newer exports adding `subclass` and `wallet`, columns
/// chosen by the user (read by name). `txid` is the ledger row's id; a deposit or withdrawal is
/// listed first as pending with no `txid`, then credited under one: only credited rows are read.
/// Times are `YYYY-MM-DD HH:MM:SS[.ffff]`, UTC; assets Kraken's codes (`XXBT`, `ZEUR`, `DOT.S`
/// for staked DOT). The rows become `AccountMovement`s and their events entries through
/// `AccountMovementEntries`, as a sync's do.
enum KrakenLedgersExport {
    static func movement(_ table: ExportTable, _ row: ExportTable.Row) throws(ExportRowRefusal) -> AccountMovement? {
        guard let id = table.cell(row, "txid") else { return nil }
        let time = try ExportRowReading.required(table, row, "time")
        guard let clock = DateTimeParsing.isoDateTime(String(time.prefix(19))) else {
            throw ExportRowRefusal("its time '\(time)' is not YYYY-MM-DD HH:MM:SS")
        }
        let type = try ExportRowReading.required(table, row, "type").lowercased()
        let subtype = table.cell(row, "subtype")?.lowercased() ?? ""
        var code = try ExportRowReading.required(table, row, "asset")
        let staked =
            code.uppercased().hasSuffix(".S") || code.uppercased().hasSuffix(".M")
            || (table.cell(row, "wallet")?.lowercased().contains("earn") ?? false)
        if let dot = code.firstIndex(of: ".") { code = String(code[..<dot]) }
        let amount = try ExportRowReading.number(table, row, "amount").amount
        let fee = table.cell(row, "fee").flatMap { ExportMoney.parse($0)?.amount } ?? .zero
        let kind = AccountMovement.Kind(ledgerType: type, subtype: subtype)
        return AccountMovement(
            id: id, reference: table.cell(row, "refid") ?? id,
            time: Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC), kind: kind,
            asset: KrakenCodes.common(code), staked: staked, amount: amount, fee: fee)
    }

    static func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        var read: [(line: Int, movement: AccountMovement)] = []
        var records: [ExportRecord] = []
        for row in table.rows {
            do {
                if let m = try movement(table, row) {
                    read.append((row.line, m))
                } else {
                    records.append(ExportRecord(line: row.line, .skipped("pending: listed again once credited")))
                }
            } catch {
                records.append(ExportRecord(line: row.line, .refused(error.reason)))
            }
        }
        return (records + AccountMovementEntries.records(read, source: "kraken", context: context))
            .sorted { $0.line < $1.line }
    }
}

/// Kraken's asset codes as common names: `XXBT` → `BTC`, `ZEUR` → `EUR`, `XBT` → `BTC`. Only the
/// codes listed before about 2019 carry the `X` or `Z` prefix; they are listed, as the exchange's
/// own decoder (`KrakenAssetNames`, in the services, which this target does not import) lists
/// them, so an export and a sync name an asset alike (`XXVN` is `XVN`, not `VN`).
enum KrakenCodes {
    static let renamed = ["XBT": "BTC", "XDG": "DOGE"]
    static let prefixed: Set<String> = [
        "XXBT", "XETH", "XLTC", "XXRP", "XXMR", "XXDG", "XXLM", "XETC", "XZEC", "XREP", "XMLN", "XICN", "XNMC",
        "XXVN", "ZUSD", "ZEUR", "ZGBP", "ZJPY", "ZCAD", "ZAUD", "ZCHF", "ZKRW",
    ]

    static func common(_ code: String) -> String {
        let upper = code.uppercased()
        let bare = prefixed.contains(upper) ? String(upper.dropFirst()) : upper
        return renamed[bare] ?? bare
    }
}
