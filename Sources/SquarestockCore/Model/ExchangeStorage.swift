/// The fields of an `Exchange`, held once and shared by every copy of the venue. Immutable: an
/// `Exchange` whose field is set gets new storage, so sharing one is safe across threads.
final class ExchangeStorage: Sendable {
    /// What an `Exchange` says, compared and hashed field by field as the value was before it
    /// had storage.
    struct Fields: Sendable, Hashable {
        var id: String
        var name: String
        var timeZone: String
        var hours: [DatedTradingHours]
        var currency: Currency
        var sourceCodes: [String]
        var yahooSuffix: String?  // service-names: notation
        var stooqSuffix: String?  // service-names: notation
        var tradesWeekends = false
    }

    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }
}
