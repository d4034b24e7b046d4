/// What a journal entry records.
public enum EntryKind: String, Sendable, CaseIterable, Codable {
    case buy, sell, dividend, split, deposit, withdraw
    /// Cancels an earlier entry (`reverses`): the journal is never edited, a correction is an entry.
    case reversal
}
