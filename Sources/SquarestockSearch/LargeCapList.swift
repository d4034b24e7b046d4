/// The issuers of a shipped large-cap list (`data/symbols/large-caps.txt`, the S&P 500; its
/// source and date are in that folder's README). Search has no market values, and the symbol
/// directory says nothing about size: this list is the one piece of data that tells Ford Motor
/// from Forward Industries, whose ticker is FORD. It only ever breaks ties between equally good
/// matches (`ListingProminence`).
///
/// The file is `Symbol|Security` lines under that header; only the symbol is read. An issuer is
/// the symbol before any `.` class suffix, so `BRK.B` marks both Berkshire classes and they keep
/// tying with each other as before. Lines that are not a symbol are skipped rather than refused:
/// the list only refines ranking, and a damaged copy must not stop search.
package struct LargeCapList: Sendable, Equatable {
    /// The file's name, beside the directory files.
    package static let fileName = "large-caps.txt"

    /// Issuer symbols packed as in `SymbolIndex.pack` (up to 8 upper-case alphanumerics), sorted.
    let issuers: [UInt64]

    /// No list: every listing is judged on the directory's attributes alone.
    package static let empty = LargeCapList(issuers: [])

    init(issuers: [UInt64]) { self.issuers = issuers }

    /// The list in `bytes` (the file's contents; empty bytes make an empty list).
    package init(_ bytes: [UInt8]) {
        var keys: [UInt64] = []
        keys.reserveCapacity(bytes.count / 16)
        var lineStart = 0
        var first = true
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            defer { lineStart = end + 1 }
            if first {
                first = false
                continue
            }
            if let key = LargeCapList.issuerKey(bytes, lineStart, end) { keys.append(key) }
        }
        keys.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(keys.count)
        for k in keys where unique.last != k { unique.append(k) }
        self.init(issuers: unique)
    }

    /// The issuer of the line `bytes[start..<end]`: its first field up to a `.`, 1 to 8 upper-case
    /// letters or digits; nil for anything else (a blank line, a stray comment).
    static func issuerKey(_ bytes: [UInt8], _ start: Int, _ end: Int) -> UInt64? {
        var key: UInt64 = 0
        var length = 0
        var i = start
        while i < end && bytes[i] != UInt8(ascii: "|") && bytes[i] != UInt8(ascii: ".") && bytes[i] != 13 {
            let b = bytes[i]
            guard DirectorySymbol.isUpperAlnum(b), length < 8 else { return nil }
            key |= UInt64(b) << UInt64(56 - 8 * length)
            length += 1
            i += 1
        }
        return length > 0 ? key : nil
    }

    /// Whether the list names the issuer of `symbol` (a display symbol: `F`, `BRK.A`, `BF.B`).
    package func containsIssuer(of symbol: String) -> Bool {
        guard !issuers.isEmpty else { return false }
        let bytes = Array(symbol.utf8)
        guard let key = LargeCapList.issuerKey(bytes, 0, bytes.count) else { return false }
        var lo = 0
        var hi = issuers.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if issuers[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < issuers.count && issuers[lo] == key
    }

    /// Number of issuers listed.
    package var count: Int { issuers.count }
}
