/// Converts otherlisted.txt's CQS symbols to the one display convention squarestock shows and
/// accepts, and says what the suffix means. The file carries three symbologies per row and none
/// of them is what users type or what Yahoo-style sources expect.
///
/// | kind                   | ACT      | CQS        | NASDAQ   | display      |
/// |------------------------|----------|------------|----------|--------------|
/// | common stock           | `F`      | `F`        | `F`      | `F`          |
/// | share class            | `BRK.B`  | `BRK.B`    | `BRK.B`  | `BRK.B`      |
/// | preferred, series D    | `ABR$D`  | `ABRpD`    | `ABR-D`  | `ABR-PD`     |
/// | preferred, no series   | `XYZ$`   | `XYZp`     | `XYZ-`   | `XYZ-P`      |
/// | warrant                | `AAM.W`  | `AAM.WS`   | `AAM+`   | `AAM.WS`     |
/// | warrant, series A      | `NE.A`   | `NE.WS.A`  | `NE+A`   | `NE.WS.A`    |
/// | unit                   | `AAM.U`  | `AAM.U`    | `AAM=`   | `AAM.U`      |
/// | right                  | `BRW.R`  | `BRWr`     | `BRW^`   | `BRW.R`      |
/// | right, when issued     | `JGH.V`  | `JGHrw`    | `JGH^#`  | `JGH.R.WI`   |
/// | when issued            |          | `XYZw`     | `XYZ#`   | `XYZ.WI`     |
///
/// Preferreds follow Yahoo (`ABR-PD`); share classes keep the dot users type (`BRK.B`; Yahoo
/// itself wants `BRK-B`, which the quote source adapter must produce). Nasdaq-listed symbols
/// have no suffix punctuation (`AACBW`, `AACBU`) and are shown as they are.
enum DirectorySymbol {
    /// What a CQS suffix says about the security.
    enum Suffix: Equatable {
        case none
        case shareClass(UInt8)
        case preferred
        case warrant
        case unit
        case right
        case whenIssued
        case unknown
    }

    static func isUpperAlnum(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 48 && b <= 57) }

    /// Display symbol and suffix meaning for a CQS symbol.
    static func display(cqs: UnsafeBufferPointer<UInt8>) -> (symbol: String, suffix: Suffix) {
        var baseEnd = 0
        while baseEnd < cqs.count && isUpperAlnum(cqs[baseEnd]) { baseEnd += 1 }
        let base = UnsafeBufferPointer(rebasing: cqs[0..<baseEnd])
        let rest = UnsafeBufferPointer(rebasing: cqs[baseEnd...])
        if rest.isEmpty { return (String(decoding: base, as: UTF8.self), .none) }

        var out = [UInt8](base)
        func ascii(_ s: StaticString) { s.withUTF8Buffer { out.append(contentsOf: $0) } }
        let suffix: Suffix
        let dot = UInt8(ascii: ".")
        let p = UInt8(ascii: "p")
        let r = UInt8(ascii: "r")
        let w = UInt8(ascii: "w")
        if rest.count == 2 && rest[0] == dot && rest[1] >= 65 && rest[1] <= 90 {
            out.append(contentsOf: rest)
            suffix = rest[1] == UInt8(ascii: "U") ? .unit : .shareClass(rest[1])
        } else if rest.starts(with: ".WS".utf8) && (rest.count == 3 || (rest.count == 5 && rest[3] == dot)) {
            out.append(contentsOf: rest)
            suffix = .warrant
        } else if rest[0] == p && (rest.count == 1 || (rest.count == 2 && rest[1] >= 65 && rest[1] <= 90)) {
            ascii("-P")
            if rest.count == 2 { out.append(rest[1]) }
            suffix = .preferred
        } else if rest.count == 1 && rest[0] == r {
            ascii(".R")
            suffix = .right
        } else if rest.count == 2 && rest[0] == r && rest[1] == w {
            ascii(".R.WI")
            suffix = .right
        } else if rest.count == 1 && rest[0] == w {
            ascii(".WI")
            suffix = .whenIssued
        } else {
            // Unknown shape: upper-case it so it still reads as a ticker.
            for b in rest { out.append(b >= 97 && b <= 122 ? b - 32 : b) }
            suffix = .unknown
        }
        return (String(decoding: out, as: UTF8.self), suffix)
    }

    /// Display form of a CQS symbol given as a string (tests, tools).
    static func display(cqs: String) -> String {
        var bytes = Array(cqs.utf8)
        return bytes.withUnsafeMutableBufferPointer { display(cqs: UnsafeBufferPointer($0)).symbol }
    }

    /// Upper-case letters and digits of a symbol, punctuation dropped: the key tickers are
    /// compared by (`brk.b`, `BRK-B`, `brk/b` and `BRKB` all give `BRKB`).
    static func compactKey(_ s: some Sequence<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        for b in s {
            if b >= 97 && b <= 122 { out.append(b - 32) } else if isUpperAlnum(b) { out.append(b) }
        }
        return out
    }
}
