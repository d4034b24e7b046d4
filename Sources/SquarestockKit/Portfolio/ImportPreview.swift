import SquarestockCore

/// What an import would do: its first rows as they would be recorded, each marked new or
/// already imported, and the counts over the whole file (a preview of a million rows shows the
/// start and says how many there are, rather than holding and printing them all).
public struct ImportPreview: Sendable {
    public private(set) var rows: [JournalEntry] = []
    public private(set) var total = 0
    public private(set) var new = 0
    /// Of the rows imported before, those an `undo` reversed since: they stay out.
    public private(set) var undone = 0
    /// Each shown row's mark: new, imported, or undone.
    public private(set) var marks: [String] = []

    mutating func count(_ e: JournalEntry, isNew fresh: Bool, undone wasUndone: Bool, shown: Int) {
        total += 1
        if fresh { new += 1 } else if wasUndone { undone += 1 }
        guard rows.count < shown else { return }
        rows.append(e)
        marks.append(fresh ? "new" : wasUndone ? "undone" : "imported")
    }
}
