import SquarestockCore

/// `Ledgers`: `{"ledger":{"L4UESK-KG3EQ-UFO4T5":{"refid":"TJKLXF-...","time":1688464484.1787,
/// "type":"trade","subtype":"","aclass":"currency","asset":"ZGBP","amount":"-24.5000",
/// "fee":"0.0490","balance":"459567.9171"},...},"count":2}`, newest first, 50 rows a page. The
/// time is kept to the second from its text (never through a float); assets by their common
/// names, a staked balance's `.S` (or `.M`, `.B`, `.F`) suffix taken off and marked.
enum KrakenLedgerDecoder {
    /// The page read from `offset`, its next offset while the ledger's `count` is not reached.
    static func page(_ result: JSONValue, offset: Int = 0) -> Result<AccountMovement.Page, AccountError> {
        guard case .object(let rows)? = result["ledger"] else {
            return .failure(.malformed(exchange: "kraken", detail: "a Ledgers answer without its ledger"))
        }
        var movements: [AccountMovement] = []
        for (id, row) in rows {
            guard let code = row["asset"]?.string, let amount = KrakenEnvelope.decimal(row["amount"]),
                case .number(let timeText)? = row["time"], let seconds = Int64(timeText.prefix { $0 != "." })
            else {
                return .failure(
                    .malformed(exchange: "kraken", detail: "a ledger row \(id) without its asset, amount or time"))
            }
            var asset = code
            var staked = false
            if let dot = code.firstIndex(of: ".") {
                asset = String(code[..<dot])
                staked = true
            }
            movements.append(
                AccountMovement(
                    id: id, reference: row["refid"]?.string ?? id, time: Instant(secondsSinceEpoch: seconds),
                    kind: AccountMovement.Kind(
                        ledgerType: row["type"]?.string ?? "", subtype: row["subtype"]?.string ?? ""),
                    asset: KrakenAssetNames.common(asset), staked: staked, amount: amount,
                    fee: KrakenEnvelope.decimal(row["fee"]) ?? .zero))
        }
        let total = KrakenEnvelope.decimal(result["count"]).map { Int($0.significand) } ?? movements.count
        let end = offset + movements.count
        return .success(
            AccountMovement.Page(movements: movements, next: !movements.isEmpty && end < total ? String(end) : nil))
    }
}
