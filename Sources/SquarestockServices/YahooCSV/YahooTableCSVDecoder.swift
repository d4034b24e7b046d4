import SquarestockCore
import SquarestockNetworking

/// Reads the legacy Yahoo history CSV, `ichart.finance.yahoo.com/table.csv` (also served as
/// `real-chart.finance.yahoo.com/table.csv`), into a normalised series.
///
/// Header `Date,Open,High,Low,Close,Volume,Adj Close`, rows NEWEST first with LF endings;
/// weekly and monthly rows are dated at the start of their period. `Close` is taken as sent
/// (`Adj Close` is read past), and placeholder rows with volume `000` stay as they are.
public enum YahooTableCSVDecoder {
    public static let source = "yahoo-csv"

    static let layout = HistoryCSVLayout(
        columns: [
            HistoryColumn(.date, "date"),
            HistoryColumn(.open, "open"),
            HistoryColumn(.high, "high"),
            HistoryColumn(.low, "low"),
            HistoryColumn(.close, "close"),
            HistoryColumn(.volume, "volume"),
            HistoryColumn(.ignored, "adj close"),
        ],
        requiredFields: 5, newestFirst: true, wallClockZone: nil)

    static let htmlHint = "the table.csv service is gone or blocking this mirror; try --source stooq"

    public static func decode(_ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone,
                              interval: HistoryInterval = .daily) -> Result<HistorySeries, HistoryError> {
        HistoryCSVReader.decode(response, HistoryCSVReader.Request(
            source: source, symbol: symbol, zone: zone, interval: interval, layouts: [layout],
            headerStarts: ["date"], htmlHint: htmlHint,
            headerHint: { YahooDownloadCSVDecoder.layout.mismatch(header: $0) == nil
                ? "this is the v7 download layout (Adj Close before Volume); read it with YahooDownloadCSVDecoder" : nil }))
    }
}
