import SquarestockCore
import SquarestockNetworking

/// Reads Stooq's history CSV from `/q/d/l/?s=...&i=d` (and `w`, `m`, and the intraday `i=5`,
/// `i=15`, `i=60` ...) into a normalised series.
///
/// Stooq sends rows oldest first with CRLF. Files from stooq.pl carry Polish headers
/// (`Data,Otwarcie,Najwyzszy,Najnizszy,Zamkniecie,Wolumen`), index rows before 1950 stop after
/// Close (the Volume field is absent, not empty), and intraday rows add a `Time` column in
/// Europe/Warsaw wall-clock time whatever the symbol's exchange: those become instants through
/// Warsaw and are dated by the exchange's own calendar. Daily, weekly and monthly rows are dated
/// at their session date. Errors reuse the quote decoder's answers to Stooq's text bodies
/// (`No data`, the daily hits limit) and its HTML hint.
package enum StooqHistoryDecoder {
    package static let source = StooqDecoder.source

    /// The columns after the date (and time), in English or Polish as Stooq names them.
    static let priceColumns = [
        HistoryColumn(.open, "open", "otwarcie"),
        HistoryColumn(.high, "high", "najwyzszy"),
        HistoryColumn(.low, "low", "najnizszy"),
        HistoryColumn(.close, "close", "zamkniecie"),
        HistoryColumn(.volume, "volume", "wolumen"),
    ]

    static let daily = HistoryCSVLayout(
        columns: [HistoryColumn(.date, "date", "data")] + priceColumns,
        requiredFields: 5, newestFirst: false, wallClockZone: nil)

    static let intraday = HistoryCSVLayout(
        columns: [HistoryColumn(.date, "date", "data"), HistoryColumn(.time, "time", "czas")] + priceColumns,
        requiredFields: 6, newestFirst: false, wallClockZone: "Europe/Warsaw")

    /// - Parameters:
    ///   - zone: the symbol's exchange zone, which names the sessions.
    ///   - interval: what was asked for (`i=d` is `.daily`, `i=5` is `.minutes(5)`).
    package static func decode(
        _ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone,
        interval: HistoryInterval
    ) -> Result<HistorySeries, HistoryError> {
        decode(response, symbol: symbol, zone: zone, interval: interval, rowScanner: true)
    }

    /// As `decode(_:symbol:zone:interval:)`; `rowScanner: false` reads every row with the general
    /// path, which tests and the benchmark hold the fast path against.
    package static func decode(
        _ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone,
        interval: HistoryInterval, rowScanner: Bool
    ) -> Result<HistorySeries, HistoryError> {
        read(
            response, symbol: symbol, zone: zone, interval: interval, layouts: layouts(interval), rowScanner: rowScanner
        )
    }

    /// As `decode(_:symbol:zone:interval:rowScanner:)` for a body handed over in pieces (see
    /// `HistoryCSVReader.decode(head:expectedBytes:_:rowScanner:piece:read:)`), so a long
    /// intraday file is never resident whole beside its bars.
    package static func decode<E: Error>(
        head: HTTPResponse, expectedBytes: Int?, symbol: String, zone: ExchangeTimeZone,
        interval: HistoryInterval, rowScanner: Bool = true, read: (UnsafeMutableRawBufferPointer) throws(E) -> Int
    ) throws(E) -> Result<HistorySeries, HistoryError> {
        try HistoryCSVReader.decode(
            head: head, expectedBytes: expectedBytes,
            request(symbol: symbol, zone: zone, interval: interval, layouts: layouts(interval)),
            rowScanner: rowScanner, read: read)
    }

    private static func layouts(_ interval: HistoryInterval) -> [HistoryCSVLayout] {
        interval.isIntraday ? [intraday, daily] : [daily, intraday]
    }

    /// The quote path's `i=5` answer: intraday bars only, since a daily file there is the wrong
    /// answer (its header is reported as unexpected).
    static func decodeIntraday(_ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone)
        -> Result<HistorySeries, HistoryError>
    {
        read(response, symbol: symbol, zone: zone, interval: .minutes(5), layouts: [intraday], rowScanner: true)
    }

    private static func read(
        _ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone, interval: HistoryInterval,
        layouts: [HistoryCSVLayout], rowScanner: Bool
    ) -> Result<HistorySeries, HistoryError> {
        HistoryCSVReader.decode(
            response, request(symbol: symbol, zone: zone, interval: interval, layouts: layouts), rowScanner: rowScanner)
    }

    private static func request(
        symbol: String, zone: ExchangeTimeZone, interval: HistoryInterval, layouts: [HistoryCSVLayout]
    ) -> HistoryCSVReader.Request {
        HistoryCSVReader.Request(
            source: source, symbol: symbol, zone: zone, interval: interval, layouts: layouts,
            headerStarts: ["date", "data"], htmlHint: StooqDecoder.htmlHint, textRules: StooqDecoder.textRules)
    }
}
