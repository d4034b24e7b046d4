import SquarestockCore
import SquarestockNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// The one reader behind every CSV history decoder: screens the body, checks the header against
/// the decoder's layouts, reads rows into bars with exact prices, and normalises to oldest first.
///
/// Services agree on little beyond "a date and OHLCV": Stooq localises its header and drops the
/// Volume field of old index rows, Yahoo's two CSVs swap the last two columns and run in
/// opposite orders, Alpha Vantage puts date and time in one field in New York time. The
/// differences live in `HistoryCSVLayout`; the rules live here once, so every source reports a
/// bad field the same way (with its line and column) and no source can hand out a zero for a
/// missing price.
enum HistoryCSVReader {
    struct Request {
        var source: String
        var symbol: String
        var zone: ExchangeTimeZone
        var interval: HistoryInterval
        var layouts: [HistoryCSVLayout]
        /// First header fields (lower case) that mark a CSV body for `ResponseScreen`.
        var headerStarts: [String]
        var htmlHint: String?
        var textRules: [(prefix: String, error: QuoteError)] = []
        /// A better explanation for a header that matches none of `layouts`.
        var headerHint: ([String]) -> String? = { _ in nil }
    }

    /// - Parameter rowScanner: read well-formed rows with `BarRowScanner` (the product always
    ///   does); false reads every row with the general path, for tests and the benchmark that
    ///   check the two agree.
    static func decode(_ response: HTTPResponse, _ request: Request, rowScanner: Bool = true) -> Result<
        HistorySeries, HistoryError
    > {
        if let e = ResponseScreen.csv(
            response, source: request.source, headerStarts: request.headerStarts,
            htmlHint: request.htmlHint, textRules: request.textRules)
        {
            return .failure(.response(e))
        }
        var rows = HistoryCSVRows(request, rowScanner: rowScanner, expectedBytes: response.body.count)
        // `withUnsafeBytes` rethrows untyped: the typed error is carried out as a value.
        let outcome = response.body.withUnsafeBytes { raw in
            Result { () throws(HistoryError) in _ = try rows.read(raw, isLast: true) }
        }
        if case .failure(let error) = outcome { return .failure(error) }
        return .success(rows.finish())
    }

    /// As `decode(_:_:rowScanner:)` for a body handed over in pieces, so it is never resident
    /// whole beside its bars: `read` fills the buffer it is given as far as it can and answers
    /// the bytes written, 0 at the body's end. The body is screened on its first piece (up to
    /// `piece` bytes) with `head`'s status and headers (`head.body` is not read); pieces are cut
    /// after a line end, so a row is never split.
    /// - Parameter expectedBytes: the body's size when known (a file's, a Content-Length), to
    ///   reserve the bars once.
    static func decode<E: Error>(
        head: HTTPResponse, expectedBytes: Int?, _ request: Request, rowScanner: Bool = true,
        piece: Int = 1 << 20, read: (UnsafeMutableRawBufferPointer) throws(E) -> Int
    ) throws(E) -> Result<HistorySeries, HistoryError> {
        let pieces = PieceBuffer(piece: piece)
        var screened = false
        var rows = HistoryCSVRows(request, rowScanner: rowScanner, expectedBytes: expectedBytes)
        while true {
            try pieces.fill(read)
            let held = pieces.bytes
            if !screened {
                screened = true
                var first = head
                first.body = Array(held)
                if let e = ResponseScreen.csv(
                    first, source: request.source, headerStarts: request.headerStarts,
                    htmlHint: request.htmlHint, textRules: request.textRules)
                {
                    return .failure(.response(e))
                }
            }
            let limit = pieces.ended ? held.count : lineEnd(held)
            var used = 0
            if limit > 0 {
                do throws(HistoryError) {
                    used = try rows.read(UnsafeRawBufferPointer(rebasing: held[0..<limit]), isLast: pieces.ended)
                } catch {
                    return .failure(error)
                }
            }
            if pieces.ended { return .success(rows.finish()) }
            // No whole line yet (or a quoted field still open): consuming 0 grows the buffer.
            pieces.consume(used)
        }
    }

    /// The length of `bytes` up to and including its last line end: a LF, or a CR not at the
    /// very end (a LF may follow it in the next piece); 0 when there is none.
    static func lineEnd(_ bytes: UnsafeRawBufferPointer) -> Int {
        var i = bytes.count - 1
        while i >= 0 {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") || (c == UInt8(ascii: "\r") && i < bytes.count - 1) { return i + 1 }
            i -= 1
        }
        return 0
    }

    /// The general row path: any row `ScannedBars` did not take (quotes, `N/D`, exponents,
    /// ragged rows, other layouts) is read field by field here, with a typed error naming the
    /// line and column of the first field that is not what the layout says.
    struct GeneralRow {
        let layout: HistoryCSVLayout
        let zone: ExchangeTimeZone
        /// The zone the file's wall clocks are in (Stooq's intraday rows: Europe/Warsaw).
        let wallZone: ExchangeTimeZone
        let source: String
        let dateColumn: Int
        let isTimestamp: Bool
        let timeColumn: Int?
        let priceColumns: [(HistoryColumn.Role, Int)]

