/// One security from the Nasdaq Trader symbol directory, reduced to what search and display need.
/// It keeps all three otherlisted symbologies so later code can talk to a quote source in its own
/// convention without re-reading the file.
package struct Listing: Sendable, Hashable {
    /// Display symbol in the project's convention (see `DirectorySymbol`): `AAPL`, `BRK.B`,
    /// `ABR-PD`, `ACHR.WS`, `AAM.U`, `BRW.R`.
    package var symbol: String
    /// Security name as the file has it, whitespace runs collapsed and trimmed.
    package var name: String
    package var exchange: ListingExchange
    package var type: SecurityType
    /// Share class letter (`A` for GOOGL, `B` for BRK.B), from a `.X` CQS suffix or `Class X` in
    /// the name; nil when the listing names none.
    package var shareClass: UInt8?
    /// The directory's ETF flag.
    package var isETF: Bool
    /// ACT/CTA symbol (`ABR$D`, `AAM.W`); for Nasdaq listings the Nasdaq symbol.
    package var actSymbol: String
    /// CQS symbol (`ABRpD`, `AAM.WS`); nil for Nasdaq listings, which have only one.
    package var cqsSymbol: String?
    /// Nasdaq integrated symbol (`ABR-D`, `AAM+`, `AAM=`); the same as `symbol` for Nasdaq listings.
    package var nasdaqSymbol: String
    /// Nasdaq financial status (`N`, `D`, `E`, `H`, ...); nil for otherlisted rows.
    package var financialStatus: UInt8?
    package var roundLotSize: Int

    package init(
        symbol: String, name: String, exchange: ListingExchange, type: SecurityType,
        shareClass: UInt8? = nil, isETF: Bool = false, actSymbol: String? = nil,
        cqsSymbol: String? = nil, nasdaqSymbol: String? = nil, financialStatus: UInt8? = nil,
        roundLotSize: Int = 100
    ) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.type = type
        self.shareClass = shareClass
        self.isETF = isETF
        self.actSymbol = actSymbol ?? symbol
        self.cqsSymbol = cqsSymbol
        self.nasdaqSymbol = nasdaqSymbol ?? symbol
        self.financialStatus = financialStatus
        self.roundLotSize = roundLotSize
    }
}
