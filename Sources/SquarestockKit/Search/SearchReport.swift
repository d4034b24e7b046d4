import SquarestockCore
import SquarestockSearch

/// What `squarestock search` prints: the merged rows and what went wrong on the way.
public struct SearchReport: Sendable {
    public var rows: [SearchResultRow]
    /// Said, but not failures: the offline search still answered (from the shipped copy).
    public var warnings: [String]
    /// A part of the search that could not answer (the offline directory, an online service).
    public var problems: [String]
    /// The offline directory matched something.
    public var offlineMatched: Bool

    /// For no rows: 3 when nothing could answer, else 1.
    public var emptyStatus: Int32 { !offlineMatched && !problems.isEmpty ? 3 : 1 }
}
