import SquarestockSearch

/// A seeded, reproducible universe of made-up listings shaped like the real directory (company
/// words from syllables, legal forms, `- Common Stock` descriptions, some ETFs, warrants and
/// units), for measuring search on 100,000 names.
struct SyntheticUniverse {
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let syllables = [
        "ab", "ac", "al", "an", "ar", "ba", "be", "bi", "bo", "ca", "ce", "co", "cy", "da", "de",
        "di", "do", "el", "en", "er", "fa", "fi", "fo", "ga", "ge", "go", "ha", "he", "hi", "in",
        "io", "ka", "ki", "ko", "la", "le", "li", "lo", "ma", "me", "mi", "mo", "na", "ne", "ni",
        "no", "nu", "or", "pa", "pe", "pi", "po", "qua", "ra", "re", "ri", "ro", "sa", "se", "si",
        "so", "ta", "te", "ti", "to", "tra", "tri", "un", "va", "ve", "vi", "vo", "xa", "ze", "zo",
    ]
    static let generic = [
        "Global", "Energy", "Capital", "Therapeutics", "Financial", "Systems", "Technologies",
        "Health", "Bancorp", "Resources", "Industries", "Pharmaceuticals", "Software", "Realty",
        "Holdings", "Group", "Partners", "Networks", "Biosciences", "Motors", "Foods", "Brands",
    ]
    static let legal = [
        "Inc.", "Corporation", "Corp.", "Ltd.", "plc", "Holdings, Inc.", "Group, Inc.", "Company", "N.V.", "S.A.",
    ]

    var listings: [Listing] = []

    init(count: Int, seed: UInt64) {
        var rng = Rng(state: seed)
        var used = Set<String>()
        let exchanges = [
            ListingExchange(nasdaqMarketCategory: UInt8(ascii: "Q"))!,
            ListingExchange(nasdaqMarketCategory: UInt8(ascii: "G"))!,
            ListingExchange(nasdaqMarketCategory: UInt8(ascii: "S"))!,
            ListingExchange(otherListedCode: UInt8(ascii: "N"))!,
            ListingExchange(otherListedCode: UInt8(ascii: "P"))!, ListingExchange(otherListedCode: UInt8(ascii: "Z"))!,
        ]
        listings.reserveCapacity(count)
        func word() -> String {
            var w = ""
            for _ in 0..<(2 + rng.below(3)) {
                w += SyntheticUniverse.syllables[rng.below(SyntheticUniverse.syllables.count)]
            }
            return w.prefix(1).uppercased() + w.dropFirst()
        }
        while listings.count < count {
            var symbol = ""
            for _ in 0..<(2 + rng.below(4)) { symbol.append(Character(UnicodeScalar(UInt8(65 + rng.below(26))))) }
            guard used.insert(symbol).inserted else { continue }
            let kind = rng.below(100)
            var name = word()
            if rng.below(3) == 0 { name += " " + word() }
            if rng.below(2) == 0 { name += " " + SyntheticUniverse.generic[rng.below(SyntheticUniverse.generic.count)] }
            let type: SecurityType
            if kind < 20 {
                type = .etf
                name += [" ETF", " Index Fund", " Dividend ETF", " Bond ETF", " 2X Long ETF"][rng.below(5)]
            } else {
                name += " " + SyntheticUniverse.legal[rng.below(SyntheticUniverse.legal.count)]
                if kind < 93 {
                    type = .commonStock
                    name +=
                        [" - Common Stock", " Common Stock", " - Class A Ordinary Shares", " Common Shares"][
                            rng.below(4)]
                } else if kind < 97 {
                    type = .warrant
                    name += " - Warrants"
                } else {
                    type = .unit
                    name += " - Units"
                }
            }
            listings.append(
                Listing(
                    symbol: symbol, name: name, exchange: exchanges[rng.below(exchanges.count)],
                    type: type, isETF: type == .etf))
        }
    }

    /// Queries with the listing each one means: exact first word, a prefix of it, one typo, two
    /// words, the ticker.
    func queries(count: Int, seed: UInt64) -> [(String, String)] {
        var rng = Rng(state: seed)
        var out: [(String, String)] = []
        while out.count < count {
            let l = listings[rng.below(listings.count)]
            let words = l.name.split(separator: " ").map { $0.lowercased() }
            let first = words[0]
            switch out.count % 5 {
            case 0: out.append((first, l.symbol))
            case 1: out.append((String(first.prefix(max(3, first.count - 2))), l.symbol))
            case 2:
                var chars = Array(first)
                if chars.count >= 5 { chars.remove(at: 1 + rng.below(chars.count - 2)) }
                out.append((String(chars), l.symbol))
            case 3: out.append((words.prefix(2).joined(separator: " "), l.symbol))
            default: out.append((l.symbol.lowercased(), l.symbol))
            }
        }
        return out
    }
}
