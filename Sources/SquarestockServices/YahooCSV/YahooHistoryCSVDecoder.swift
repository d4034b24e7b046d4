import SquarestockCore
import SquarestockNetworking

/// Reads Yahoo's history CSV into a normalised series. Yahoo has served it in two layouts over
/// the years, and a mirror may still serve either, so the layout is a value of one decoder.
package enum YahooHistoryCSVDecoder {
    package static let source = "yahoo-csv"

    package enum Layout: Sendable {
        /// The legacy `ichart.finance.yahoo.com/table.csv` (also served as
        /// `real-chart.finance.yahoo.com/table.csv`). Header
        /// `Date,Open,High,Low,Close,Volume,Adj Close`, rows NEWEST first with LF endings;
        /// weekly and monthly rows are dated at the start of their period. `Close` is taken as
        /// sent (`Adj Close` is read past), and placeholder rows with volume `000` stay as they are.
        case table
        /// The later `query1.finance.yahoo.com/v7/finance/download/SYM?...`. Header
        /// `Date,Open,High,Low,Close,Adj Close,Volume` (the last two columns swapped against
        /// table.csv), rows OLDEST first, CRLF endings, and days Yahoo has nothing for sent as
        /// `YYYY-MM-DD,null,null,null,null,null,null`: those rows are dropped, never read as zeros.
        case download

        var columns: HistoryCSVLayout {
            let volume = HistoryColumn(.volume, "volume")
            let adjusted = HistoryColumn(.ignored, "adj close")
            let prices = [
                HistoryColumn(.date, "date"), HistoryColumn(.open, "open"), HistoryColumn(.high, "high"),
                HistoryColumn(.low, "low"), HistoryColumn(.close, "close"),
            ]
            return HistoryCSVLayout(
                columns: prices + (self == .table ? [volume, adjusted] : [adjusted, volume]),
                requiredFields: 5, newestFirst: self == .table, wallClockZone: nil)
        }

        /// What an HTML answer most likely means for this endpoint.
        var htmlHint: String {
            switch self {
            case .table: "the table.csv service is gone or blocking this mirror; try --source stooq"
            case .download: "Yahoo wants a cookie and crumb for this endpoint, or it is gone; try --source stooq"
            }
        }

        /// The hint given when the header is the other layout's.
        var otherLayoutHint: String {
            switch self {
            case .table:
                "this is the v7 download layout (Adj Close before Volume); read it with the .download layout"
            case .download:
                "this is the table.csv layout (Volume before Adj Close); read it with the .table layout"
            }
        }

        var other: Layout { self == .table ? .download : .table }
    }

    package static func decode(
        _ response: HTTPResponse, layout: Layout, symbol: String, zone: ExchangeTimeZone,
        interval: HistoryInterval = .daily
    ) -> Result<HistorySeries, HistoryError> {
        let otherColumns = layout.other.columns
        return HistoryCSVReader.decode(
            response,
            HistoryCSVReader.Request(
                source: source, symbol: symbol, zone: zone, interval: interval, layouts: [layout.columns],
                headerStarts: ["date"], htmlHint: layout.htmlHint,
                headerHint: { otherColumns.mismatch(header: $0) == nil ? layout.otherLayoutHint : nil })
        ).map(withoutFloatNoise)
    }

    /// The series with its prices' float noise dropped (`YahooFloatPrice.fromSixDecimals`): the
    /// legacy CSV printed 32-bit floats to six decimals, and `650.900024` was never a price.
    static func withoutFloatNoise(_ series: HistorySeries) -> HistorySeries {
        var out = series
        let clean: (ExactDecimal?) -> ExactDecimal? = { $0.map(YahooFloatPrice.fromSixDecimals) }
        out.bars = HistoryBars(
            series.bars.map { b in
                var bar = b
                (bar.open, bar.high, bar.low, bar.close) = (clean(b.open), clean(b.high), clean(b.low), clean(b.close))
                return bar
            })
        return out
    }
}
