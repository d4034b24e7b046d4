import SquarestockCore
import SquarestockNetworking

/// Reads Yahoo's later history CSV, `query1.finance.yahoo.com/v7/finance/download/SYM?...`,
/// into a normalised series.
///
/// Header `Date,Open,High,Low,Close,Adj Close,Volume` (the last two columns swapped against
/// table.csv), rows OLDEST first, CRLF endings, and days Yahoo has nothing for sent as
/// `YYYY-MM-DD,null,null,null,null,null,null`: those rows are dropped, never read as zeros.
public enum YahooDownloadCSVDecoder {
    public static let source = "yahoo-csv"

    static let layout = HistoryCSVLayout(
        columns: [
            HistoryColumn(.date, "date"),
            HistoryColumn(.open, "open"),
            HistoryColumn(.high, "high"),
            HistoryColumn(.low, "low"),
            HistoryColumn(.close, "close"),
            HistoryColumn(.ignored, "adj close"),
            HistoryColumn(.volume, "volume"),
        ],
        requiredFields: 5, newestFirst: false, wallClockZone: nil)

    static let htmlHint = "Yahoo wants a cookie and crumb for this endpoint, or it is gone; try --source stooq"

    public static func decode(_ response: HTTPResponse, symbol: String, zone: ExchangeTimeZone,
                              interval: HistoryInterval = .daily) -> Result<HistorySeries, HistoryError> {
        HistoryCSVReader.decode(response, HistoryCSVReader.Request(
            source: source, symbol: symbol, zone: zone, interval: interval, layouts: [layout],
            headerStarts: ["date"], htmlHint: htmlHint,
            headerHint: { YahooTableCSVDecoder.layout.mismatch(header: $0) == nil
                ? "this is the table.csv layout (Volume before Adj Close); read it with YahooTableCSVDecoder" : nil }))
    }
}
