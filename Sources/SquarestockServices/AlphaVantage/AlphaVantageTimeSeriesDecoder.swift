import Foundation
import SquarestockCore
import SquarestockNetworking

/// Reads Alpha Vantage's CSV time series (`function=TIME_SERIES_DAILY` or
/// `TIME_SERIES_INTRADAY`, `datatype=csv`) into a normalised series.
///
/// Header `timestamp,open,high,low,close,volume` (the old INTRADAY_EXTENDED said `time`; the
/// DAILY_ADJUSTED variant adds `adjusted_close` before volume), rows NEWEST first, CRLF. Daily
/// timestamps are dates (`2020-04-20`); intraday ones are `2020-04-20 16:00:00` in US/Eastern,
/// which become instants through America/New_York and are dated by the exchange's calendar.
///
/// Alpha Vantage reports trouble as a JSON object with HTTP 200 even when CSV was asked for;
/// each of its three keys becomes its own error so the CLI can tell "wait" from "fix the call".
package enum AlphaVantageTimeSeriesDecoder {
    package static let source = "alphavantage"

    /// The zone of Alpha Vantage's intraday timestamps (its JSON says `US/Eastern`).
    package static let timestampZone = "America/New_York"

    static let plain = HistoryCSVLayout(
        columns: [
            HistoryColumn(.timestamp, "timestamp", "time"),
            HistoryColumn(.open, "open"),
            HistoryColumn(.high, "high"),
            HistoryColumn(.low, "low"),
            HistoryColumn(.close, "close"),
            HistoryColumn(.volume, "volume"),
        ],
        requiredFields: 5, newestFirst: true, wallClockZone: timestampZone)

    static let adjusted = HistoryCSVLayout(
        columns: [
            HistoryColumn(.timestamp, "timestamp"),
            HistoryColumn(.open, "open"),
            HistoryColumn(.high, "high"),
            HistoryColumn(.low, "low"),
            HistoryColumn(.close, "close"),
            HistoryColumn(.ignored, "adjusted_close"),
            HistoryColumn(.volume, "volume"),
        ],
        requiredFields: 5, newestFirst: true, wallClockZone: timestampZone)

    static let htmlHint = "Alpha Vantage is overloaded (it answers with an error page); try again later"

    /// - Parameter apiKey: removed from any message quoted back (one wording echoes "your API key
    ///   as ...").
    package static func decode(
        _ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone,
        interval: HistoryInterval, apiKey: String? = nil
    ) -> Result<HistorySeries, HistoryError> {
        if response.status < 400, response.status != 429, BodyKind.classify(response.body) == .json,
            let e = jsonError(response.body, apiKey: apiKey)
        {
            return .failure(e)
        }
        return HistoryCSVReader.decode(
            response,
            HistoryCSVReader.Request(
                source: source, symbol: symbol, zone: zone, interval: interval, layouts: [plain, adjusted],
                headerStarts: ["timestamp", "time"], htmlHint: htmlHint))
    }

    /// `{"Note": ...}`, `{"Information": ...}` or `{"Error Message": ...}` as their own errors;
    /// nil for any other JSON (left to the generic screen).
    static func jsonError(_ body: [UInt8], apiKey: String?) -> HistoryError? {
        guard let value = try? JSONReader.parse(body) else { return nil }
        func message(_ key: String) -> String? {
            guard let s = value[key]?.string else { return nil }
            let clean = AlphaVantageErrors.redacted(s, apiKey: apiKey)
            return clean.count > 200 ? String(clean.prefix(199)) + "…" : clean
        }
        if let m = message("Error Message") { return .serviceErrorMessage(source: source, message: m) }
        if let m = message("Note") { return .serviceNote(source: source, message: m) }
        if let m = message("Information") {
            return AlphaVantageErrors.demoKey(m).map { .response($0) }
                ?? .serviceInformation(source: source, message: m)
        }
        return nil
    }
}
