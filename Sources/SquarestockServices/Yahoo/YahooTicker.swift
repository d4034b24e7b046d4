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
        let s = symbol.utf8
        guard s.count >= 3, let dot = s.lastIndex(of: UInt8(ascii: ".")), s.index(after: dot) != s.endIndex,
            s.index(s.index(after: dot), offsetBy: 1) == s.endIndex, dot != s.startIndex,
            registry.exchange(forSymbol: symbol)?.id == "US"
        else { return symbol }
        let base = symbol[..<dot]
        // A letter after a dot of letters and digits only: `BRK.B`, not `A.B.C` or `^X.Y`.
        guard base.utf8.allSatisfy(ASCIIBytes.isLetterOrDigit),
            let last = s.last, ASCIIBytes.isLetterOrDigit(last), !(last >= 48 && last <= 57)
        else { return symbol }
        return base + "-" + symbol[s.index(after: dot)...]
    }
}
