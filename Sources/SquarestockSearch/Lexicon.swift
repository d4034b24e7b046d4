/// The words of listing names that are not the company: legal forms (`Inc`, `Corporation`),
/// security descriptions (`Common Stock`, `Ordinary Shares`, `Class A`), and the words that name
/// a kind of security (`warrant`, `preferred`). Search must neither require nor be swayed by
/// them, so one table says, per word, how names and queries treat it.
enum Lexicon {
    struct Flags: OptionSet {
        let rawValue: UInt32
        /// Legal form or filler: weight 0 in a name, ignored in a query.
        static let noise = Flags(rawValue: 1 << 0)
        /// Generic but sometimes typed (`Holdings`, `Group`, `Trust`): half weight in a name.
        static let weak = Flags(rawValue: 1 << 1)
        /// Weight 0 in an ETF's name (`ETF`).
        static let etfNoise = Flags(rawValue: 1 << 2)
        /// Starts the security description when not the first word (`Common`, `Class`, `Warrants`).
        static let descriptor = Flags(rawValue: 1 << 3)
        /// Starts the description only before a given next word (`American Depositary`, `New Common`).
        static let descriptorIfFollowed = Flags(rawValue: 1 << 4)
        /// Dropped from queries (`common`, `stock`, `class`, `shares`).
        static let queryDrop = Flags(rawValue: 1 << 5)
        // Kind words, in names' descriptions and in queries.
        static let warrant = Flags(rawValue: 1 << 8)
        static let unit = Flags(rawValue: 1 << 9)
        static let right = Flags(rawValue: 1 << 10)
        static let preferred = Flags(rawValue: 1 << 11)
        static let note = Flags(rawValue: 1 << 12)
        static let etf = Flags(rawValue: 1 << 13)
        static let fund = Flags(rawValue: 1 << 14)
        static let common = Flags(rawValue: 1 << 15)
        /// Only a kind word in a query (`wt`, `pfd` are also in names; `pref` only in queries).
        static let queryKindOnly = Flags(rawValue: 1 << 16)

        static let kinds: Flags = [.warrant, .unit, .right, .preferred, .note, .etf]
        /// Kind words that a security's description can start with.
        static let kindsInNames: Flags = [.warrant, .unit, .right, .preferred, .note]
    }

    private static let entries: [(String, Flags)] = {
        var e: [(String, Flags)] = []
        for w in [
            "inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ltd", "limited",
            "plc", "llc", "lp", "llp", "lllp", "sa", "nv", "ag", "se", "spa", "asa", "ab", "oyj", "bv",
            "the", "of", "and", "com", "sab", "cv", "de", "ltda", "kgaa", "pte", "tbk", "bhd", "ord",
        ] {
            e.append((w, [.noise, .queryDrop]))
        }
        for w in ["holdings", "holding", "group", "trust", "index", "shares"] { e.append((w, .weak)) }
        e.append(("fund", [.weak, .fund]))
        e.append(("funds", [.weak, .fund]))
        e.append(("etf", [.etfNoise, .etf, .queryDrop]))
        e.append(("etfs", [.etfNoise, .etf, .queryDrop]))
        for w in ["common"] { e.append((w, [.descriptor, .queryDrop, .common])) }
        for w in [
            "ordinary", "class", "ads", "adr", "adrs", "adss", "depositary", "depository", "sponsored",
            "beneficial", "each", "cumulative", "noncumulative", "tranche",
        ] {
            e.append((w, [.descriptor, .queryDrop]))
        }
        e.append(("stock", [.queryDrop]))
        e.append(("stocks", [.queryDrop]))
        e.append(("share", [.queryDrop]))
        for w in ["american", "new", "capital", "fixed", "series", "senior"] { e.append((w, .descriptorIfFollowed)) }
        for w in ["warrant", "warrants"] { e.append((w, [.descriptor, .warrant])) }
        for w in ["wt", "wts", "ws"] { e.append((w, [.warrant, .queryKindOnly])) }
        for w in ["unit", "units"] { e.append((w, [.descriptor, .unit])) }
        e.append(("un", [.unit, .queryKindOnly]))
        for w in ["right", "rights"] { e.append((w, [.descriptor, .right])) }
        e.append(("contingent", [.descriptor, .right]))
        e.append(("rt", [.right, .queryKindOnly]))
        for w in ["preferred", "preference", "pfd"] { e.append((w, [.descriptor, .preferred])) }
        for w in ["pref", "prf"] { e.append((w, [.preferred, .queryKindOnly])) }
        for w in ["notes", "note", "subordinated", "debentures", "debenture", "bonds"] {
            e.append((w, [.descriptor, .note]))
        }
        for w in ["etn", "etns", "bond"] { e.append((w, [.note, .queryKindOnly])) }
        return e
    }()

    /// Open-addressed table: 256 slots of (packed key, flags). Every word above has at most 16
    /// bytes, packed into two UInt64 with the length, so a lookup is two compares and no hashing
    /// of a String.
    private static let slotCount = 256
    private static let table: [(UInt64, UInt64, UInt32)] = {
        var t = [(UInt64, UInt64, UInt32)](repeating: (0, 0, 0), count: slotCount)
        for (w, f) in entries {
            let bytes = Array(w.utf8)
            let (a, b) = bytes.withUnsafeBufferPointer { pack($0) }
            var s = slot(a, b)
            while t[s].0 != 0 {
                if t[s].0 == a && t[s].1 == b { break }
                s = (s + 1) & (slotCount - 1)
            }
            t[s] = (a, b, t[s].2 | f.rawValue)
        }
        return t
    }()

    @inline(__always)
    private static func pack(_ p: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        // Bytes 0...6 above the length byte, bytes 7...14 in the second word.
        var a: UInt64 = 0
        var b: UInt64 = 0
        let n = p.count
        withUnsafeMutableBytes(of: &a) {
            $0.baseAddress!.advanced(by: 1).copyMemory(from: p.baseAddress!, byteCount: min(n, 7))
        }
        if n > 7 {
            withUnsafeMutableBytes(of: &b) { $0.baseAddress!.copyMemory(from: p.baseAddress! + 7, byteCount: n - 7) }
        }
        return (UInt64(littleEndian: a) | UInt64(n), UInt64(littleEndian: b))
    }

    @inline(__always)
    private static func slot(_ a: UInt64, _ b: UInt64) -> Int {
        Int(truncatingIfNeeded: ((a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD) >> 56) & (slotCount - 1)
    }

    /// Flags of a word (lower-case ASCII bytes); empty for ordinary words.
    @inline(__always)
    static func flags(_ p: UnsafeBufferPointer<UInt8>) -> Flags {
        if p.count > 15 || p.isEmpty { return [] }
        let (a, b) = pack(p)
        return table.withUnsafeBufferPointer { t in
            var s = slot(a, b)
            while true {
                let e = t[s]
                if e.0 == 0 { return [] }
                if e.0 == a && e.1 == b { return Flags(rawValue: e.2) }
                s = (s + 1) & (slotCount - 1)
            }
        }
    }

    static func flags(_ tokens: NameTokens, run r: Int) -> Flags {
        let run = tokens.runs[r]
        return flags(UnsafeBufferPointer(rebasing: tokens.bytes[Int(run.start)..<Int(run.end)]))
    }

    static func flags(_ tokens: NameTokens, part k: Int) -> Flags {
        let part = tokens.parts[k]
        return flags(UnsafeBufferPointer(rebasing: tokens.bytes[Int(part.start)..<Int(part.end)]))
    }

    static func flags(_ word: String) -> Flags {
        var w = word
        return w.withUTF8 { flags($0) }
    }
}
