extension Array where Element: Comparable {
    /// In an array sorted ascending, the index of the last element at or below `value`; nil when
    /// every element is above it. A binary search: the price book's days and an import's entry
    /// lines look up this way.
    package func lastIndex(atOrBelow value: Element) -> Int? {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }
}
