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
        let body = response.body
        var rows: [YahooCSVRow] = []
        let failure = walk(
            response, layout: layout, lineScanner: lineScanner,
            regular: { raw, start, scanner in
                let symbol = symbolText(UnsafeRawBufferPointer(rebasing: raw[scanner.symbolStart..<scanner.symbolEnd]))
                rows.append(
                    YahooCSVRow(symbol: symbol, layout: layout, body: body, start: start, end: scanner.contentEnd))
            },
            general: { rows.append($0) })
        if let failure { return .failure(failure) }
        return .success(rows)
    }

    /// Walks the answer's lines in order, the error `rows` would give (nil when it gives rows).
    /// A regular line goes to `regular` with the body, the line's start and the scanner that read
    /// it (its symbol's place and its end; with `bounds`, each field's place there too); any other
    /// line goes to `general` as the row the general reader made. Lines walked before a line that
    /// makes the answer fail have been handed over already: a caller keeps nothing of them when
    /// the walk fails. `rows` collects the lines; `YahooCSVStockReader.readStocks` turns each into
    /// a stock as it comes, keeping no rows.
    ///
    /// With `linesFailAlone`, a line with more or fewer fields than the codes ask for whose
    /// symbol is its first field (where a split number cannot have moved it) is that symbol's
    /// failure, handed to `badLine`, and the walk goes on: one line's thousands separators must
    /// not hide the other symbols' quotes. Otherwise, when the symbol is elsewhere, or when
    /// `badLine` answers that no such symbol was asked for (`Error, try later`: no quote line at
    /// all), it fails the answer.
    @inline(__always)
    static func walk(
        _ response: HTTPResponse, layout: YahooColumnLayout, lineScanner: Bool = true,
        bounds: UnsafeMutablePointer<Int>? = nil,
        regular: (UnsafeRawBufferPointer, Int, YahooCSVLineScanner) -> Void,
        general: (YahooCSVRow) -> Void,
        linesFailAlone: Bool = false, badLine: (String, QuoteError) -> Bool = { _, _ in false }
    ) -> QuoteError? {
        let codes = layout.codes
        guard let symbolColumn = layout.symbolColumn else {
            return .notConfigured(source: source, detail: "the f= codes must include s (symbol)")
        }
        if response.status == 429 || response.status >= 400 || BodyKind.classify(response.body) != .text {
            let screened = ResponseScreen.csv(
                response, source: source, headerStarts: [],
                htmlHint: "the quotes.csv service or mirror is blocking or gone; try --source stooq")
            return screened
                ?? .unexpectedBody(source: source, status: response.status, kind: .text, excerpt: "", hint: nil)
        }
        // Yahoo's shutdown notice and its 999 throttling text arrive as plain text.
        let first = ResponseScreen.firstLine(response.body)
        if !first.hasPrefix("\"") && !first.contains(",") {
            return .unexpectedBody(
                source: source, status: response.status, kind: .text,
                excerpt: BodyKind.excerpt(response.body),
                hint: "the quotes.csv service is gone or the mirror changed; try --source stooq")
        }
        return response.body.withUnsafeBytes { raw -> QuoteError? in
            var reader = TolerantCSVReader(bytes: raw)
            var scanner = YahooCSVLineScanner(fieldCount: codes.count, symbolColumn: symbolColumn)
            var fields: [CSVField] = []
            // Where the next line starts, and the regular lines read since the general reader
            // last moved: it skips them all in one call before it reads a line of its own.
            var position = reader.offset
            var skipped = 0
            while true {
                if lineScanner {
                    let next = scanner.scan(raw, from: position, bounds: bounds)
                    if next >= 0 {
                        regular(raw, position, scanner)
                        position = next
                        skipped += 1
                        continue
                    }
                }
                if skipped > 0 {
                    reader.skipRecords(skipped, endingAt: position)
                    skipped = 0
                }
                guard reader.nextRecord(into: &fields) else { break }
                position = reader.offset
                // An unterminated quote may have swallowed the lines after it: the answer fails.
                if reader.lastRecordHadUnterminatedQuote || fields.count != codes.count {
                    let error: QuoteError =
                        fields.count < codes.count || reader.lastRecordHadUnterminatedQuote
                        ? .truncated(
                            source: source,
                            detail: "line \(reader.lineNumber) has \(fields.count) of \(codes.count) fields")
                        // Unquoted thousands separators split a number into two columns.
                        : .malformed(
                            source: source, line: reader.lineNumber, column: codes.count + 1,
                            detail:
                                "\(fields.count) fields where the f= codes ask for \(codes.count) (a number with a thousands separator?)"
                        )
                    guard linesFailAlone, symbolColumn == 0, !reader.lastRecordHadUnterminatedQuote, fields.count > 1
                    else { return error }
                    guard badLine(upper(YahooCSVFieldText.text(reader, fields[0])), error) else { return error }
                    continue
                }
                var values: [String] = []
                values.reserveCapacity(codes.count)
                for k in codes.indices { values.append(YahooCSVFieldText.text(reader, fields[k])) }
                general(YahooCSVRow(symbol: upper(values[symbolColumn]), layout: layout, texts: values))
            }
            return nil
        }
    }

    /// The symbol of a regular line: its bytes when they are printable ASCII without spaces
    /// (their own text), upper-cased as `upper` does; otherwise `upper` of the field's text.
    @inline(__always)
    static func symbolText(_ raw: UnsafeRawBufferPointer) -> String {
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
