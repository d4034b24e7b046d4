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

    /// The import keys of the entries `undo` reversed (`PortfolioStore.undoneImportKeys`).
    public func undoneImportKeys() throws(PortfolioError) -> Set<String> { try store.undoneImportKeys(portfolio: id) }

    public func book() throws(PortfolioError) -> PortfolioBook {
        try PortfolioBook(entries: entries(), method: method)
    }

    /// The book of one symbol alone (its lots and disposals; cash from its entries only).
    public func book(of symbol: String) throws(PortfolioError) -> PortfolioBook {
        try store.book(of: symbol, portfolio: id, method: method)
    }

    /// Writes `new` (all or none) if the journal still replays with them; returns them with ids.
    @discardableResult
    public func record(_ new: [JournalEntry]) throws(PortfolioError) -> [JournalEntry] {
        try store.writeJournal(portfolio: id, method: method) { writer throws(PortfolioError) in
            try Self.add(new, to: writer)
        }.value
    }

    /// Like `record`, with notes on what the new entries do that is allowed but likely a slip
    /// (`EntryNotes`, worked out in the write's transaction), and on the sales recorded earlier
    /// whose gains an entry dated before them (a purchase or split back-dated) changes, with the
    /// years it changes, as `setMethod`'s caller notes its. Those are worked out from the
    /// symbol's book read before the write and after it: a sale another writer records meanwhile
    /// could be counted in the change (a note, never the ledger).
    public func recordNoting(_ new: [JournalEntry]) throws(PortfolioError) -> (
        written: [JournalEntry], notes: [String]
    ) {
        // Each symbol whose sales on or after a new entry's day it may change, with its book now.
        var before: [String: PortfolioBook] = [:]
        for e in new where [.buy, .sell, .split].contains(e.kind) {
            guard let symbol = e.symbol, before[symbol] == nil else { continue }
            let book = try book(of: symbol)
            if book.disposals.contains(where: { $0.date >= e.date }) { before[symbol] = book }
        }
        let (written, notes) = try store.writeJournal(portfolio: id, method: method) {
            writer throws(PortfolioError) in
            try Self.add(new, to: writer)
        }
        let newIDs = Set(written.compactMap(\.id))
        var recomputed: [String] = []
        for (symbol, old) in before.sorted(by: { $0.key < $1.key }) {
            let changes = RealizedChange.between(old, try book(of: symbol), excluding: newIDs)
            guard !changes.isEmpty else { continue }
            recomputed.append(
                "dated before \(symbol)'s sales recorded earlier, this changes what they realized: "
                    + changes.map(\.text).joined(separator: ", "))
        }
        return (written, notes + recomputed)
    }

    /// The entries of `new` that `record` would write (those not imported yet), checked the same
    /// way (written and rolled back), with nothing kept.
    public func preview(_ new: [JournalEntry]) throws(PortfolioError) -> [JournalEntry] {
        try store.writeJournal(portfolio: id, method: method, keep: false) { writer throws(PortfolioError) in
            try Self.add(new, to: writer)
        }.value
    }

    /// Streams entries into one write (an import of any size): `body` is handed an `add` that
    /// writes one entry and answers its id and whether it is new. Everything or nothing is kept,
    /// after the check; with `keep` false (a preview) nothing is. Returns the count written and
    /// the notes. `expectedRows` is an estimate of how many entries `body` adds (a large write
    /// is made differently, with the same result: `JournalWriter`).
    /// `lineOf` answers the line of the file an entry came from, by its id, for the check's
    /// refusal (`.importLine`).
    public func stream(
        keep: Bool, expectedRows: Int = 0, lineOf: ((Int64) -> Int?)? = nil,
        _ body: (_ add: (JournalEntry) throws(PortfolioError) -> (id: Int64, isNew: Bool)) throws(PortfolioError) ->
            Void
    ) throws(PortfolioError) -> (written: Int, notes: [String]) {
        let (count, notes) = try store.writeJournal(
            portfolio: id, method: method, keep: keep, expectedRows: expectedRows, lineOf: lineOf
        ) {
            writer throws(PortfolioError) in
            try body { e throws(PortfolioError) in try writer.add(e) }
            return writer.written
        }
        return (count, notes)
    }

    /// `stream` whose `body` may also vouch for symbols it replayed itself as it read them
    /// (`JournalWriter.vouch`; `JournalCSV.read` with the portfolio's `method`).
    public func stream(
        keep: Bool, expectedRows: Int = 0, lineOf: ((Int64) -> Int?)? = nil,
        _ body: (
            _ add: (JournalEntry) throws(PortfolioError) -> (id: Int64, isNew: Bool),
            _ vouch: (Set<String>) -> Void
        ) throws(PortfolioError) -> Void
    ) throws(PortfolioError) -> (written: Int, notes: [String]) {
        let (count, notes) = try store.writeJournal(
            portfolio: id, method: method, keep: keep, expectedRows: expectedRows, lineOf: lineOf
        ) {
            writer throws(PortfolioError) in
            try body({ e throws(PortfolioError) in try writer.add(e) }, { writer.vouch($0) })
            return writer.written
        }
        return (count, notes)
    }

    private static func add(_ new: [JournalEntry], to writer: JournalWriter) throws(PortfolioError) -> [JournalEntry] {
        var written: [JournalEntry] = []
        for entry in new {
            var e = writer.asWritten(entry)
            let (id, isNew) = try writer.add(e)
            guard isNew else { continue }
            e.id = id
            written.append(e)
        }
        return written
    }

    /// Moves every entry in effect of `old` to `new` (a ticker change such as FB to META, or a
    /// symbol an older squarestock accepted that the exports cannot write): each is reversed and
    /// recorded again under `new` in its order, with its date, amounts and note, a sale's named
    /// lot pointing at the purchase's new entry. The journal keeps the old entries and the
    /// reversals; renaming back restores the symbol. `old` is taken as stored (any text), `new`
    /// as the quote commands take it. Returns how many entries moved, and the new symbol as stored.
    ///
    /// Into a symbol that has entries in effect of its own only with `merging`: the two are one
    /// symbol from then on, and renaming back moves them all (a ticker change after trades under
    /// the new ticker wants that; GOOG into GOOGL by a slip does not).
    public func rename(_ old: String, to new: String, merging: Bool = false, today: CivilDate) throws(PortfolioError)
        -> (moved: Int, symbol: String)
    {
        let target = try EntryFactory.symbol(new)
        let moved = try store.writeJournal(portfolio: id, method: method) { writer throws(PortfolioError) -> Int in
            var moving = try writer.inEffect(symbol: old)
            if moving.isEmpty, old.uppercased() != old { moving = try writer.inEffect(symbol: old.uppercased()) }
            guard let first = moving.first, let from = first.symbol else {
                throw .invalidEntry(
                    "the portfolio has no entries of '\(old)'; `squarestock portfolio history` lists them")
            }
            guard from != target else { throw .invalidEntry("\(from) is already the symbol") }
            let held = try writer.inEffect(symbol: target).count
            if held > 0, !merging {
                throw .invalidEntry(
                    "\(target) has \(held) \(held == 1 ? "entry" : "entries") of its own: moving \(from)'s there merges the two "
                        + "for good (renaming back would move them all); --merge if that is meant")
            }
            var newID: [Int64: Int64] = [:]
            for e in moving {
                try writer.add(
                    JournalEntry(
                        kind: .reversal, date: today, symbol: from, currency: e.currency, reverses: e.id,
                        note: "renamed to \(target)"))
                var copy = e
                copy.id = nil
                copy.symbol = target
                copy.importKey = nil
                copy.lot = e.lot.map { newID[$0] ?? $0 }
                let (id, _) = try writer.add(copy)
                if let was = e.id { newID[was] = id }
            }
            return moving.count
        }.value
        return (moved, target)
    }

    /// Reverses the last entry in effect (not a reversal, not reversed already), if the journal
    /// still replays without it; with it, the other entries in effect recorded from the same row
    /// of an export (a trade's conversion legs, `JournalWriter.recordedWith`). The reversals and
    /// the entries they reverse, last first.
    public func undo(today: CivilDate) throws(PortfolioError) -> [(reversal: JournalEntry, undone: JournalEntry)] {
        var undone: JournalEntry?
        do {
            let (pairs, _) = try store.writeJournal(portfolio: id, method: method) {
                writer throws(PortfolioError) -> [(JournalEntry, JournalEntry)] in
                guard let last = try writer.lastInEffect() else { throw .nothingToUndo }
                undone = last
                var pairs: [(JournalEntry, JournalEntry)] = []
                for e in try writer.recordedWith(last).reversed() {
                    var reversal = JournalEntry(
                        kind: .reversal, date: today, symbol: e.symbol, currency: e.currency, reverses: e.id,
                        note: Self.undoNote)
                    reversal.id = try writer.add(reversal).id
                    pairs.append((reversal, e))
                }
                return pairs
            }
            return pairs
        } catch {
            guard let last = undone, error.isBookRefusal else { throw error }
            throw .invalidEntry(
                "cannot undo #\(last.id ?? 0) (\(last.date) \(last.kind.rawValue)): later entries depend on it (\(error.description))"
            )
        }
    }

    /// The note of a reversal `undo` records: what tells an undone entry from a renamed one.
    static let undoNote = "undo"
}
