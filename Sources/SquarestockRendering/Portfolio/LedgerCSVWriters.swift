import SquarestockCore

/// `portfolio lots`, `realized` and `history` as CSV (`--format csv`, and the default when the
/// output is not a terminal, as for every other command): one header, one row per item, money
/// as exact decimals of its currency, every cell spreadsheet-safe (`SpreadsheetCell`).
package enum LedgerCSVWriters {
    static func row(_ cells: [String]) -> String { cells.map(SpreadsheetCell.csv).joined(separator: ",") + "\n" }

    static func money(_ minor: Int64, _ currency: String) -> String { MinorUnits.text(minor, currency: currency) }

    package static func lots(_ lots: [Lot]) -> String {
        var out = row(["lot", "symbol", "acquired", "quantity", "cost", "currency", "unit_cost"])
        for l in lots {
            out += row([
                String(l.id), l.symbol, l.date.description, l.quantity.description, money(l.cost, l.currency),
                l.currency,
                l.unitCost?.normalized.description ?? "",
            ])
        }
        return out
    }

    /// One row per sale; `lots` lists the lots taken as `LOT:QUANTITY`, space-separated.
    package static func realized(_ sales: [Disposal]) -> String {
        var out = row([
            "sale", "date", "symbol", "quantity", "currency", "proceeds", "basis", "fees", "gain", "term", "lots",
        ])
        for d in sales {
            out += row([
                String(d.entry), d.date.description, d.symbol, d.quantity.description, d.currency,
                money(d.proceeds, d.currency), money(d.basis, d.currency), money(d.fee, d.currency),
                money(d.gain, d.currency), d.term, d.parts.map { "\($0.lot):\($0.quantity)" }.joined(separator: " "),
            ])
        }
        return out
    }

    /// The journal as recorded, reversals included (the import layout is `export --as csv`).
    package static func history(_ entries: [JournalEntry]) -> String {
        var out = row([
            "id", "date", "kind", "symbol", "quantity", "price", "currency", "amount", "fee", "withheld", "fx",
            "ratio", "lot", "reverses", "note", "fx_base",
        ])
        for e in entries {
            out += row([
                e.id.map(String.init) ?? "", e.date.description, e.kind.rawValue, e.symbol ?? "",
                e.quantity?.description ?? "", e.price?.description ?? "", e.currency,
                e.kind == .split || e.kind == .reversal ? "" : money(e.amount, e.currency),
                e.fee == 0 ? "" : money(e.fee, e.currency), e.withheld == 0 ? "" : money(e.withheld, e.currency),
                e.fxRate?.description ?? "", e.splitNumerator.map { "\($0):\(e.splitDenominator ?? 1)" } ?? "",
                e.lot.map(String.init) ?? "", e.reverses.map(String.init) ?? "", e.note ?? "",
                e.fxRate == nil ? "" : e.fxBase ?? "",
            ])
        }
        return out
    }
}
