import SquarestockCore
import SquarestockMarket

/// The symbol as Yahoo spells it. squarestock's symbols are Yahoo-style but for US share
/// classes, which keep the dot users type and the symbol directory shows (`BRK.B`, `BF.B`):
/// Yahoo writes a class with a hyphen (`BRK-B`) and does not know the dotted form, so every
/// share class read as an unknown symbol. A dotted symbol whose one-letter suffix is no venue's
/// (the registry places it in the US market) is sent with a hyphen; every other symbol as it is
/// (`VOD.L`, `7203.T`: venue suffixes; `ABR-PD`: already Yahoo's).
package enum YahooTicker {
    package static func wire(_ symbol: String, registry: ExchangeRegistry) -> String {
        // One byte after the last dot, letters and digits before it (`BRK.B`, not `A.B.C` or
        // `^X.Y`); the registry says whether that byte is a class letter (the US market) or a
        // venue's suffix (`VOD.L`), and refuses a digit.
        let s = symbol.utf8
        guard let dot = s.lastIndex(of: UInt8(ascii: ".")), dot != s.startIndex,
            s.index(after: dot) == s.index(before: s.endIndex),
            symbol[..<dot].utf8.allSatisfy(ASCIIBytes.isLetterOrDigit),
            registry.exchange(forSymbol: symbol)?.id == "US"
        else { return symbol }
        return symbol[..<dot] + "-" + symbol[s.index(after: dot)...]
    }
}
