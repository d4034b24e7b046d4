import SquarestockCore

/// One line of Stooq's quote CSV (`Symbol,Date,Time,Open,High,Low,Close,Volume[,Name]`).
/// Date and time are Europe/Warsaw wall clock, whatever the symbol's exchange.
public struct StooqQuoteRow: Sendable, Equatable {
    public var symbol: String
    public var date: CivilDate?
    public var time: TimeOfDay?
    public var open: ExactDecimal?
    public var high: ExactDecimal?
    public var low: ExactDecimal?
    public var close: ExactDecimal?
    public var volume: ExactDecimal?
    public var name: String?
    /// The close field's text when it held something that is neither a number nor a missing
    /// marker, so the user hears that the price was unreadable rather than that Stooq had none.
    public var unreadableClose: String? = nil

    /// Stooq marks an unknown symbol by `N/D` in every field after the symbol.
    public var hasData: Bool { close != nil && date != nil }
}
