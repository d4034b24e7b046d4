import SquarestockCore

/// What a format's reader makes of one row before it is keyed.
enum ExportRowMeaning {
    case entries([JournalEntry], notes: [String] = [])
    case skip(String)
    /// Crypto moved between wallets of the user's: nothing to record, once the ledger is seen to
    /// hold what moved.
    case walletMove(ExportRecord.HoldingNeeded)
    /// A split stated by the shares it added: its ratio from what the ledger holds that day.
    case splitAdding(symbol: String, added: ExactDecimal, date: CivilDate, note: String, today: CivilDate)
}

/// The steps every format shares: a row's meaning keyed into a record, refusals (the format's
/// own, and the ledger's checks in `EntryFactory`) turned into refused records with the reason.
enum ExportRowReading {
    static func record(
        _ row: ExportTable.Row, id: String?, keys: inout ExportRowKeys,
        _ meaning: () throws(ExportRowRefusal) -> ExportRowMeaning
    ) -> ExportRecord {
        do {
            /// The record a keyed meaning makes, or a row met before passed over.
            func keyed(_ make: (String) -> ExportRecord) throws(ExportRowRefusal) -> ExportRecord {
                switch try keys.identity(row, id: id) {
                case .repeated(let line): return ExportRecord(line: row.line, .skipped("the same row as line \(line)"))
                case .key(let base, let formerly):
                    var r = make(base)
                    r.keyBase = base
                    r.formerKeyBase = formerly
                    return r
                }
            }
            switch try meaning() {
            case .skip(let why): return ExportRecord(line: row.line, .skipped(why))
            case .splitAdding(let symbol, let added, let date, let note, let today):
                return try keyed { base in
                    var r = ExportRecord(
                        line: row.line, .refused("a split of \(symbol) not yet checked against the ledger"))
                    r.split = ExportRecord.SplitByAdded(
                        symbol: symbol, added: added, date: date, key: base, note: note, today: today)
                    return r
                }
            case .walletMove(let need):
                var r = ExportRecord(line: row.line, .skipped(need.passedOver))
                r.holding = need
                return r
            case .entries(let entries, let notes):
                return try keyed { base in
                    ExportRecord(line: row.line, .entries(ExportRowKeys.keyed(entries, base: base)), notes: notes)
                }
            }
        } catch {
            return ExportRecord(line: row.line, .refused(error.reason))
        }
    }

    /// A ledger check (`EntryFactory`) as a refusal of the row.
    static func checked<T>(_ make: () throws(PortfolioError) -> T) throws(ExportRowRefusal) -> T {
        do { return try make() } catch { throw ExportRowRefusal(error.description) }
    }

    /// The cell `name` of `row`, or the refusal naming the column.
    static func required(_ table: ExportTable, _ row: ExportTable.Row, _ name: String) throws(ExportRowRefusal)
        -> String
    {
        guard let v = table.cell(row, name) else { throw ExportRowRefusal("its \(name) is empty") }
        return v
    }

    /// The cell `name` as a number (with any currency it names), or the refusal.
    static func number(
        _ table: ExportTable, _ row: ExportTable.Row, _ name: String, mark: ExportMoney.DecimalMark = .point
    ) throws(ExportRowRefusal) -> ExportMoney.Value {
        let text = try required(table, row, name)
        guard let v = ExportMoney.parse(text, mark: mark) else {
            throw ExportRowRefusal("its \(name) '\(text)' is not a number")
        }
        return v
    }

    /// `value` in minor units of `currency`, a note when it had to be rounded to the currency's unit.
    static func minor(_ value: ExactDecimal, _ currency: String, what: String, notes: inout [String])
        throws(ExportRowRefusal) -> Int64
    {
        guard let (m, rounded) = ExportMoney.minor(value, currency: currency) else {
            throw ExportRowRefusal(
                CurrencyExponent.of(currency) == nil
                    ? "its currency \(currency) is not one the ledger knows" : "its \(what) \(value) is too large")
        }
        // Far beyond any account (10^15 of a currency's units): refused, so that the few sums
        // a row makes (an amount and its fee) can never overflow.
        guard m.magnitude <= 100_000_000_000_000_000 else {
            throw ExportRowRefusal("its \(what) \(value) is too large")
        }
        if rounded {
            notes.append("\(what) \(value) \(currency) recorded as \(MinorUnits.text(m, currency: currency))")
        }
        return m
    }
}
