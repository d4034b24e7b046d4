import SquarestockCore
import SquarestockMarket

/// The venue and zone a symbol's history is dated in, for sources whose answers do not say
/// (every CSV service): the registry's venue for the ticker, a few well-known indices by name,
/// and UTC (with a note) when nothing is known, so a chart still draws.
struct HistoryVenue {
    var exchange: Exchange?
    var zone: ExchangeTimeZone
    var note: String?

    /// Yahoo-style index symbols and the venue whose session they follow.
    static let indices: [String: String] = [
        "^GSPC": "US-INDEX", "^SPX": "US-INDEX", "^DJI": "US-INDEX", "^IXIC": "US-INDEX", "^NDX": "US-INDEX",
        "^RUT": "US-INDEX",
        "^VIX": "US-INDEX", "^N225": "XTKS", "^NKX": "XTKS", "^FTSE": "XLON", "^GDAXI": "XETR", "^DAX": "XETR",
        "^HSI": "XHKG",
    ]

    static let utc = try? ExchangeTimeZone(identifier: "UTC")

    /// - Parameter known: the venue when the source's own symbol names it (Alpha Vantage's `.LON`).
    static func resolve(
        symbol: String, registry: ExchangeRegistry, exchange known: Exchange? = nil,
        source: String
    ) -> Result<HistoryVenue, HistoryError> {
        let exchange =
            known ?? registry.exchange(forSymbol: symbol)
            ?? indices[symbol.uppercased()].flatMap { registry.exchange(id: $0) }
        if let id = exchange?.timeZone, let zone = try? ExchangeTimeZone(identifier: id) {
            return .success(HistoryVenue(exchange: exchange, zone: zone))
        }
        guard let utc else {
            return .failure(.response(.notConfigured(source: source, detail: "ICU knows no time zone for this symbol")))
        }
        return .success(
            HistoryVenue(
                exchange: exchange, zone: utc,
                note: "the exchange of this symbol is not known, so sessions are UTC dates"))
    }

    /// `series` as `source` sent it, in the exchange's currency when the service names none.
    func fetched(_ series: HistorySeries, source: String) -> FetchedHistory {
        var s = series
        if s.currency == nil { s.currency = exchange?.currency }
        return FetchedHistory(series: s, exchange: exchange, source: source, notes: note.map { [.remark($0)] } ?? [])
    }
}
