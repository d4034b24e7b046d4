import SquarestockCore

/// One named portfolio in a ledger file: record entries (checked by replaying the journal with
/// them, inside the write), undo the last one with a reversing entry, and derive the book.
public struct PortfolioLedger: Sendable {
    public let store: PortfolioStore
    public let name: String
    public let id: Int64
    public private(set) var method: LotMethod

    public init(store: PortfolioStore, name: String, create: Bool) throws(PortfolioError) {
        self.store = store
        self.name = name
        (id, method) = try store.portfolio(named: name, create: create)
    }

    /// Sets the lot method; gains are derived, so every sale is seen under it from now on. Returns
    /// the years whose realized gains it changes, for the caller to say so.
    @discardableResult
    public mutating func setMethod(_ m: LotMethod) throws(PortfolioError) -> [RealizedChange] {
        guard m != method else { return [] }
        let all = try entries()
        let after: PortfolioBook
        do { after = try PortfolioBook(entries: all, method: m) } catch {
            throw .invalidEntry(
                "the journal cannot be read under \(m.rawValue): \(error.description); the method stays \(method.rawValue)"
            )
        }
        let changes = (try? PortfolioBook(entries: all, method: method)).map { RealizedChange.between($0, after) } ?? []
        try store.setMethod(m, portfolio: id)
        method = m
        return changes
    }

    public func entries() throws(PortfolioError) -> [JournalEntry] { try store.entries(portfolio: id) }

    public func book() throws(PortfolioError) -> PortfolioBook {
        try PortfolioBook(entries: entries(), method: method)
    }

    /// Writes `new` (all or none) if the journal still replays with them; returns them with ids.
    @discardableResult
    public func record(_ new: [JournalEntry]) throws(PortfolioError) -> [JournalEntry] {
        let method = self.method
        return try store.append(new, portfolio: id) { all in _ = try PortfolioBook(entries: all, method: method) }
    }

    /// Like `record`, with notes on what the new entries do that is allowed but likely a slip
    /// (`EntryNotes`), worked out on the journal the write checked.
    public func recordNoting(_ new: [JournalEntry]) throws(PortfolioError) -> (
        written: [JournalEntry], notes: [String]
    ) {
        let method = self.method
        let seen = CheckedJournal()
        let written = try store.append(new, portfolio: id) { all in
            seen.all = all
            seen.book = try PortfolioBook(entries: all, method: method)
        }
        guard let book = seen.book else { return (written, []) }
        return (written, EntryNotes.notes(new: written, all: seen.all, book: book))
    }

    /// The entries of `new` that `record` would write (those not imported yet), checked the same
    /// way, with nothing written.
    public func preview(_ new: [JournalEntry]) throws(PortfolioError) -> [JournalEntry] {
        let method = self.method
        return try store.preview(new, portfolio: id) { all in _ = try PortfolioBook(entries: all, method: method) }
    }

    /// Reverses the last entry in effect (not a reversal, not reversed already).
    public func undo(today: CivilDate) throws(PortfolioError) -> (reversal: JournalEntry, undone: JournalEntry) {
        let all = try entries()
        let reversed = Set(all.compactMap(\.reverses))
        guard let last = all.last(where: { $0.kind != .reversal && !reversed.contains($0.id ?? -1) }) else {
            throw .nothingToUndo
        }
        let reversal = JournalEntry(
            kind: .reversal, date: today, symbol: last.symbol, currency: last.currency, reverses: last.id,
            note: "undo")
        do { _ = try PortfolioBook(entries: all + [reversal], method: method) } catch {
            throw .invalidEntry(
                "cannot undo #\(last.id ?? 0) (\(last.date) \(last.kind.rawValue)): later entries depend on it (\(error.description))"
            )
        }
        let written = try record([reversal])
        return (written.first ?? reversal, last)
    }
}

/// The journal and book the write's check built, kept for the notes (the check runs inside the
/// store's transaction, synchronously, once).
private final class CheckedJournal: @unchecked Sendable {
    var all: [JournalEntry] = []
    var book: PortfolioBook?
}
