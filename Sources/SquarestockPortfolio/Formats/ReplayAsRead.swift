import SquarestockCore

/// The write's check (`JournalReplay`) done for an import's symbols as the reader reads them, so
/// the writer need not read those symbols back from SQLite at the end.
///
/// The replay applies a symbol's entries in effect in (date, id) order, each symbol through a
/// book of its own. An import's new rows get ids in the file's order, so for a symbol whose rows
/// come in date order and that the ledger held nothing of before, that order is the file's: the
/// same entries, applied in the same order, through the same `PortfolioBook`, give the same
/// answer. A symbol is vouched for only when all of that holds here:
/// - its rows' dates never go back;
/// - no row names a lot (`lot`: an id or `row N`, which the writer fills in);
/// - every row applied without an error.
///
/// Whether the ledger held the symbol before is the writer's to know (`JournalWriter.vouch`);
/// any symbol not vouched for, and any refused here, is replayed from SQLite as before, so a
/// refusal keeps the replay's own words and order. Each symbol's book is held until the file
/// ends: past `entryLimit` rows with a symbol the reading stops vouching, and every symbol is
/// replayed as before, so memory stays bounded on a file of any size.
struct ReplayAsRead {
    /// Rows with a symbol applied at most; beyond them nothing is vouched for.
    static let entryLimit = 400_000

    /// One symbol's book and the day of its last row.
    private struct Symbol {
        var book: PortfolioBook
        var lastDay: Int64

        /// Applies `e` when it keeps the replay's order and names no lot; false when it does
        /// not, or the book refuses it.
        mutating func apply(_ e: JournalEntry, day: Int64, namesLot: Bool) -> Bool {
            guard !namesLot, e.lot == nil, day >= lastDay, e.kind != .reversal else { return false }
            lastDay = day
            do throws(PortfolioError) { try book.apply(e) } catch { return false }
            return true
        }
    }

    let method: LotMethod
    /// `entryLimit`, or a test's own.
    let limit: Int
    /// The symbols still sound, each with its book.
    private var symbols: [String: Symbol] = [:]
    /// The symbols found unsound: asked first, so their rows cost one look-up.
    private var unsound: Set<String> = []
    private var applied = 0
    /// A synthetic id per row, in the file's order: the order the writer's ids have.
    private var nextID: Int64 = 1
    private(set) var gaveUp = false

    init(method: LotMethod, limit: Int = entryLimit) {
        self.method = method
        self.limit = limit
    }

    /// Applies one row's entry to its symbol's book (an entry without a symbol moves only cash,
    /// which the replay of a symbol never reads from another's entries).
    mutating func apply(_ entry: JournalEntry, namesLot: Bool) {
        let id = nextID
        nextID += 1
        guard !gaveUp, let symbol = entry.symbol, !unsound.contains(symbol) else { return }
        applied += 1
        if applied > limit {
            gaveUp = true
            symbols = [:]
            unsound = []
            return
        }
        let day = entry.date.daysSinceEpoch
        var e = entry
        e.id = id
        // In place: the book is not copied for each row.
        if !symbols[symbol, default: Symbol(book: PortfolioBook(method: method), lastDay: day)].apply(
            e, day: day, namesLot: namesLot)
        {
            symbols[symbol] = nil
            unsound.insert(symbol)
        }
    }

    /// The symbols whose rows all applied in order, none naming a lot.
    var vouched: Set<String> {
        gaveUp ? [] : Set(symbols.keys)
    }
}
