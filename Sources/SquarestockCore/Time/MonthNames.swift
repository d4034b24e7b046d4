import Synchronization

/// A locale's month names, for parsing dates such as `4-Nov-16`, `März 3, 2024` or
/// `11 listopada 2016` without Foundation's `DateFormatter`.
///
/// The names come from system ICU for an explicitly named locale, so the process locale never
/// changes what parses. All four CLDR kinds are loaded, because feeds mix them: Polish prints the
/// genitive `listopada` in dates but the nominative `listopad` stands alone, and German
/// abbreviations come as `Nov.` and `Nov`. Each locale is loaded once per process and shared.
package struct MonthNames: Sendable {
    /// CLDR month name kinds, in the order of the shim's `kind` argument.
    package enum Kind: Int32, CaseIterable, Sendable {
        case formatWide = 0
        case formatAbbreviated, standaloneWide, standaloneAbbreviated
    }

    /// The loaded names of one locale; immutable once built.
    final class Table: Sendable {
        let names: [Kind: [String]]
        /// Lower-cased ASCII names of up to 8 bytes packed into an integer: no allocation per lookup.
        let ascii: [UInt64: Int]
        /// Every name lower-cased (Unicode, locale-independent), trailing `.` removed.
        let unicode: [String: Int]

        init(locale: String) {
            var names: [Kind: [String]] = [:]
            var ascii: [UInt64: Int] = [:]
            var unicode: [String: Int] = [:]
            for kind in Kind.allCases {
                guard let list = ICUZone.monthSymbols(locale: locale, kind: kind.rawValue) else { continue }
                names[kind] = list
                for (index, name) in list.enumerated() {
                    var key = name.lowercased()
                    while key.hasSuffix(".") { key.removeLast() }
                    guard !key.isEmpty else { continue }
                    if unicode[key] == nil { unicode[key] = index + 1 }
                    let bytes = Array(key.utf8)
                    if let packed = MonthNames.packASCII(bytes), ascii[packed] == nil { ascii[packed] = index + 1 }
                }
            }
            self.names = names
            self.ascii = ascii
            self.unicode = unicode
        }
    }

    /// The ICU locale ID the names were loaded for, e.g. `en`, `de`, `pl`.
    package let locale: String
    let table: Table

    private static let loaded = Mutex<[String: Table]>([:])

    /// Loads (once per process) the month names of a locale. An unknown locale falls back to
    /// ICU's root names (`M01` ...), which match nothing in real data.
    package init(locale: String) {
        self.locale = locale
        if let table = Self.loaded.withLock({ $0[locale] }) {
            self.table = table
            return
        }
        let fresh = Table(locale: locale)
        self.table = Self.loaded.withLock { cache in
            if let existing = cache[locale] { return existing }
            cache[locale] = fresh
            return fresh
        }
    }

    /// English month names, the common case for US feeds.
    package static var english: MonthNames { MonthNames(locale: "en") }

    /// The 12 names of one kind as ICU gives them (e.g. `Nov.` for German format abbreviated).
    package func names(_ kind: Kind) -> [String] { table.names[kind] ?? [] }

    /// Month number 1...12 for a whole name of any kind, case-insensitive; nil if it is no name.
    /// A trailing `.` on the name is optional.
    package func month(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var count = bytes.count
        while count > 0, bytes[count - 1] == UInt8(ascii: ".") { count -= 1 }
        guard count > 0 else { return nil }
        var packed: UInt64 = 0
        var isASCII = count <= 8
        if isASCII {
            for i in 0..<count {
                var b = bytes[i]
                if b >= 0x80 {
                    isASCII = false
                    break
                }
                if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                packed |= UInt64(b) << (8 * UInt64(i))
            }
        }
        if isASCII { return table.ascii[packed] }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<count]), as: UTF8.self)
        return table.unicode[name.lowercased()]
    }

    package func month(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { month(UnsafeRawBufferPointer($0)) }
    }

    static func packASCII(_ bytes: [UInt8]) -> UInt64? {
        guard !bytes.isEmpty, bytes.count <= 8, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var packed: UInt64 = 0
        for (i, b) in bytes.enumerated() { packed |= UInt64(b) << (8 * UInt64(i)) }
        return packed
    }
}
