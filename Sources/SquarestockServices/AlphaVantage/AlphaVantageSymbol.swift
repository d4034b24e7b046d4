import SquarestockCore
import SquarestockMarket

/// Alpha Vantage spells non-US listings with its own suffixes: `VOD.L` -> `VOD.LON`,
/// `SAP.DE` -> `SAP.DEX`, `RY.TO` -> `RY.TRT`.
package enum AlphaVantageSymbol {
    static let suffixes: [String: String] = ["L": "LON", "DE": "DEX", "TO": "TRT", "F": "FRK"]

    package static func ticker(for symbol: String, registry: ExchangeRegistry = .standard) -> Result<String, QuoteError>
    {
        let s = symbol.uppercased()
        if s.hasPrefix("^") || s.hasSuffix("=X") || s.hasSuffix("-USD") {
            return .failure(
                .unsupportedSymbol(
                    source: "alphavantage",
                    reason: "indices, FX and crypto need other Alpha Vantage functions; try --source yahoo"))
        }
        guard let dot = s.lastIndex(of: ".") else { return .success(s) }
        let suffix = String(s[s.index(after: dot)...])
        if let av = suffixes[suffix] { return .success(String(s[..<dot]) + "." + av) }
        // A US class share (`BRK.B`) has a dot but no venue suffix.
        if registry.exchange(forSymbol: s)?.id == "US" { return .success(s) }
        return .failure(
            .unsupportedSymbol(
                source: "alphavantage",
                reason: "no Alpha Vantage spelling is known for .\(suffix) listings; try --source yahoo"))
    }

    /// The exchange an Alpha Vantage symbol or region belongs to, for zones and hours: its
    /// `UTC-04`-style offsets are only valid on the day they were sent.
    package static func exchange(symbol: String, region: String?, registry: ExchangeRegistry) -> Exchange? {
        let s = symbol.uppercased()
        if s.hasSuffix(".LON") { return registry.exchange(id: "XLON") }
        if s.hasSuffix(".DEX") || s.hasSuffix(".FRK") { return registry.exchange(id: "XETR") }
        if s.hasSuffix(".TRT") { return registry.exchange(id: "XTSE") }
        switch region {
        case "United States"?: return registry.exchange(id: "US")
        case "United Kingdom"?: return registry.exchange(id: "XLON")
        case "Frankfurt"?, "XETRA"?, "Germany"?: return registry.exchange(id: "XETR")
        case "Toronto"?, "Toronto Venture"?, "Canada"?: return registry.exchange(id: "XTSE")
        case "Tokyo"?, "Japan"?: return registry.exchange(id: "XTKS")
        case "Hong Kong"?: return registry.exchange(id: "XHKG")
        case "Paris"?, "France"?: return registry.exchange(id: "XPAR")
        case "Amsterdam"?, "Netherlands"?: return registry.exchange(id: "XAMS")
        case "Switzerland"?: return registry.exchange(id: "XSWX")
        case "Singapore"?: return registry.exchange(id: "XSES")
        case "Australia"?: return registry.exchange(id: "XASX")
        case nil: return s.contains(".") && !s.dropLast().hasSuffix(".") ? nil : registry.exchange(id: "US")
        default: return nil
        }
    }
}
