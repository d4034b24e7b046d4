/// What a `Stock` says beyond its company, its price and its session, held once and shared by
/// every stock built alike. Most of it is the same for every line of a source's answer on one
/// venue (currency, zone, source name, the reason for no intraday data), so a decoder hands one
/// to all those stocks and each stock's copy is one counted reference. Immutable: a stock whose
/// detail is set gets new details, so sharing them is safe across threads.
@usableFromInline
final class StockDetails: Sendable {
    /// The values, as `Stock`'s accessors of the same names read and set them.
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var currency: Currency?
        @usableFromInline var timeZone: ExchangeTimeZone?
        @usableFromInline var intraday: [IntradayPoint]
        @usableFromInline var source: String
        @usableFromInline var notes: [StockNote]
        @usableFromInline var intradayUnavailable: String?
        @usableFromInline var reportedStatus: MarketStatus? = nil
        @usableFromInline var extendedHours: ExtendedHoursQuote? = nil
        @usableFromInline var recordedAt: Instant? = nil
        @usableFromInline var priceDecimals: Int? = nil

        @inlinable
        init(
            currency: Currency?, timeZone: ExchangeTimeZone?, intraday: [IntradayPoint], source: String,
            notes: [StockNote], intradayUnavailable: String?
        ) {
            self.currency = currency
            self.timeZone = timeZone
            self.intraday = intraday
            self.source = source
            self.notes = notes
            self.intradayUnavailable = intradayUnavailable
        }
    }

    @usableFromInline let fields: Fields

    @inlinable
    init(_ fields: Fields) { self.fields = fields }
}
