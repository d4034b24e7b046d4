import SquarestockCore

/// `portfolio lots`, `portfolio realized` and `portfolio history` as tables and JSON.
package enum LedgerWriters {
    static func money(_ minor: Int64, _ currency: String) -> String {
        MinorUnits.text(minor, currency: currency)
    }

    package static func lotsTable(_ lots: [Lot]) -> String {
        guard !lots.isEmpty else { return "no open lots\n" }
        var rows = [["lot", "symbol", "acquired", "quantity", "cost", "unit cost"]]
        for l in lots {
            rows.append([
                String(l.id), l.symbol, l.date.description, l.quantity.description,
                money(l.cost, l.currency) + " " + l.currency,
                l.unitCost?.normalized.description ?? "-",
            ])
        }
        return AlignedColumns.render(rows, rightAligned: [0, 3, 4, 5])
    }

    package static func lotsJSON(_ lots: [Lot]) -> String {
        let s = JSONText.quoted
        let items = lots.map { l in
            "  {\"lot\": \(l.id), \"symbol\": \(s(l.symbol)), \"acquired\": \(s(l.date.description)), "
                + "\"quantity\": \(s(l.quantity.description)), \"cost\": \(s(money(l.cost, l.currency))), \"currency\": \(s(l.currency)), "
                + "\"unitCost\": \(l.unitCost.map { s($0.normalized.description) } ?? "null")}"
        }
        return "[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "" : "\n") + "]\n"
    }

    package static func realizedTable(_ sales: [Disposal]) -> String {
        guard !sales.isEmpty else { return "no sales in this period\n" }
        var rows = [["sold", "symbol", "quantity", "lots", "proceeds", "basis", "fees", "gain", "term"]]
        var totals: [String: (Int64, Int64, Int64)] = [:]
        for d in sales {
            rows.append([
                d.date.description, d.symbol, d.quantity.description,
                d.parts.map { "\($0.lot)×\($0.quantity)" }.joined(separator: " "), money(d.proceeds, d.currency),
                money(d.basis, d.currency), money(d.fee, d.currency), money(d.gain, d.currency) + " " + d.currency,
                d.term,
            ])
            let t = totals[d.currency, default: (0, 0, 0)]
            totals[d.currency] = (t.0 + d.proceeds, t.1 + d.basis, t.2 + d.gain)
        }
        for (c, t) in totals.sorted(by: { $0.key < $1.key }) {
            rows.append(["total", "", "", "", money(t.0, c), money(t.1, c), "", money(t.2, c) + " " + c, ""])
        }
        return AlignedColumns.render(rows, rightAligned: [2, 4, 5, 6, 7])
    }

    package static func realizedJSON(_ sales: [Disposal]) -> String {
        let s = JSONText.quoted
        let items = sales.map { d in
            let parts = d.parts.map {
                "{\"lot\": \($0.lot), \"acquired\": \(s($0.acquired.description)), \"quantity\": \(s($0.quantity.description)), \"basis\": \(s(money($0.basis, d.currency)))}"
            }
            return "  {\"sale\": \(d.entry), \"date\": \(s(d.date.description)), \"symbol\": \(s(d.symbol)), "
                + "\"quantity\": \(s(d.quantity.description)), \"currency\": \(s(d.currency)), "
                + "\"proceeds\": \(s(money(d.proceeds, d.currency))), \"basis\": \(s(money(d.basis, d.currency))), "
                + "\"fees\": \(s(money(d.fee, d.currency))), \"gain\": \(s(money(d.gain, d.currency))), \"term\": \(s(d.term)), "
                + "\"lots\": [" + parts.joined(separator: ", ") + "]}"
        }
        return "[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "" : "\n") + "]\n"
    }

    /// `marks`, one per entry, fill a last column `import` (an import's preview: new or already
    /// imported).
    package static func historyTable(_ entries: [JournalEntry], marks: [String]? = nil) -> String {
        guard !entries.isEmpty else { return "the journal is empty\n" }
        let reversed = Set(entries.compactMap(\.reverses))
        // The recorded FX rate (1 unit of the entry's currency in the base) when any entry has one.
        let fx = entries.contains { $0.fxRate != nil }
        // The tax withheld from a dividend when any entry has some (a broker's "Foreign Tax Paid"
        // folded into its dividend is checked here, in the import's preview).
        let withheld = entries.contains { $0.withheld != 0 }
        var rows = [
            ["id", "date", "kind", "symbol", "quantity", "price", "amount", "fee"] + (withheld ? ["withheld"] : [])
                + (fx ? ["fx"] : []) + ["note"] + (marks == nil ? [] : ["import"])
        ]
        for (i, e) in entries.enumerated() {
            let amount =
                e.kind == .split
                ? "\(e.splitNumerator ?? 0):\(e.splitDenominator ?? 0)" : money(e.amount, e.currency) + " " + e.currency
            var note = e.note ?? ""
            if let r = e.reverses { note = "reverses \(r)" + (note.isEmpty || note == "undo" ? "" : "; " + note) }
            if let id = e.id, reversed.contains(id) { note = "reversed" + (note.isEmpty ? "" : "; " + note) }
            rows.append(
                [
                    e.id.map(String.init) ?? "", e.date.description, e.kind.rawValue, e.symbol ?? "",
                    e.quantity?.description ?? "", e.price?.description ?? "", e.kind == .reversal ? "" : amount,
                    e.fee == 0 ? "" : money(e.fee, e.currency),
                ] + (withheld ? [e.withheld == 0 ? "" : money(e.withheld, e.currency)] : [])
                    + (fx ? [e.fxRate.map { $0.description + (e.fxBase.map { " " + $0 } ?? "") } ?? ""] : []) + [note]
                    + (marks.map { [$0[i]] } ?? []))
        }
        let numbers = (withheld ? 1 : 0) + (fx ? 1 : 0)
        return AlignedColumns.render(rows, rightAligned: Set([0, 4, 5, 6, 7] + (0..<numbers).map { 8 + $0 }))
    }
}
