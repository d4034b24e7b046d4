/// The line of the imported file each new entry came from, by entry id: a few bytes a row, ids
/// rising as the write gives them, so a look-up is a binary search.
struct EntryLines {
    private var ids: [Int64] = []
    private var lines: [Int32] = []

    mutating func add(id: Int64, line: Int) {
        ids.append(id)
        lines.append(Int32(clamping: line))
    }

    /// The line of entry `id`, nil when it came from no line read here.
    func line(of id: Int64) -> Int? {
        var lo = 0
        var hi = ids.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < ids.count && ids[lo] == id ? Int(lines[lo]) : nil
    }
}
