import SquarestockCore

/// Brokers list a dividend's withholding tax as a row of its own (IBKR's `Withholding Tax`,
/// Schwab's `Foreign Tax Paid`). Each such fee is folded into the dividend of the same symbol,
/// day and currency as its tax withheld, so the dividend reads gross and net as paid; a tax with
/// no such dividend in the file stays a fee.
enum ExportWithholding {
    /// Folds every tax entry (`isTax`) into its dividend. `sameEvent` may narrow the match
    /// further by the rows' lines (two dividends of one symbol on one day: IBKR's description
    /// names which).
    static func attach(
        _ records: inout [ExportRecord], isTax: (JournalEntry) -> Bool,
        sameEvent: (_ taxLine: Int, _ dividendLine: Int) -> Bool = { _, _ in true }
    ) {
        for t in records.indices {
            guard case .entries(let entries) = records[t].outcome, entries.count == 1, entries[0].kind == .fee,
                isTax(entries[0])
            else { continue }
            let tax = entries[0]
            let target = records.indices.first { d in
                guard case .entries(let es) = records[d].outcome, es.count == 1 else { return false }
                let div = es[0]
                return div.kind == .dividend && div.symbol == tax.symbol && div.date == tax.date
                    && div.currency == tax.currency && div.withheld + tax.amount <= div.amount
                    && sameEvent(records[t].line, records[d].line)
            }
            guard let d = target, case .entries(var es) = records[d].outcome else { continue }
            es[0].withheld += tax.amount
            records[d].outcome = .entries(es)
            records[d].notes += records[t].notes
            records[t].folded = entries
            records[t].outcome = .merged(line: records[d].line)
        }
    }
}
