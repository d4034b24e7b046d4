import SquarestockCore

/// Kraken's `trades.csv` (History → Export → Trades): `"txid","ordertxid","pair","time","type",
/// "ordertype","price","cost","fee","vol","margin","misc","ledgers"`, columns read by name. A
/// row is one trade: `vol` of the pair's base bought or sold for `cost` of its quote, the fee
/// (in the quote: the export does not say when an order asked otherwise; `ledgers.csv` does)
/// charged on top. Each row becomes the two `AccountMovement`s its ledger rows would be, keyed
/// by the trade's `txid` (the ledger's `refid`), so this file, `ledgers.csv` and a sync of the
/// same account never record a trade twice. It has no deposits, withdrawals or rewards.
enum KrakenTradesExport {
    /// The quotes Kraken's pairs end in, longest first (`XBTUSDT` is BTC in USDT, not XBTUS in DT).
    static let quotes = [
        "ZEUR", "ZUSD", "ZGBP", "ZCAD", "ZJPY", "ZCHF", "ZAUD", "XXBT", "XETH", "USDT", "USDC", "PYUSD", "EUR", "USD",
        "GBP", "CAD", "JPY", "CHF", "AUD", "XBT", "ETH", "DAI", "DOT",
    ].sorted { $0.count > $1.count }

    /// A pair's base and quote by their common names: `XXBTZEUR` (two legacy four-letter codes),
    /// `XBTEUR`, `XETHXXBT`, `DOTUSDT`, `XBT/EUR`; nil when no known quote ends it.
    static func split(_ pair: String) -> (base: String, quote: String)? {
        let p = Array(pair.uppercased().utf8.filter { $0 != UInt8(ascii: "/") })
        let text = String(decoding: p, as: UTF8.self)
        let legacy: Set<UInt8> = [UInt8(ascii: "X"), UInt8(ascii: "Z")]
        if p.count == 8, legacy.contains(p[0]), legacy.contains(p[4]) {
            return (KrakenCodes.common(String(text.prefix(4))), KrakenCodes.common(String(text.suffix(4))))
        }
        for q in quotes where text.count > q.count && text.hasSuffix(q) {
            return (KrakenCodes.common(String(text.dropLast(q.count))), KrakenCodes.common(q))
        }
        return nil
    }

    /// The row's two movements: the base in or out, the quote the other way with the fee.
    static func movements(_ table: ExportTable, _ row: ExportTable.Row) throws(ExportRowRefusal) -> [AccountMovement] {
        let id = try ExportRowReading.required(table, row, "txid")
        let time = try ExportRowReading.required(table, row, "time")
        guard let clock = DateTimeParsing.isoDateTime(String(time.prefix(19))) else {
            throw ExportRowRefusal("its time '\(time)' is not YYYY-MM-DD HH:MM:SS")
        }
        let pair = try ExportRowReading.required(table, row, "pair")
        guard let (base, quote) = split(pair) else {
            throw ExportRowRefusal("its pair '\(pair)' ends in no quote squarestock knows")
        }
        if let margin = table.cell(row, "margin").flatMap({ ExportMoney.parse($0)?.amount }), !margin.isZero {
            throw ExportRowRefusal("a margin trade (margin \(margin)): a position, not an asset held")
        }
        let side = try ExportRowReading.required(table, row, "type").lowercased()
        guard side == "buy" || side == "sell" else { throw ExportRowRefusal("its type '\(side)' is not buy or sell") }
        let vol = (try ExportRowReading.number(table, row, "vol").amount).magnitude
        let cost = (try ExportRowReading.number(table, row, "cost").amount).magnitude
        let fee =
            table.cell(row, "fee").flatMap { ExportMoney.parse($0)?.amount }.map(\.magnitude) ?? .zero
        guard vol.sign > 0, cost.sign > 0 else { throw ExportRowRefusal("a trade of nothing") }
        let buy = side == "buy"
        let at = Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC)
        func leg(_ suffix: String, _ asset: String, _ amount: ExactDecimal, fee: ExactDecimal) -> AccountMovement {
            AccountMovement(
                id: id + suffix, reference: id, time: at, kind: .trade, asset: asset, amount: amount, fee: fee)
        }
        return [
            leg(":base", base, buy ? vol : vol.negated, fee: .zero),
            leg(":quote", quote, buy ? cost.negated : cost, fee: fee),
        ]
    }

    static func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        var context = context
        var records: [ExportRecord] = []
        var seen: [String: Int] = [:]
        for row in table.rowsInTimeOrder("time") {
            do {
                let legs = try movements(table, row)
                if let first = seen[legs[0].reference] {
                    records.append(ExportRecord(line: row.line, .skipped("the same trade as line \(first)")))
                    continue
                }
                seen[legs[0].reference] = row.line
                let r = AccountMovementEntries.record(
                    .init(line: row.line, legs: legs), source: "kraken", context: context)
                // An asset bought here is held in that currency for what follows.
                context.heldSymbols.formUnion(r.entries.compactMap(\.symbol))
                records.append(r)
            } catch {
                records.append(ExportRecord(line: row.line, .refused(error.reason)))
            }
        }
        return records.sorted { $0.line < $1.line }
    }
}
