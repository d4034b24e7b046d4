import SquarestockCore
import SquarestockNetworking

/// One line of a legacy Yahoo quotes.csv answer, by field code. Values stay raw text until the
/// source turns them into prices and times, because what a column means depends on its code.
package struct YahooCSVRow: Sendable, Equatable {
    package var symbol: String
    package var values: [String: String]

    package func text(_ code: String) -> String? {
        guard let v = values[code] else { return nil }
        return v.withBytes { FieldParsing.isMissing($0) } ? nil : v
    }

    package func number(_ code: String) -> ExactDecimal? {
        guard let v = values[code] else { return nil }
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
                var values: [String: String] = [:]
                for (k, code) in codes.enumerated() where values[code] == nil {
                    values[code] = reader.string(fields[k]).trimmingSpaces
                }
                let symbol = reader.string(fields[symbolColumn]).trimmingSpaces.uppercased()
                rows.append(YahooCSVRow(symbol: symbol, values: values))
            }
            return .success(rows)
        }
    }
}
