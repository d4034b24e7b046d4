import SquarestockCore

/// One line of Stooq's quote CSV (`Symbol,Date,Time,Open,High,Low,Close,Volume[,Name]`).
/// Date and time are Europe/Warsaw wall clock, whatever the symbol's exchange.
package struct StooqQuoteRow: Sendable, Equatable {
    package var symbol: String
    package var date: CivilDate?
    package var time: TimeOfDay?
    package var open: ExactDecimal?
    package var high: ExactDecimal?
    package var low: ExactDecimal?
    package var close: ExactDecimal?
    package var volume: ExactDecimal?
    package var name: String?
    /// The close field's text when it held something that is neither a number nor a missing
    /// marker, so the user hears that the price was unreadable rather than that Stooq had none.
    package var unreadableClose: String? = nil

    /// Stooq marks an unknown symbol by `N/D` in every field after the symbol.
    package var hasData: Bool { close != nil && date != nil }
}
