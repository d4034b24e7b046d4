/// What new entries do that the ledger allows but that is likely a slip, said once when they are
/// recorded (they were accepted without a word): a purchase that takes a currency's cash below
/// zero (no deposit recorded for it; fine for a user who does not track cash, so said only when
/// it first goes negative), and a dividend of a symbol not held on or before its date.
enum EntryNotes {
    static func notes(new: [JournalEntry], all: [JournalEntry], book: PortfolioBook) -> [String] {
        var out: [String] = []
        let effective = PortfolioBook.effective(all)
        var delta: [String: Int64] = [:]
        for e in new {
            switch e.kind {
            case .deposit: delta[e.currency, default: 0] += e.amount
            case .withdraw: delta[e.currency, default: 0] -= e.amount
            case .buy: delta[e.currency, default: 0] -= e.amount + e.fee
            case .sell: delta[e.currency, default: 0] += e.amount - e.fee
            case .dividend: delta[e.currency, default: 0] += e.amount - e.withheld
            case .split, .reversal: break
            }
        }
        for (currency, change) in delta.sorted(by: { $0.key < $1.key }) {
            let after = book.cash[currency] ?? 0
            guard after < 0, after - change >= 0, new.contains(where: { $0.kind == .buy && $0.currency == currency })
            else { continue }
            out.append(
                "cash \(currency) is now \(MinorUnits.text(after, currency: currency)): no deposit covers the purchase; "
                    + "`squarestock portfolio deposit AMOUNT \(currency)` records the money paid in (ignore this if you do not track cash)"
            )
        }
        for d in new where d.kind == .dividend {
            let held = effective.contains { $0.kind == .buy && $0.symbol == d.symbol && $0.date <= d.date }
            if !held, let symbol = d.symbol {
                out.append(
                    "\(symbol) was not held on or before \(d.date): the dividend is recorded; check the symbol, or record the purchase"
                )
            }
        }
        return out
    }
}
