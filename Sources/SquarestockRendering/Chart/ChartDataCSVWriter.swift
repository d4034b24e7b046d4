import SquarestockCore

/// `chart --format csv`: the series itself, one row per bar, oldest first, for scripts and
/// spreadsheets. Times in UTC and in the exchange's zone (with its offset), the exchange's session
/// date, and OHLCV digit for digit as received; a value the source left out is empty.
package enum ChartDataCSVWriter {
    package static let columns = ["symbol", "session", "time", "localTime", "open", "high", "low", "close", "volume"]

    package static func render(_ data: ChartData) -> String {
        var out = columns.joined(separator: ",") + "\n"
        let zone = data.series.zone
        let symbol = CSVText.quoted(data.symbol)
        for b in data.series.bars {
            out +=
                [
                    symbol, b.session.description, b.time.iso8601UTC, zone.iso8601(at: b.time),
                    d(b.open), d(b.high), d(b.low), d(b.close), d(b.volume),
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    static func d(_ v: ExactDecimal?) -> String { v?.description ?? "" }
}
