import GRDB
import SquarestockCore

/// Each currency's cash of a portfolio, kept in the `cash` table so a write learns the balance
/// its notes need (`EntryNotes`) without summing the journal. It is a cache of the journal, not a
/// second truth: `PortfolioBook` still derives cash from the entries, a test holds the two equal,
/// and `portfolio.cash_through` names the last entry id the table includes. Entries above it in
/// this portfolio (written by a squarestock from before the table, say) make the next write
/// rebuild it from the journal first.
enum CashBalances {
    /// What an entry in effect does to its currency's cash, minor units (nil on overflow).
    static func effect(kind: EntryKind, amount: Int64, fee: Int64, withheld: Int64) -> Int64? {
        switch kind {
        case .deposit: return amount
        case .withdraw: return 0 - amount
        case .buy:
            let (cost, o) = amount.addingReportingOverflow(fee)
            return o ? nil : 0 - cost
        case .sell:
            let (net, o) = amount.subtractingReportingOverflow(fee)
            return o ? nil : net
        case .dividend:
            let (net, o) = amount.subtractingReportingOverflow(withheld)
            return o ? nil : net
        case .interest:
            let (net, o) = amount.subtractingReportingOverflow(withheld)
            return o ? nil : net
        case .fee: return 0 - amount
        case .exchange: return amount
        case .split, .reversal: return 0
        }
    }

    /// Rebuilds the table from the journal when it does not include every entry of the
    /// portfolio (a rowid range scan from `cash_through`: what was written since, usually
    /// nothing; NOT INDEXED, or SQLite walks the portfolio's index, all of its entries).
    static func bringUpToDate(_ db: Database, portfolio: Int64) throws {
        let through =
            try Int64?.fetchOne(
                db, sql: "SELECT cash_through FROM portfolio WHERE id = ?", arguments: [portfolio]) ?? nil
        if let through,
            try !Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM entry NOT INDEXED WHERE id > ? AND portfolio_id = ?)",
                arguments: [through, portfolio])!
        {
            return
        }
        try db.execute(sql: "DELETE FROM cash WHERE portfolio_id = ?", arguments: [portfolio])
        // SQLite's sum() of integers raises an error on overflow rather than wrapping.
        try db.execute(
            sql: """
                INSERT INTO cash (portfolio_id, currency, minor)
                SELECT e.portfolio_id, e.currency, sum(CASE e.kind
                    WHEN 'deposit' THEN e.amount WHEN 'withdraw' THEN -e.amount
                    WHEN 'buy' THEN -(e.amount + e.fee) WHEN 'sell' THEN e.amount - e.fee
                    WHEN 'dividend' THEN e.amount - e.withheld WHEN 'interest' THEN e.amount - e.withheld
                    WHEN 'fee' THEN -e.amount WHEN 'exchange' THEN e.amount ELSE 0 END)
                FROM entry e WHERE e.portfolio_id = ? AND \(JournalRows.inEffect)
                GROUP BY e.currency
                """, arguments: [portfolio])
        try markCurrent(db, portfolio: portfolio)
    }

    /// Adds `changes` (minor units by currency) and returns the balances after, by currency.
    static func add(_ changes: [String: Int64], _ db: Database, portfolio: Int64) throws -> [String: Int64] {
        var after: [String: Int64] = [:]
        for (currency, change) in changes {
            let now =
                try Int64.fetchOne(
                    db, sql: "SELECT minor FROM cash WHERE portfolio_id = ? AND currency = ?",
                    arguments: [portfolio, currency]) ?? 0
            let (sum, o) = now.addingReportingOverflow(change)
            if o { throw PortfolioError.overflow("the cash in \(currency)") }
            try db.execute(
                sql: "INSERT OR REPLACE INTO cash (portfolio_id, currency, minor) VALUES (?, ?, ?)",
                arguments: [portfolio, currency, sum])
            after[currency] = sum
        }
        try markCurrent(db, portfolio: portfolio)
        return after
    }

    /// The table, by currency (for tests that hold it equal to the replayed book).
    static func all(_ db: Database, portfolio: Int64) throws -> [String: Int64] {
        var out: [String: Int64] = [:]
        for r in try Row.fetchAll(
            db, sql: "SELECT currency, minor FROM cash WHERE portfolio_id = ?", arguments: [portfolio])
        {
            out[r[0]] = r[1]
        }
        return out
    }

    private static func markCurrent(_ db: Database, portfolio: Int64) throws {
        try db.execute(
            sql: "UPDATE portfolio SET cash_through = (SELECT coalesce(max(id), 0) FROM entry) WHERE id = ?",
            arguments: [portfolio])
    }
}
