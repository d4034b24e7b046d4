/// Why a symbol directory file was rejected. Mirrors serve HTML error pages and truncated
/// downloads under the same URL; each case names the line so the user (or a test) can see what
/// was wrong instead of getting an empty universe.
package enum SymbolDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Zero bytes, or only whitespace.
    case empty
    /// The body is an HTML page (a login, a Referer check, an error page).
    case htmlInsteadOfDirectory
    /// Line 1 is neither the nasdaqlisted nor the otherlisted header.
    case badHeader(line: Int, found: String)
    /// A data row with the wrong number of `|`-separated fields.
    case wrongFieldCount(line: Int, expected: Int, found: Int)
    /// A required field (symbol, name, exchange) is empty.
    case emptyField(line: Int, field: String)
    /// A coded field has a value this parser does not know (`Test Issue` not Y/N, ...).
    case invalidValue(line: Int, field: String, value: String)
    /// The file ends without the `File Creation Time:` footer: probably truncated.
    case missingFooter(lastLine: Int)
    /// The footer is there but its time is not `MMDDYYYYHH:MM`.
    case badFooter(line: Int, found: String)
    /// Non-empty lines after the footer.
    case dataAfterFooter(line: Int)

    package var description: String {
        switch self {
        case .empty: "symbol directory is empty"
        case .htmlInsteadOfDirectory: "got an HTML page instead of the symbol directory"
        case .badHeader(let line, let found): "line \(line): unexpected header \"\(found)\""
        case .wrongFieldCount(let line, let expected, let found):
            "line \(line): expected \(expected) fields, found \(found)"
        case .emptyField(let line, let field): "line \(line): empty \(field)"
        case .invalidValue(let line, let field, let value): "line \(line): invalid \(field) \"\(value)\""
        case .missingFooter(let lastLine):
            "no \"File Creation Time\" footer (file ends at line \(lastLine)); truncated?"
        case .badFooter(let line, let found): "line \(line): malformed footer \"\(found)\""
        case .dataAfterFooter(let line): "line \(line): data after the footer"
        }
    }
}
