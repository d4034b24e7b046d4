import GRDB
import SquarestockCore

/// The daily closes the returns value with (`daily_price`, schema v4), and the span of days each
/// symbol's source has been asked for (`daily_price_span`), so a refresh never asks again for a
/// day it already has.
extension PortfolioStore {
    /// The span of days a symbol's source has answered for.
    public struct PriceSpan: Sendable, Equatable {
        public var first: CivilDate
        public var through: CivilDate

        public init(first: CivilDate, through: CivilDate) {
            self.first = first
            self.through = through
        }

        /// Whether every day of `from...to` is inside it.
        public func covers(_ from: CivilDate, _ to: CivilDate) -> Bool { first <= from && to <= through }
    }

    /// Every stored close of `symbols`, by symbol, in date order.
    public func dailyCloses(_ symbols: some Sequence<String>) throws(PortfolioError) -> [DailyClose] {
        var out: [DailyClose] = []
        try eachDailyClose(symbols) { symbol, day, close, currency, source, fetched, adjusted in
            out.append(
                DailyClose(
                    symbol: symbol, date: CivilDate(daysSinceEpoch: day), close: close, currency: currency,
                    source: source, fetched: Instant(secondsSinceEpoch: fetched), splitAdjusted: adjusted))
        }
        return out
    }

    /// Every stored close of `symbols` into `builder` (by symbol, each in date order), with no
    /// row kept beside the book's columns.
    public func dailyCloses(_ symbols: some Sequence<String>, into builder: inout PriceBook.Builder)
        throws(PortfolioError)
    {
        try eachDailyClose(symbols) { symbol, day, close, currency, source, fetched, adjusted in
            builder.add(
                symbol: symbol, day: day, close: close, currency: currency, source: source, fetched: fetched,
                splitAdjusted: adjusted)
        }
    }

    func eachDailyClose(
        _ symbols: some Sequence<String>,
        _ body: (String, Int64, ExactDecimal, String, String, Int64, Bool) -> Void
    ) throws(PortfolioError) {
        let list = Array(Set(symbols)).sorted()
        guard !list.isEmpty else { return }
        try run {
            try queue.read { db in
                for symbol in list {
                    try DailyPriceRows.each(db, symbol: symbol) { day, close, currency, source, fetched, adjusted in
                        body(symbol, day, close, currency, source, fetched, adjusted)
                    }
                }
            }
        }
    }

    /// The span asked for each of `symbols` (absent: never asked).
    public func priceSpans(_ symbols: some Sequence<String>) throws(PortfolioError) -> [String: PriceSpan] {
        try run {
            try queue.read { db in
                var out: [String: PriceSpan] = [:]
                for symbol in Set(symbols) {
                    guard
                        let r = try Row.fetchOne(
                            db, sql: "SELECT first, through FROM daily_price_span WHERE symbol = ?", arguments: [symbol]
                        ),
                        let first = DateTimeParsing.isoDate(r[0] as String),
                        let through = DateTimeParsing.isoDate(r[1] as String)
                    else { continue }
                    out[symbol] = PriceSpan(first: first, through: through)
                }
                return out
            }
        }
    }

    /// Stores fetched closes (a day already stored keeps its close: a price the user typed is
    /// never overwritten by a fetch) and widens each symbol's asked span by `asked`, in one write.
    /// It waits for another process's write, unlike `store(prices:)`: the returns are computed
    /// from the closes stored, so closes not stored would not be used at all.
    public func storeFetched(_ closes: [DailyClose], asked: [String: PriceSpan], at now: Instant)
        throws(PortfolioError)
    {
        guard !closes.isEmpty || !asked.isEmpty else { return }
        try run {
            try write { db in
                let insert = try db.cachedStatement(
                    sql:
                        "INSERT OR IGNORE INTO daily_price (symbol, date, close, currency, source, fetched, adjusted) VALUES (?, ?, ?, ?, ?, ?, ?)"
                )
                for c in closes {
                    try insert.execute(arguments: Self.arguments(c))
                }
                for (symbol, span) in asked {
                    try db.execute(
                        sql: """
                            INSERT INTO daily_price_span (symbol, first, through, fetched) VALUES (?, ?, ?, ?)
                            ON CONFLICT (symbol) DO UPDATE SET first = min(first, excluded.first),
                                through = max(through, excluded.through), fetched = excluded.fetched
                            """,
                        arguments: [symbol, span.first.description, span.through.description, now.secondsSinceEpoch])
                }
            }
        }
    }

    /// Stores closes the user gave (`portfolio price`, a price file), replacing what a day held.
    public func storeGiven(_ closes: [DailyClose]) throws(PortfolioError) {
        guard !closes.isEmpty else { return }
        try run {
            try write { db in
                let insert = try db.cachedStatement(
                    sql:
                        "INSERT OR REPLACE INTO daily_price (symbol, date, close, currency, source, fetched, adjusted) VALUES (?, ?, ?, ?, ?, ?, ?)"
                )
                for c in closes { try insert.execute(arguments: Self.arguments(c)) }
            }
        }
    }

    static func arguments(_ c: DailyClose) -> StatementArguments {
        [
            c.symbol, c.date.description, c.close.description, c.currency, c.source, c.fetched.secondsSinceEpoch,
            c.splitAdjusted ? 1 : 0,
        ]
    }
}
