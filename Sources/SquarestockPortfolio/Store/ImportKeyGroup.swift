/// The import keys of the entries one row of an export or an exchange's ledger made
/// (`ExportRowKeys.keyed`): the first entry's key `K`, the others' `K#1`, `K#2`. squarestock's
/// own CSV makes one entry a row, keyed by an occurrence count and the row's text
/// (`"3|2024-01-02,buy,..."`), which may itself end in `#1` (a note): those keys never group.
enum ImportKeyGroup {
    /// Whether `key` was made by an export's or exchange's reader (`trading212:...`), not by
    /// squarestock's own CSV (`3|2024-01-02,...`).
    static func isFromExport(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return false }
        return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    }

    /// The group's first key for `key`, or nil when `key` is one of squarestock's own CSV (its
    /// first byte a digit). `key` ending in `#N` belongs to the group of the text before it when
    /// that key is held (`isHeld`); otherwise it is a group's first key itself.
    static func base(of key: String, isHeld: (String) throws -> Bool) throws -> String? {
        guard isFromExport(key) else { return nil }
        guard let mark = key.utf8.lastIndex(of: UInt8(ascii: "#")) else { return key }
        let suffix = key.utf8[key.utf8.index(after: mark)...]
        guard !suffix.isEmpty, suffix.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return key
        }
        let prefix = String(key[..<mark])
        return try isHeld(prefix) ? prefix : key
    }
}
