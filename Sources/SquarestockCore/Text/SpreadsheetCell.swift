import Foundation

/// CSV cells a spreadsheet opens as text, never as a formula. A spreadsheet evaluates a cell that
/// begins with `=`, `+`, `-` or `@` (and some a tab or carriage return before them), so a symbol
/// or note such as `=HYPERLINK(...)` in an export would run when the file is opened. The rule:
/// - a plain decimal number (`-12.50`, `+3`, `0.5`) is a number, not a formula, and is kept as it
///   is, so negative amounts stay numbers a sheet can add;
/// - any other cell that begins with one of those characters, or with `'`, gets a `'` in front,
///   the spreadsheet's usual mark of a text cell (a leading `'` is marked too, so that reading the
///   cell back can tell the mark from the text);
/// - `unmarked` undoes exactly that on import, so an export imports back to the same book, and a
///   note that merely begins with `'` followed by anything else is read as written.
public enum SpreadsheetCell {
    /// Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// The cell as written to a CSV file (before CSV quoting).
    public static func marked(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, triggers.contains(first), !isPlainNumber(cell) else { return cell }
        return "'" + cell
    }

    /// A cell read from a CSV file with the mark of `marked` taken off.
    public static func unmarked(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, triggers.contains(second) else {
            return cell
        }
        return String(scalars.dropFirst())
    }

    /// The cell marked, then quoted for CSV (`CSVText`) when it holds a comma, a quote or a line end.
    public static func csv(_ cell: String) -> String { CSVText.quoted(marked(cell)) }

    /// An optional sign, digits, and an optional fraction: nothing a spreadsheet could evaluate.
    static func isPlainNumber(_ s: String) -> Bool {
        var body = Substring(s)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return false }
        return parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
