import SquarestockCore

/// What one row of an export becomes: entries for the ledger (a trade in another currency
/// than the cash that paid for it is the conversion's two legs and the trade), a row passed
/// over on purpose (a pending deposit, a reservation reversed later) with why, or a row that
/// cannot be read (with why; it stops the import unless the user skips it knowingly).
public struct ExportRecord: Sendable {
    public enum Outcome: Sendable {
        case entries([JournalEntry])
        case skipped(String)
        case refused(String)
        /// Folded into the record on `line` (a withholding tax into its dividend).
        case merged(line: Int)
    }

    /// The row's line in the file (its first, when several rows make one record).
    public var line: Int
    /// The source's ids of the rows (an account's ledger read through its API, which has no lines).
    public var reference: String?
    public var outcome: Outcome
    /// What the user should know that did not stop the row (an amount rounded to the cent).
    public var notes: [String]
    /// A record folded into another (`merged`): its own entries, recorded after all when the
    /// one it was folded into is already in the ledger (a withholding exported after its dividend).
    public var folded: [JournalEntry] = []
    /// What the row says the user held already (crypto moved in from, or out to, another wallet
    /// of theirs): checked against the ledger on its day, the row refused when it is not held.
    public var holding: HoldingNeeded?
    /// The rows that stand or fall together (a DEGIRO order's trade, fee and currency legs):
    /// when one is refused, so are the others, or the cash keeps a fee of a trade not recorded.
    public var group: String?

    /// A split the export states by the shares it added (Schwab's `Stock Split`, Revolut's
    /// `STOCK SPLIT`): its ratio is found from what the ledger holds that day, so the plan makes
    /// the split entry (keyed `key`) or refuses the row with why.
    public var split: SplitByAdded?

    /// The key its entries are keyed from (`ExportRowKeys`), and the one a row of its cells was
    /// keyed by before keys named the columns: the plan keys the entries from that one when the
    /// ledger holds it (the file was imported then).
    var keyBase: String?
    var formerKeyBase: String?

    public struct SplitByAdded: Sendable, Equatable {
        public var symbol: String
        public var added: ExactDecimal
        public var date: CivilDate
        public var key: String
        public var note: String
        public var today: CivilDate
    }

    /// At least `quantity` of `asset` (summed over its holdings, `BTC-EUR` and `BTC-USD`) held
    /// on `date`, before the row's own entries apply.
    public struct HoldingNeeded: Sendable, Equatable {
        public var asset: String
        /// The holding it would be recorded as when none is held (`BTC-EUR`), for the hint.
        public var symbol: String
        public var quantity: ExactDecimal
        public var date: CivilDate
        /// What the row did, for the refusal: "0.5 BTC arrived from another wallet".
        public var what: String

        /// Why a move with no network fee records nothing.
        var passedOver: String { what + ": still yours, the same holding, its lots and cost unchanged" }
    }

    init(line: Int, _ outcome: Outcome, notes: [String] = []) {
        self.line = line
        self.outcome = outcome
        self.notes = notes
    }

    public var entries: [JournalEntry] {
        if case .entries(let e) = outcome { return e }
        return []
    }
}

/// A row the format's reader cannot turn into entries, with the reason shown to the user.
struct ExportRowRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
