import SquarestockCore
import SquarestockNetworking

/// One line of a legacy Yahoo quotes.csv answer, by field code. Values stay raw text until the
/// source turns them into prices and times, because what a column means depends on its code.
///
/// The fields sit in the order of the answer's f= codes, which every row of an answer shares (one
/// array, not copied): a line's look-up is a scan of a dozen short codes, where a dictionary per
/// line cost more than reading the line.
package struct YahooCSVRow: Sendable, Equatable {
    package var symbol: String
    /// The f= codes, as asked; a repeated code's first field is the one read.
    package var codes: [String]
    /// The fields (trimmed, cleaned), one per code.
    package var fields: [String]

    package init(symbol: String, codes: [String], fields: [String]) {
        self.symbol = symbol
        self.codes = codes
        self.fields = fields
    }

    /// A row from code-value pairs (tests).
    package init(symbol: String, values: [String: String]) {
        let codes = values.keys.sorted()
        self.init(symbol: symbol, codes: codes, fields: codes.map { values[$0]! })
    }

    @inline(__always)
    private func value(_ code: String) -> String? {
        for i in codes.indices where codes[i] == code { return fields[i] }
        return nil
    }

    package func text(_ code: String) -> String? {
        guard let v = value(code) else { return nil }
        return v.withBytes { FieldParsing.isMissing($0) } ? nil : v
    }

    package func number(_ code: String) -> ExactDecimal? {
        guard let v = value(code) else { return nil }
        if case .number(let d) = v.withBytes({ FieldParsing.humanNumber($0) }) { return d }
        return nil
    }
}

/// Reads quotes.csv bodies: no header, one line per symbol, quoted strings and bare numbers,
/// `N/A` for missing values. Lines are keyed by the echoed symbol (`s`), never by position,
/// because Yahoo sometimes leaves a symbol out.
package enum YahooCSVDecoder {
    package static let source = "yahoo-csv"

    package static func rows(_ response: HTTPResponse, codes: [String]) -> Result<[YahooCSVRow], QuoteError> {
        guard let symbolColumn = codes.firstIndex(of: "s") else {
            return .failure(.notConfigured(source: source, detail: "the f= codes must include s (symbol)"))
        }
        if response.status == 429 || response.status >= 400 || BodyKind.classify(response.body) != .text {
            let screened = ResponseScreen.csv(
                response, source: source, headerStarts: [],
                htmlHint: "the quotes.csv service or mirror is blocking or gone; try --source stooq")
            return .failure(
                screened
                    ?? .unexpectedBody(source: source, status: response.status, kind: .text, excerpt: "", hint: nil))
        }
        // Yahoo's shutdown notice and its 999 throttling text arrive as plain text.
        let first = ResponseScreen.firstLine(response.body)
        if !first.hasPrefix("\"") && !first.contains(",") {
            return .failure(
                .unexpectedBody(
                    source: source, status: response.status, kind: .text,
                    excerpt: BodyKind.excerpt(response.body),
                    hint: "the quotes.csv service is gone or the mirror changed; try --source stooq"))
        }
        return response.body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var rows: [YahooCSVRow] = []
            while reader.nextRecord(into: &fields) {
                if reader.lastRecordHadUnterminatedQuote || fields.count < codes.count {
                    return .failure(
                        .truncated(
                            source: source,
                            detail: "line \(reader.lineNumber) has \(fields.count) of \(codes.count) fields"))
                }
                if fields.count > codes.count {
                    // Unquoted thousands separators split a number into two columns.
                    return .failure(
                        .malformed(
                            source: source, line: reader.lineNumber, column: codes.count + 1,
                            detail:
                                "\(fields.count) fields where the f= codes ask for \(codes.count) (a number with a thousands separator?)"
                        ))
                }
                var values: [String] = []
                values.reserveCapacity(codes.count)
                for k in codes.indices { values.append(trimmedText(reader, fields[k])) }
                let symbol = upper(values[symbolColumn])
                rows.append(YahooCSVRow(symbol: symbol, codes: codes, fields: values))
            }
            return .success(rows)
        }
    }

    /// The field as text without the spaces around it; most fields have none to trim.
    @inline(__always)
    private static func trimmedText(_ reader: TolerantCSVReader, _ field: CSVField) -> String {
        let text = reader.string(field)
        if let a = text.utf8.first, let z = text.utf8.last, !ASCIIBytes.isSpace(a), !ASCIIBytes.isSpace(z) {
            return text
        }
        return text.trimmingSpaces
    }

    /// `uppercased()`, skipped for a symbol that is upper case ASCII already.
    @inline(__always)
    private static func upper(_ symbol: String) -> String {
        if symbol.utf8.allSatisfy({ $0 < 0x80 && !($0 >= 97 && $0 <= 122) }) { return symbol }
        return symbol.uppercased()
    }
}
