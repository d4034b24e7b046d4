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
