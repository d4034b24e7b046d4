import SquarestockCore

/// What an import would do: its first rows as they would be recorded, each marked new or
/// already imported, and the counts over the whole file (a preview of a million rows shows the
/// start and says how many there are, rather than holding and printing them all).
public struct ImportPreview: Sendable {
    public private(set) var rows: [JournalEntry] = []
    public private(set) var isNew: [Bool] = []
    public private(set) var total = 0
    public private(set) var new = 0

    mutating func count(_ e: JournalEntry, isNew fresh: Bool, shown: Int) {
        total += 1
        if fresh { new += 1 }
        guard rows.count < shown else { return }
        rows.append(e)
        isNew.append(fresh)
    }
}
