import SquarestockCore
import SquarestockNetworking

/// Reads quotes.csv bodies: no header, one line per symbol, quoted strings and bare numbers,
/// `N/A` for missing values. Lines are keyed by the echoed symbol (`s`), never by position,
/// because Yahoo sometimes leaves a symbol out.
package enum YahooCSVDecoder {
    package static let source = "yahoo-csv"

    /// The answer's lines as rows. Regular lines (`YahooCSVLineScanner`) are read by the byte
    /// scanner and kept as their place in the body; `lineScanner: false` sends every line through
    /// the general reader instead (tests compare the two).
    package static func rows(_ response: HTTPResponse, codes: [String], lineScanner: Bool = true) -> Result<
        [YahooCSVRow], QuoteError
    > {
        let layout = YahooColumnLayout(codes: codes)
        guard let symbolColumn = layout.symbolColumn else {
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
        let body = response.body
        return body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var scanner = YahooCSVLineScanner(fieldCount: codes.count, symbolColumn: symbolColumn)
            var fields: [CSVField] = []
            var rows: [YahooCSVRow] = []
            while true {
                if lineScanner {
                    let start = reader.offset
                    let next = scanner.scan(raw, from: start)
                    if next >= 0 {
                        reader.skipRecord(endingAt: next)
                        let symbol = symbolText(
                            UnsafeRawBufferPointer(rebasing: raw[scanner.symbolStart..<scanner.symbolEnd]))
                        rows.append(
                            YahooCSVRow(
                                symbol: symbol, layout: layout, body: body, start: start, end: scanner.contentEnd))
                        continue
                    }
                }
                guard reader.nextRecord(into: &fields) else { break }
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
                for k in codes.indices { values.append(YahooCSVFieldText.text(reader, fields[k])) }
                rows.append(YahooCSVRow(symbol: upper(values[symbolColumn]), layout: layout, texts: values))
            }
            return .success(rows)
        }
    }

    /// The symbol of a regular line: its bytes when they are printable ASCII without spaces
    /// (their own text), upper-cased as `upper` does; otherwise `upper` of the field's text.
    @inline(__always)
    private static func symbolText(_ raw: UnsafeRawBufferPointer) -> String {
        var plain = !raw.isEmpty
        var lower = false
        for c in raw {
            if c <= 0x20 || c >= 0x7F { plain = false }
            if c >= 97 && c <= 122 { lower = true }
        }
        guard plain else { return upper(YahooCSVFieldText.text(raw)) }
        let text = String(decoding: raw, as: UTF8.self)
        return lower ? text.uppercased() : text
    }

    /// `uppercased()`, skipped for a symbol that is upper case ASCII already.
    @inline(__always)
    private static func upper(_ symbol: String) -> String {
        if symbol.utf8.allSatisfy({ $0 < 0x80 && !($0 >= 97 && $0 <= 122) }) { return symbol }
        return symbol.uppercased()
    }
}
