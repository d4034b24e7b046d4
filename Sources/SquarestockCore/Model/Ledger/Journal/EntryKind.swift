/// What a journal entry records.
public enum EntryKind: String, Sendable, CaseIterable, Codable {
    case buy, sell, dividend, split, deposit, withdraw
    /// Cancels an earlier entry (`reverses`): the journal is never edited, a correction is an entry.
    case reversal
    /// Income paid in cash that no holding earned as a dividend: interest on cash, a broker's
    /// credit interest, a reward paid in money (`amount` gross, `withheld` the tax kept back).
    /// Income, not money brought in: it is no flow in the returns.
    case interest
    /// A cost charged on its own, outside a trade: an advisory or custody fee, a conversion fee,
    /// a withdrawal fee (`amount`, in the currency charged; `symbol` when a holding caused it). A
    /// cost, not money taken out: it is no flow in the returns.
    case fee
    /// One leg of a currency conversion inside the account: `amount` is signed (negative: the
    /// currency sold; positive: the currency bought), the two legs recorded one after the other.
    /// Neither leg is a flow, so the conversion's spread shows as the loss it is.
    case exchange
}
