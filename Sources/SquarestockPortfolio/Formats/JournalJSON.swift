import Foundation
import SquarestockCore

/// `portfolio export --format json`: the entries in effect, every amount an exact decimal string;
/// `fxRate` is the rate recorded with the entry (1 `currency` = `fxRate` of the base), or null;
/// `fxBase` is that base, or null when the ledger did not keep it (a rate recorded before).
public enum JournalJSON {
    /// `asRecorded` (`portfolio history --format json`): every entry in id order, reversals and
    /// the entries they reverse included, as the table shows them; else the entries in effect.
    /// `method` (the export): each sale that names no lot says the lot method it was sold
    /// under (`"method"`, null on other entries), as the CSV export's `method` column does.
    public static func write(_ entries: [JournalEntry], asRecorded: Bool = false, method: LotMethod? = nil) -> String {
        let rows = (asRecorded ? entries : PortfolioBook.effective(entries)).map { e -> String in
            func s(_ v: String?) -> String { v.map(JSONText.quoted) ?? "null" }
            func m(_ v: Int64) -> String { "\"" + MinorUnits.text(v, exponent: e.exponent) + "\"" }
            return
                "  {\"id\": \(e.id.map(String.init) ?? "null"), \"date\": \"\(e.date)\", \"kind\": \"\(e.kind.rawValue)\", "
                + "\"symbol\": \(s(e.symbol)), \"quantity\": \(s(e.quantity?.description)), "
                + "\"price\": \(s(e.price?.description)), \"currency\": \(s(e.currency)), \"amount\": \(m(e.amount)), "
                + "\"fee\": \(m(e.fee)), \"withheld\": \(m(e.withheld)), "
                + "\"ratio\": \(s(e.splitNumerator.map { "\($0):\(e.splitDenominator ?? 1)" })), "
                + "\"lot\": \(e.lot.map(String.init) ?? "null"), "
                + (method.map { m in "\"method\": \(e.kind == .sell && e.lot == nil ? s(m.rawValue) : "null"), " } ?? "")
                + "\"note\": \(s(e.note)), "
                + "\"fxRate\": \(s(e.fxRate?.description)), \"fxBase\": \(s(e.fxRate == nil ? nil : e.fxBase))"
                + (asRecorded ? ", \"reverses\": \(e.reverses.map(String.init) ?? "null")}" : "}")
        }
        return "[\n" + rows.joined(separator: ",\n") + (rows.isEmpty ? "" : "\n") + "]\n"
    }
}
