import SquarestockCore

/// What `book`, `trades` and `markets` get back from the facade: the exchange that answered and
/// the value, or the error to print (per pair, with the exchange's own suggestion).
public struct ExchangeReport<Value: Sendable>: Sendable {
    /// `kraken`, as the user names it.
    public var exchange: String
    /// `Kraken`, for tables.
    public var exchangeDisplayName: String
    /// The pair asked for, as the user wrote it (nil for `markets`).
    public var symbol: String?
    public var outcome: Result<Value, QuoteError>
    /// When the answer was fetched (exchanges do not timestamp their REST tickers and books).
    public var fetchedAt: Instant

    public var value: Value? { try? outcome.get() }

    /// The pair asked for, in squarestock's spelling.
    public var pair: TradingPair? { symbol.flatMap(TradingPair.init(symbol:)) }

    /// The line for standard error, prefixed with the pair when there is one.
    public var errorMessage: String? {
        guard case .failure(let e) = outcome else { return nil }
        return symbol.map { e.message(symbol: $0) } ?? "\(exchange): " + e.detail
    }

    /// 0 with a value, 3 when the exchange could not be reached or refused, 1 otherwise (an
    /// unknown pair), as for quotes.
    public var status: ExitStatus {
        guard case .failure(let e) = outcome else { return .ok }
        return e.isServiceLevel ? .nothingFetched : .someFailed
    }
}
