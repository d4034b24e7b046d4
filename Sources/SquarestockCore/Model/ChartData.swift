/// Everything `squarestock chart` shows for one symbol: the bars of the range, the previous close
/// and what the source said besides; the drawing, CSV and JSON are all made from it.
public struct ChartData: Sendable {
    public var symbol: String
    public var range: ChartRange
    /// The bars the range shows, oldest first.
    public var series: HistorySeries
    /// The close of the session before the first one shown, when known (the dotted baseline of
    /// intraday ranges, and the reference of the change).
    public var previousClose: ExactDecimal?
    public var exchange: Exchange?
    public var name: String?
    /// The source that answered.
    public var source: String
    /// What the source said besides (a recording, a fallback, a shortened series).
    public var notes: [StockNote]

    public init(
        symbol: String, range: ChartRange, series: HistorySeries, previousClose: ExactDecimal? = nil,
        exchange: Exchange? = nil,
        name: String? = nil, source: String, notes: [StockNote] = []
    ) {
        self.symbol = symbol
        self.range = range
        self.series = series
        self.previousClose = previousClose
        self.exchange = exchange
        self.name = name
        self.source = source
        self.notes = notes
    }
}
