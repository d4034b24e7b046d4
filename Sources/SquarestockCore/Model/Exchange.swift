/// A trading venue: where a symbol trades, in which zone its clock runs, when it trades and in
/// which currency it quotes. Sources name venues in their own codes; this is the one place that
/// knows them all.
///
/// The fields sit behind one shared reference (`ExchangeStorage`), replaced when one is set:
/// every stock carries its venue, and a venue is a dozen fields, so a copy of a stock (or of a
/// registry's venue) counts one reference instead of a dozen.
public struct Exchange: Sendable, Hashable, Identifiable {
    private var storage: ExchangeStorage

    public init(
        id: String, name: String, timeZone: String, hours: [DatedTradingHours], currency: Currency,
        sourceCodes: [String], yahooSuffix: String?, stooqSuffix: String?  // service-names: notation
    ) {
        storage = ExchangeStorage(
            ExchangeStorage.Fields(
                id: id, name: name, timeZone: timeZone, hours: hours, currency: currency, sourceCodes: sourceCodes,
                yahooSuffix: yahooSuffix, stooqSuffix: stooqSuffix))  // service-names: notation
    }

    /// ISO 10383 market identifier (`XNYS`), or a short id for venue groups (`US`, `CRYPTO`).
    public var id: String {
        get { storage.fields.id }
        set { update { $0.id = newValue } }
    }
    /// Name shown to users.
    public var name: String {
        get { storage.fields.name }
        set { update { $0.name = newValue } }
    }
    /// IANA zone of the exchange's wall clock.
    public var timeZone: String {
        get { storage.fields.timeZone }
        set { update { $0.timeZone = newValue } }
    }
    public var hours: [DatedTradingHours] {
        get { storage.fields.hours }
        set { update { $0.hours = newValue } }
    }
    public var currency: Currency {
        get { storage.fields.currency }
        set { update { $0.currency = newValue } }
    }
    /// Codes Yahoo uses for the venue (`NMS`, `NYQ`, `PAR`, ...), and Stooq-era exchange names.
    /// The suffixes below are the venue's spelling in two symbol notations (Yahoo's is also
    /// squarestock's own), marked for the service-name check as notation, not a choice of service.
    public var sourceCodes: [String] {
        get { storage.fields.sourceCodes }
        set { update { $0.sourceCodes = newValue } }
    }
    /// Yahoo ticker suffix without the dot (`L`, `PA`); nil for US listings.
    public var yahooSuffix: String? {  // service-names: notation
        get { storage.fields.yahooSuffix }  // service-names: notation
        set { update { $0.yahooSuffix = newValue } }  // service-names: notation
    }
    /// Stooq ticker suffix (`us`, `uk`); nil where Stooq has no listings.
    public var stooqSuffix: String? {  // service-names: notation
        get { storage.fields.stooqSuffix }  // service-names: notation
        set { update { $0.stooqSuffix = newValue } }  // service-names: notation
    }
    /// Crypto trades every day; FX around the clock on weekdays only.
    public var tradesWeekends: Bool {
        get { storage.fields.tradesWeekends }
        set { update { $0.tradesWeekends = newValue } }
    }

    /// The hours in force on a local date.
    public func hours(on date: CivilDate) -> TradingHours {
        let hours = storage.fields.hours
        var current = hours[0].hours
        for h in hours where h.from <= date { current = h.hours }
        return current
    }

    /// Whether the venue never closes on a trading day (crypto, FX).
    public var isContinuous: Bool { storage.fields.hours.allSatisfy { $0.hours.isContinuous } }

    /// Sets a field in new storage: other copies keep theirs. Venues are built once and then
    /// read, so this runs while a registry is made, never per quote.
    private mutating func update(_ change: (inout ExchangeStorage.Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = ExchangeStorage(fields)
    }

    public static func == (a: Exchange, b: Exchange) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }
}
