/// Which of the two Nasdaq Trader directory files a body is. Their columns differ (market tier
/// vs exchange, one symbology vs three), so the header decides how each row is read.
package enum DirectoryFileKind: Sendable, Hashable {
    /// `nasdaqlisted.txt`: Nasdaq-listed securities.
    case nasdaqListed
    /// `otherlisted.txt`: NYSE, NYSE American, NYSE Arca, Cboe BZX, IEX, NYSE Texas listings.
    case otherListed

    static let nasdaqListedHeader =
        "Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares"
    static let otherListedHeader =
        "ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol"

    /// Data rows have this many `|`-separated fields (the footer may have fewer).
    static let fieldCount = 8
}
