import SquarestockCore

/// Interactive Brokers' Activity Statement CSV: many sections in one file, each row's first
/// cell its section and its second the row's kind (`Header`, `Data`, `SubTotal`, `Total`,
/// `Notes`); a section names its columns in its `Header` row, again when they change. The
/// sections that move money are read into the two tables the Flex CSV's reader takes, columns
/// renamed to the Flex's (`T. Price` is `TradePrice`, `Comm/Fee` is `IBCommission`), so one
/// reader, `IBKRFlexExport`, means the same in both:
///
/// - `Trades`: the `Order` rows (or, when there are none, the `Trade` rows: never both, as one
///   sums the others), a sale by its negative quantity; `Forex` orders are conversions;
///   `ClosedLot` rows are tax lots, not trades;
/// - `Deposits & Withdrawals`, `Dividends` (with `Withholding Tax` folded in), `Interest`, `Fees`;
/// - `Corporate Actions`: a split recorded (`Split 4 for 1`), anything else refused with what
///   records it.
///
/// `SubTotal` and `Total` rows, and the sections that move no money (the statement, the account
/// holder's name, positions, net asset value), are not read. No ids: rows are keyed by their text.
enum IBKRActivityExport {
    static let sections: Set<String> = [
        "statement", "trades", "dividends", "account information", "deposits & withdrawals",
    ]

    static func isHeader(_ cells: [String]) -> Bool {
        cells.count >= 3 && cells[1] == "Header" && sections.contains(cells[0].lowercased())
    }

    /// The Flex CSV's name for a column of the statement's.
    static let flexNames = [
        "T. Price": "TradePrice", "Comm/Fee": "IBCommission", "Comm in USD": "IBCommission",
        "Currency": "CurrencyPrimary", "Asset Category": "AssetCategory",
        "Settle Date": "SettleDate", "Date": "SettleDate",
    ]

    /// What each money section is among the Flex's cash transaction types.
    static let cashTypes = [
        "deposits & withdrawals": "Deposits/Withdrawals", "dividends": "Dividends",
        "withholding tax": "Withholding Tax", "interest": "Broker Interest Received", "fees": "Other Fees",
        "payment in lieu of dividends": "Payment In Lieu Of Dividends",
    ]

    static func records(_ table: ExportTable, today: CivilDate) -> [ExportRecord] {
        var columns: [String: [String]] = [:]
        var orders: [(row: ExportTable.Row, cells: [String: String])] = []
        var fills: [(row: ExportTable.Row, cells: [String: String])] = []
        var cash: [(row: ExportTable.Row, cells: [String: String])] = []
        var records: [ExportRecord] = []
        var splits = IBKRFlexExport.SplitRows()
        // Each row's identity from its own cells (section and values as written), counted among
        // identical rows: it does not change with the columns other rows bring to the tables
        // below, so an overlapping statement adds nothing twice.
        var occurrences: [String: Int] = [:]
        for row in [ExportTable.Row(line: table.headerLine, cells: table.header)] + table.rows {
            guard row.cells.count >= 2 else { continue }
            let section = row.cells[0].lowercased()
            let kind = row.cells[1]
            let rest = Array(row.cells.dropFirst(2))
            if kind == "Header" {
                columns[section] = rest
                continue
            }
            guard kind == "Data", let names = columns[section] else { continue }
            var cells: [String: String] = [:]
            for (name, value) in zip(names, rest) where !name.isEmpty && !value.isEmpty { cells[name] = value }
            // A section's total written as a data row (`Data,Total,,,5000`).
            if cells.values.contains(where: { $0 == "Total" || $0.hasPrefix("Total ") }) { continue }
            let text = row.cells.joined(separator: "\u{1F}")
            let n = occurrences[text, default: 0]
            occurrences[text] = n + 1
            cells["TransactionID"] =
                "activity:" + String(JournalCSV.RowReader.fnv1a128(Array(text.utf8)), radix: 36)
                + (n == 0 ? "" : "#\(n)")
            switch section {
            case "trades":
                switch cells["DataDiscriminator"] {
                case "Order": orders.append((row, cells))
                case "Trade": fills.append((row, cells))
                case "ClosedLot": records.append(ExportRecord(line: row.line, .skipped("a tax lot, not a trade")))
                default: continue
                }
            case "corporate actions":
                records.append(
                    splits.record(
                        line: row.line, description: cells["Description"] ?? "", symbol: nil,
                        date: cells["Date/Time"] ?? cells["Report Date"], key: "ibkr:split:", today: today))
            case _ where cashTypes[section] != nil:
                var c = cells
                c["Type"] = cashTypes[section]
                cash.append((row, c))
            default: continue
            }
        }
        if !orders.isEmpty {
            for f in fills {
                records.append(
                    ExportRecord(line: f.row.line, .skipped("a fill of an order read whole on its Order row")))
            }
        }
        let trades: [(row: ExportTable.Row, cells: [String: String])] = (orders.isEmpty ? fills : orders).map { r in
            var c = r.cells
            c["Buy/Sell"] = c["Quantity"]?.hasPrefix("-") == true ? "SELL" : "BUY"
            // Keyed by the row's own identity, in the trades' id space.
            c["TradeID"] = c.removeValue(forKey: "TransactionID")
            // Proceeds are the cash (negative for a purchase); the Flex's TradeMoney the value.
            if let p = c.removeValue(forKey: "Proceeds") {
                c["TradeMoney"] = p.hasPrefix("-") ? String(p.dropFirst()) : "-" + p
            }
            return (r.row, c)
        }
        for rows in [trades, cash] where !rows.isEmpty {
            var names: [String] = []
            for (_, cells) in rows {
                for name in cells.keys.sorted() where !names.contains(flexNames[name] ?? name) {
                    names.append(flexNames[name] ?? name)
                }
            }
            let renamed = rows.map { row, cells in
                var out = [String](repeating: "", count: names.count)
                for (name, value) in cells {
                    if let i = names.firstIndex(of: flexNames[name] ?? name) { out[i] = value }
                }
                return ExportTable.Row(line: row.line, cells: out)
            }
            let flex = ExportTable(header: names, headerLine: renamed[0].line, rows: renamed)
            records += IBKRFlexExport.records(flex, today: today)
        }
        return records.sorted { $0.line < $1.line }
    }
}