        init(layout: HistoryCSVLayout, zone: ExchangeTimeZone, wallZone: ExchangeTimeZone, source: String) {
            self.layout = layout
            self.zone = zone
            self.wallZone = wallZone
            self.source = source
            dateColumn = layout.index(of: .date) ?? layout.index(of: .timestamp) ?? 0
            isTimestamp = layout.columns[dateColumn].role == .timestamp
            timeColumn = layout.index(of: .time)
            priceColumns = [HistoryColumn.Role.open, .high, .low, .close, .volume].compactMap { role in
                layout.index(of: role).map { (role, $0) }
            }
        }

        /// Appends the bar of the record just read; nothing for a blank line or a row with no
        /// price (Yahoo's `null` rows stand for days it has nothing for: no bar, not a bar of zeros).
        @inline(__always)
        func read(_ reader: inout TolerantCSVReader, _ fields: [CSVField], into bars: inout HistoryBars)
            throws(HistoryError)
        {
            let line = reader.lineNumber
            if fields.count == 1 && reader.raw(fields[0]).count == 0 { return }
            if reader.lastRecordHadUnterminatedQuote {
                throw .truncated(source: source, line: line, column: fields.count, detail: "a quoted field never ends")
            }
            guard fields.count >= layout.requiredFields else {
                let missing = layout.columns[fields.count].names[0].capitalizedHeader
                throw .truncated(
                    source: source, line: line, column: fields.count + 1,
                    detail: "the row has \(fields.count) of \(layout.requiredFields) fields; \(missing) is missing")
            }
            let (time, session) = try when(&reader, fields, line: line)
            var bar = Bar(time: time, session: session)
            // Prices: an absent trailing field (a ragged row) and a missing-value token are both nil.
            for (role, k) in priceColumns {
                guard k < fields.count else { continue }
                let value: ExactDecimal?
                switch FieldParsing.decimal(reader.raw(fields[k])) {
                case .number(let v): value = v
                case .missing: value = nil
                case .invalid: throw HistoryCSVReader.notA("number", reader, fields, k, line, source)
                }
                switch role {
                case .open: bar.open = value
                case .high: bar.high = value
                case .low: bar.low = value
                case .close: bar.close = value
                case .volume: bar.volume = value
                default: break
                }
            }
            if !bar.hasNoPrice { bars.append(bar) }
        }

        /// A row's instant and session: from a date (the session's open), a date and a time, or a
        /// timestamp, through the file's wall-clock zone.
        @inline(__always)
        private func when(
            _ reader: inout TolerantCSVReader, _ fields: [CSVField], line: Int
        ) throws(HistoryError) -> (Instant, CivilDate) {
            let stamp = reader.raw(fields[dateColumn])
            var date: CivilDate
            var clock: TimeOfDay? = nil
            if isTimestamp, stamp.count == 19 {
                guard let dt = DateTimeParsing.isoDateTime(stamp) else {
                    throw HistoryCSVReader.notA("date and time", reader, fields, dateColumn, line, source)
                }
                date = dt.date
                clock = dt.timeOfDay
            } else {
                // Portfolio Performance reads only the first 10 characters of Alpha Vantage's
                // daily timestamp; a date is a date here too.
                guard let d = DateTimeParsing.isoDate(stamp) ?? DateTimeParsing.compactDate(stamp) else {
                    throw HistoryCSVReader.notA(
                        isTimestamp ? "date or date and time" : "date", reader, fields, dateColumn, line, source)
                }
                date = d
            }
            if let t = timeColumn {
                let raw = reader.raw(fields[t])
                guard let parsed = DateTimeParsing.time(raw) ?? DateTimeParsing.compactTime(raw) else {
                    throw HistoryCSVReader.notA("time", reader, fields, t, line, source)
                }
                clock = parsed
            }
            guard let clock else { return (zone.instant(for: CivilDateTime(date: date)), date) }
            let time = wallZone.instant(for: CivilDateTime(date: date, time: clock))
            return (time, wallZone === zone ? date : zone.localDateTime(at: time).date)
        }
    }

    static func notA(
        _ what: String, _ reader: TolerantCSVReader, _ fields: [CSVField], _ k: Int,
        _ line: Int, _ source: String
    ) -> HistoryError {
        var text = reader.string(fields[k])
        if text.count > 40 { text = String(text.prefix(39)) + "…" }
        return .malformed(source: source, line: line, column: k + 1, detail: "not a \(what): \"\(text)\"")
    }
}

extension String {
    /// `adj close` -> `Adj Close`, for quoting the expected header name as services write it.
    var capitalizedHeader: String {
        split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
