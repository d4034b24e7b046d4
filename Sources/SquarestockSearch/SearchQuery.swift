/// A user's search text cut into the terms the index scores: ordinary words, single letters
/// (a share class or an initial: `berkshire b`), and words naming a kind of security
/// (`warrant`, `pfd`, `etf`). Listing-name noise (`inc`, `common stock`, `class`) is dropped
/// unless nothing else is left.
struct SearchQuery {
    enum Kind { case word, letter, securityKind }

    struct Term {
        var bytes: [UInt8]
        var kind: Kind
        /// For `.securityKind`: bit `1 << SecurityType.rawValue` of each kind the word names.
        var kinds: UInt16 = 0
    }

    /// At most `maxTerms` terms (qualities are packed in one UInt64 per candidate).
    static let maxTerms = 8

    var terms: [Term] = []
    /// Upper-case alphanumerics of the whole query (`brk.b` and `brk b` give `BRKB`).
    var tickerKey: [UInt8] = []
    /// Whether the query is one word (ticker prefixes are offered only then).
    var isSingleRun = false
    /// Whether the query was typed in capitals (`FORD`, two letters or more, no lower case):
    /// then an exact ticker is meant as a ticker, even where it is also a company's name.
    var typedAsTicker = false

    /// `isKnownWord` says whether the index has a word; a glued query word the index lacks
    /// (`coca-cola` where a name has `Coca Cola`) is split into its parts.
    init(_ text: String, isKnownWord: (UnsafeBufferPointer<UInt8>) -> Bool) {
        let tokens = NameTokens()
        tokens.tokenize(text)
        // An index (`^GSPC`, Yahoo's caret) is in no listing directory: no ticker is it, and
        // compacted it named a preferred share (`GS-PC`) as an exact match.
        tickerKey = SearchQuery.isIndexSymbol(text) ? [] : DirectorySymbol.compactKey(text.utf8)
        isSingleRun = tokens.runs.count == 1
        typedAsTicker = SearchQuery.isCapitals(text.utf8)
        var dropped: [Term] = []
        do {
            let all = tokens.bytes
            for r in 0..<tokens.runs.count {
                let run = tokens.runs[r]
                let word = UnsafeBufferPointer(rebasing: all[Int(run.start)..<Int(run.end)])
                let flags = Lexicon.flags(word)
                let kinds = SearchQuery.kindBits(flags)
                if kinds != 0 {
                    terms.append(Term(bytes: Array(word), kind: .securityKind, kinds: kinds))
                    continue
                }
                if flags.contains(.noise) || flags.contains(.queryDrop) {
                    dropped.append(Term(bytes: Array(word), kind: .word))
                    continue
                }
                if run.partCount > 1 && !isKnownWord(word) {
                    for k in Int(run.firstPart)..<Int(run.firstPart + run.partCount) {
                        let p = tokens.parts[k]
                        let part = Array(all[Int(p.start)..<Int(p.end)])
                        if Lexicon.flags(tokens, part: k).contains(.noise) { continue }
                        terms.append(Term(bytes: part, kind: part.count == 1 ? .letter : .word))
                    }
                    continue
                }
                terms.append(Term(bytes: Array(word), kind: word.count == 1 ? .letter : .word))
            }
        }
        if !terms.contains(where: { $0.kind != .securityKind }) { terms.append(contentsOf: dropped) }
        if terms.count > SearchQuery.maxTerms { terms.removeLast(terms.count - SearchQuery.maxTerms) }
    }

    /// A symbol written as an index is (`^GSPC`, `^N225`): a caret first.
    static func isIndexSymbol(_ text: String) -> Bool {
        text.utf8.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "^")
    }

    /// Two upper-case letters or more and no lower-case one.
    static func isCapitals(_ text: String.UTF8View) -> Bool {
        var upper = 0
        for b in text {
            if b >= 97 && b <= 122 { return false }
            if b >= 65 && b <= 90 { upper += 1 }
        }
        return upper >= 2
    }

    static func kindBits(_ f: Lexicon.Flags) -> UInt16 {
        var k: UInt16 = 0
        func set(_ t: SecurityType) { k |= 1 << UInt16(t.rawValue) }
        if f.contains(.warrant) { set(.warrant) }
        if f.contains(.unit) { set(.unit) }
        if f.contains(.right) { set(.right) }
        if f.contains(.preferred) { set(.preferred) }
        if f.contains(.note) { set(.note) }
        if f.contains(.etf) { set(.etf) }
        return k
    }

    var hasWordTerms: Bool { terms.contains { $0.kind == .word } }
}
