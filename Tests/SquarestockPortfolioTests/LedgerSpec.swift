@testable import SquarestockCore

/// The day and numbers the ledger specs write their books with, once: a spec that conforms has
/// `Self.today`, `Self.day(_:_:)`, `Self.d(_:)` and `Self.numbered(_:)`.
protocol LedgerSpec {}

extension LedgerSpec {
    /// "Today" for entry checks: every entry of the books is in the past.
    static var today: CivilDate { CivilDate(year: 2026, month: 11, day: 26) }

    /// A day of 2024, the year the books are kept in.
    static func day(_ m: Int, _ d: Int) -> CivilDate { CivilDate(year: 2024, month: m, day: d) }

    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    /// `entries` with the ids the store would give them (1, 2, ...), for writers that read ids.
    static func numbered(_ entries: [JournalEntry]) -> [JournalEntry] {
        entries.enumerated().map { i, e in
            var e = e
            e.id = Int64(i + 1)
            return e
        }
    }
}
