import SquarestockCore

/// The text a quotes.csv field stands for: sanitized for the terminal (`TerminalText.clean`)
/// and without the spaces around it. Both of the decoder's paths keep exactly this, so a value
/// read straight from a line's bytes is the value read from this text.
enum YahooCSVFieldText {
    /// The text of a field's content bytes (quotes already removed, no doubled quotes in it).
    @inline(__always)
    static func text(_ raw: UnsafeRawBufferPointer) -> String {
        trimmed(TerminalText.clean(bytes: raw))
    }

    /// The text of a field the general reader split, doubled quotes undone.
    @inline(__always)
    static func text(_ reader: TolerantCSVReader, _ field: CSVField) -> String {
        trimmed(reader.string(field))
    }

    /// Most fields have no space to trim.
    @inline(__always)
    private static func trimmed(_ text: String) -> String {
        if let a = text.utf8.first, let z = text.utf8.last, !ASCIIBytes.isSpace(a), !ASCIIBytes.isSpace(z) {
            return text
        }
        return text.trimmingSpaces
    }
}
