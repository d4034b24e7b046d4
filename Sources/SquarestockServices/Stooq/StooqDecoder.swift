import SquarestockCore
import SquarestockNetworking

/// Reads Stooq's quote CSV from `/q/l/` (its bars from `/q/d/l/` are `StooqHistoryDecoder`'s).
///
/// Columns are taken by position, because files from stooq.pl carry Polish headers
/// (`Data,Otwarcie,...`) and the `Name` column exists only when asked for.
package enum StooqDecoder {
    package static let source = "stooq"

    static let htmlHint =
        "Stooq answers automated clients with a browser-check page and now wants an API key for downloads; set STOOQ_API_KEY (get one at stooq.com), or use --source yahoo"

    static let textRules: [(prefix: String, error: QuoteError)] = [
        (
            "Exceeded the daily hits limit",
            .rateLimited(source: source, detail: "\"Exceeded the daily hits limit\"", retryAfter: nil)
        ),
        ("No data", .noData(source: source)),
    ]

    package static func quotes(_ response: HTTPResponse) -> Result<[StooqQuoteRow], QuoteError> {
        if let e = ResponseScreen.csv(
            response, source: source, headerStarts: ["symbol"], htmlHint: htmlHint, textRules: textRules)
        {
            return .failure(e)
        }
        return response.body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            guard reader.nextRecord(into: &fields) else { return .success([]) }
            let headerCount = fields.count
            // Symbol,Date,Time,Open,High,Low,Close,Volume: every row is read by these positions.
            guard headerCount >= 8 else {
                return .failure(
                    .malformed(
                        source: source, line: 1, column: headerCount + 1,
                        detail:
                            "the header has \(headerCount) columns where a Stooq quote has at least 8 (Symbol,Date,Time,Open,High,Low,Close,Volume)"
                    ))
            }
            var rows: [StooqQuoteRow] = []
            while reader.nextRecord(into: &fields) {
                if reader.lastRecordHadUnterminatedQuote || fields.count < 8 {
                    if fields.count == 1 && reader.raw(fields[0]).count == 0 { continue }
                    return .failure(
                        .truncated(
                            source: source,
                            detail: "line \(reader.lineNumber) has \(fields.count) of \(headerCount) fields"))
                }
                func num(_ k: Int) -> ExactDecimal? {
                    if case .number(let v) = FieldParsing.decimal(reader.raw(fields[k])) { return v }
                    return nil
                }
                // The close is read once: its value, or the text to quote when it is unreadable.
                let close = FieldParsing.decimal(reader.raw(fields[6]))
                let dateRaw = reader.raw(fields[1])
                let timeRaw = reader.raw(fields[2])
                var row = StooqQuoteRow(
                    symbol: reader.string(fields[0]).trimmingSpaces.uppercased(),
                    date: DateTimeParsing.isoDate(dateRaw) ?? DateTimeParsing.compactDate(dateRaw),
                    time: DateTimeParsing.time(timeRaw) ?? DateTimeParsing.compactTime(timeRaw),
                    open: num(3), high: num(4), low: num(5), close: nil, volume: num(7), name: nil)
                switch close {
                case .number(let v): row.close = v
                case .invalid: row.unreadableClose = reader.string(fields[6])
                case .missing: break
                }
                if fields.count > 8 { row.name = FieldParsing.text(reader, fields[8]) }
                if row.date == nil && !FieldParsing.isMissing(dateRaw) {
                    return .failure(
                        .malformed(
                            source: source, line: reader.lineNumber, column: 2,
                            detail: "not a date: \"\(reader.string(fields[1]))\""))
                }
                rows.append(row)
            }
            return .success(rows)
        }
    }
}
