import SquarestockCore

/// The line of the imported file each new entry came from, by entry id. Kept as runs (an id
/// and a line each one past the run's last: an import's new entries are mostly consecutive ids
/// from consecutive lines), so a file of a million rows holds a few runs, not a million pairs.
struct EntryLines {
    private var firstIDs: [Int64] = []
    private var firstLines: [Int] = []
    private var counts: [Int] = []

    mutating func add(id: Int64, line: Int) {
        if let k = counts.indices.last, firstIDs[k] + Int64(counts[k]) == id, firstLines[k] + counts[k] == line {
            counts[k] += 1
            return
        }
        firstIDs.append(id)
        firstLines.append(line)
        counts.append(1)
    }

    /// The line of entry `id`, nil when it came from no line read here.
    func line(of id: Int64) -> Int? {
        // The last run starting at or before `id` (runs start at rising ids).
        guard let k = firstIDs.lastIndex(atOrBelow: id) else { return nil }
        let offset = id - firstIDs[k]
        return offset < Int64(counts[k]) ? firstLines[k] + Int(offset) : nil
    }
}
