/// The venue a directory row lists a security on. The two directory files name venues by
/// one-letter codes in different columns (Nasdaq's market tier Q/G/S, otherlisted's exchange
/// N/A/P/Z/V/M); this turns them into one value with a display name, the ISO 10383 MIC that
/// `ExchangeRegistry` uses, and the aliases the `--exchange` filter accepts.
package struct ListingExchange: Sendable, Hashable, CustomStringConvertible {
    /// `nasdaq` for the Nasdaq tiers, otherwise the otherlisted exchange code.
    package enum Source: Sendable, Hashable { case nasdaqTier, otherListed }

    /// The code as the file has it: `Q`, `G`, `S` (Nasdaq tiers) or `N`, `A`, `P`, `Z`, `V`, `M`.
    package let code: UInt8
    package let source: Source
    /// `Nasdaq`, `NYSE`, `NYSE American`, `NYSE Arca`, `Cboe BZX`, `IEX`, `NYSE Texas`.
    package let name: String
    /// Nasdaq's tier for Nasdaq listings (`Global Select`, `Global Market`, `Capital Market`).
    package let tier: String?
    /// ISO 10383 operating MIC (`XNAS`, `XNYS`, ...); `BATS` as `ExchangeRegistry` names Cboe BZX.
    package let mic: String

    /// A Nasdaq listing in market category `Q`, `G` or `S`; nil for any other code.
    package init?(nasdaqMarketCategory code: UInt8) {
        let tier: String
        switch code {
        case UInt8(ascii: "Q"): tier = "Global Select"
        case UInt8(ascii: "G"): tier = "Global Market"
        case UInt8(ascii: "S"): tier = "Capital Market"
        default: return nil
        }
        self.code = code
        self.source = .nasdaqTier
        self.name = "Nasdaq"
        self.tier = tier
        self.mic = "XNAS"
    }

    /// An otherlisted.txt exchange code; nil for codes this version does not know.
    package init?(otherListedCode code: UInt8) {
        let name: String
        let mic: String
        switch code {
        case UInt8(ascii: "N"): (name, mic) = ("NYSE", "XNYS")
        case UInt8(ascii: "A"): (name, mic) = ("NYSE American", "XASE")
        case UInt8(ascii: "P"): (name, mic) = ("NYSE Arca", "ARCX")
        case UInt8(ascii: "Z"): (name, mic) = ("Cboe BZX", "BATS")
        case UInt8(ascii: "V"): (name, mic) = ("IEX", "IEXG")
        case UInt8(ascii: "M"): (name, mic) = ("NYSE Texas", "XCHI")
        default: return nil
        }
        self.code = code
        self.source = .otherListed
        self.name = name
        self.tier = nil
        self.mic = mic
    }

    /// An otherlisted exchange code this version does not know (Nasdaq adds venues without
    /// notice: `M`, NYSE Texas, appeared in 2025). Shown as `Exchange X` rather than dropping rows.
    init(unknownOtherListedCode code: UInt8) {
        self.code = code
        self.source = .otherListed
        self.name = "Exchange " + String(UnicodeScalar(code))
        self.tier = nil
        self.mic = ""
    }

    package var description: String { name }

    /// Every venue the directory's codes name: what a `--exchange` value must match one of, or
    /// the search would say "nothing matches" for a venue it never heard of.
    package static let known: [ListingExchange] =
        "QGS".utf8.compactMap(ListingExchange.init(nasdaqMarketCategory:))
        + "NAPZVM".utf8.compactMap(ListingExchange.init(otherListedCode:))

    /// Whether `filter` names one of the `known` venues.
    package static func isKnown(filter: String) -> Bool { known.contains { $0.matches(filter: filter) } }

    /// Whether a user's `--exchange` value names this venue. Accepts the display name, the MIC,
    /// common aliases (`amex`, `arca`, `bats`, `cboe`) and, for Nasdaq, the tier (`nasdaq-gs`,
    /// `global select`, `capital market`). Case, spaces, dashes and underscores are ignored;
    /// `nasdaq` matches all three tiers and `nyse` matches only the NYSE main board.
    package func matches(filter: String) -> Bool {
        let key = ListingExchange.filterKey(filter)
        if key.isEmpty { return true }
        if key == ListingExchange.filterKey(name) || key == mic.lowercased() { return true }
        switch (source, code) {
        case (.nasdaqTier, let c):
            if key == "nasdaq" || key == "nas" || key == "nms" { return true }
            let tierKey = ListingExchange.filterKey(tier ?? "")
            if key == tierKey || key == "nasdaq" + tierKey { return true }
            switch c {
            case UInt8(ascii: "Q"): return key == "nasdaqgs" || key == "ngs" || key == "q"
            case UInt8(ascii: "G"): return key == "nasdaqgm" || key == "ngm" || key == "g"
            default: return key == "nasdaqcm" || key == "ncm" || key == "s"
            }
        case (.otherListed, UInt8(ascii: "N")): return key == "nyq" || key == "n"
        case (.otherListed, UInt8(ascii: "A")): return ["amex", "nysemkt", "ase", "a", "american"].contains(key)
        case (.otherListed, UInt8(ascii: "P")): return ["arca", "pcx", "p", "nysearca"].contains(key)
        case (.otherListed, UInt8(ascii: "Z")): return ["bats", "bzx", "cboe", "z", "cboebzx"].contains(key)
        case (.otherListed, UInt8(ascii: "V")): return ["iexg", "v"].contains(key)
        case (.otherListed, UInt8(ascii: "M")): return ["nysetx", "texas", "nysechicago", "m"].contains(key)
        default: return false
        }
    }

    static func filterKey(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" && $0 != "." })
    }
}
