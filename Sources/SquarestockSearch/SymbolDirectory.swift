import SquarestockCore

/// The parsed content of one or both directory files: the listings and when Nasdaq generated the
/// file. The creation time lets the CLI say how old its offline universe is.
package struct SymbolDirectory: Sendable {
    /// Non-test listings in file order (nasdaqlisted first when both files were parsed).
    package var listings: [Listing]
    /// The `File Creation Time:` footer (US Eastern wall clock, as Nasdaq writes it); the older
    /// of the two footers when both files were parsed.
    package var creationTime: CivilDateTime
    /// Rows dropped because they were test issues.
    package var testIssuesSkipped: Int

    package init(listings: [Listing], creationTime: CivilDateTime, testIssuesSkipped: Int) {
        self.listings = listings
        self.creationTime = creationTime
        self.testIssuesSkipped = testIssuesSkipped
    }

    /// The footer's date.
    package var creationDate: CivilDate { creationTime.date }
}
