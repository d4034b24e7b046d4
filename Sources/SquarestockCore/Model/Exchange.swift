/// A trading venue: where a symbol trades, in which zone its clock runs, when it trades and in
/// which currency it quotes. Sources name venues in their own codes; this is the one place that
/// knows them all.
public struct Exchange: Sendable, Hashable, Identifiable {
    /// ISO 10383 market identifier (`XNYS`), or a short id for venue groups (`US`, `CRYPTO`).
    public var id: String
    /// Name shown to users.
    public var name: String
    /// IANA zone of the exchange's wall clock.
    public var timeZone: String
    public var hours: [DatedTradingHours]
    public var currency: Currency
    /// Codes Yahoo uses for the venue (`NMS`, `NYQ`, `PAR`, ...), and Stooq-era exchange names.
    /// The suffixes below are the venue's spelling in two symbol notations (Yahoo's is also
    /// squarestock's own), marked for the service-name check as notation, not a choice of service.
    public var sourceCodes: [String]
    /// Yahoo ticker suffix without the dot (`L`, `PA`); nil for US listings.
    public var yahooSuffix: String?  // service-names: notation
    /// Stooq ticker suffix (`us`, `uk`); nil where Stooq has no listings.
    public var stooqSuffix: String?  // service-names: notation

    public init(
        id: String, name: String, timeZone: String, hours: [DatedTradingHours], currency: Currency,
        sourceCodes: [String], yahooSuffix: String?, stooqSuffix: String?  // service-names: notation
    ) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.hours = hours
        self.currency = currency
        self.sourceCodes = sourceCodes
        self.yahooSuffix = yahooSuffix  // service-names: notation
        self.stooqSuffix = stooqSuffix  // service-names: notation
    }

    /// The hours in force on a local date.
    public func hours(on date: CivilDate) -> TradingHours {
        var current = hours[0].hours
        for h in hours where h.from <= date { current = h.hours }
        return current
    }

    /// Crypto trades every day; FX around the clock on weekdays only.
    public var tradesWeekends: Bool = false

    /// Whether the venue never closes on a trading day (crypto, FX).
    public var isContinuous: Bool { hours.allSatisfy { $0.hours.isContinuous } }
}
