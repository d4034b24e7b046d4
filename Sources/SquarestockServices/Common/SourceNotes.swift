/// Words a source's notes begin with that the views look for, kept here so a note and the code
/// that sorts it agree.
package enum SourceNotes {
    /// A chain (`--source auto`) skipped a service that failed as a service: "fell back from
    /// yahoo to kraken: ...". The views show these apart from the other notes.
    package static let fellBackPrefix = "fell back from "
}
