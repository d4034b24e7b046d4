/// The derived facts every output format shows for a stock at a given moment: market status,
/// local trade time, age. Computed once so table, JSON and CSV cannot disagree.
public struct QuoteFacts: Sendable {
    public var status: MarketStatusReport
    /// `2025-10-29T16:36:59Z`
    public var lastTradeUTC: String?
    /// `2025-10-29T12:36:59-04:00`
    public var lastTradeLocal: String?
    /// `2025-10-29 12:36:59 EDT`
    public var lastTradeDisplay: String?
    /// `1y ago`
    public var age: String?

    public init(stock: Stock, now: Instant) {
        status = MarketStatusRules.combine(
            computed: MarketStatusRules.status(exchange: stock.company.exchange, zone: stock.company.exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) },
                                               now: now, lastTrade: stock.price.lastTrade),
            reported: stock.reportedStatus, source: stock.source)
        if let t = stock.price.lastTrade {
            lastTradeUTC = t.iso8601UTC
            age = AgeFormatter.ago(from: t, now: now)
            if let zone = stock.timeZone {
                lastTradeLocal = zone.iso8601(at: t)
                lastTradeDisplay = zone.localDateTime(at: t).description + " " + zone.abbreviation(at: t)
            } else {
                lastTradeDisplay = t.utc.description + " UTC"
            }
        }
    }
}
