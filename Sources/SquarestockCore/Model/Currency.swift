/// A currency as a quote states it, including the minor-unit codes some venues quote in.
///
/// London prices most shares in pence (`GBX`, Yahoo writes `GBp`), Tel Aviv in agorot (`ILA`),
/// Johannesburg in cents (`ZAc`). Showing "GBP 308.80" for a price of 308.80 pence would be
/// wrong by a factor of 100, so the minor unit is carried and labelled.
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    /// The code as the source wrote it (`GBp`, `USD`).
    public var code: String
    /// ISO 4217 code of the major currency (`GBP` for `GBp`).
    public var majorCode: String
    /// How many of this unit make one major unit (100 for pence, 1 otherwise).
    public var perMajor: Int
    /// Human label for minor units ("pence").
    public var minorLabel: String?

    @inlinable
    public init(code: String, majorCode: String? = nil, perMajor: Int = 1, minorLabel: String? = nil) {
        self.code = code
        self.majorCode = majorCode ?? code
        self.perMajor = perMajor
        self.minorLabel = minorLabel
    }

    public var isMinorUnit: Bool { perMajor != 1 }

    /// `value` in this unit as an amount of the major currency (pence to pounds), exactly, with
    /// three more places (a fils is a thousandth); nil only when that overflows.
    public func inMajor(_ value: ExactDecimal) -> ExactDecimal? {
        isMinorUnit ? value.divided(by: ExactDecimal(perMajor), scale: value.scale + 3) : value
    }

    /// The currency a service named, when `raw` reads as a currency code (two to six ASCII
    /// letters or digits, a letter first: `USD`, `GBp`, `USDT`); nil for anything else (a hostile
    /// or garbled field was shown as the currency of every figure: `US%{A1:TOUCH ...}D`).
    public static func sent(_ raw: String) -> Currency? {
        let b = raw.utf8
        guard (2...6).contains(b.count), let first = b.first, Self.isLetter(first),
            b.allSatisfy({ Self.isLetter($0) || (48...57).contains($0) })
        else { return nil }
        return named(raw)
    }

    private static func isLetter(_ c: UInt8) -> Bool { (65...90).contains(c) || (97...122).contains(c) }

    /// Recognises the minor-unit spellings; anything else is taken as an ISO code.
    public static func named(_ raw: String) -> Currency {
        switch raw {
        case "GBp", "GBX", "GBx": return Currency(code: raw, majorCode: "GBP", perMajor: 100, minorLabel: "pence")
        case "ILA", "ILa": return Currency(code: raw, majorCode: "ILS", perMajor: 100, minorLabel: "agorot")
        case "ZAc", "ZAC": return Currency(code: raw, majorCode: "ZAR", perMajor: 100, minorLabel: "cents")
        case "KWF": return Currency(code: raw, majorCode: "KWD", perMajor: 1000, minorLabel: "fils")
        default: return Currency(code: raw.uppercased())
        }
    }

    public var description: String { code }
}
