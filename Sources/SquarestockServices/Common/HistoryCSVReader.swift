import SquarestockCore
import SquarestockNetworking

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
        return response.body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            guard reader.nextRecord(into: &fields) else {
                return .success(
                    HistorySeries(symbol: request.symbol, zone: request.zone, interval: request.interval, bars: []))
            }
            let header = fields.map { reader.string($0) }
            guard let layout = request.layouts.first(where: { $0.mismatch(header: header) == nil }) else {
                let closest = request.layouts.max {
                    $0.matchingPrefix(header: header) < $1.matchingPrefix(header: header)
                }!
                let m = closest.mismatch(header: header)!
                return .failure(
                    .unexpectedHeader(
                        source: request.source, line: reader.lineNumber, column: m.column,
                        expected: closest.columns[m.column - 1].names[0].capitalizedHeader,
                        found: m.found, hint: request.headerHint(header)))
            }
            return readRows(&reader, layout: layout, request: request, rowScanner: rowScanner).map {
                HistorySeries(symbol: request.symbol, zone: request.zone, interval: request.interval, bars: $0)
            }
        }
    }

    private static func readRows(
        _ reader: inout TolerantCSVReader, layout: HistoryCSVLayout,
        request: Request, rowScanner: Bool
    ) -> Result<HistoryBars, HistoryError> {
        let wallZone: ExchangeTimeZone
        if let id = layout.wallClockZone {
            guard let z = try? ExchangeTimeZone(identifier: id) else {
                return .failure(
                    .response(.notConfigured(source: request.source, detail: "the time zone \(id) is not known to ICU"))
                )
            }
            wallZone = z
        } else {
            wallZone = request.zone
        }
        let general = GeneralRow(layout: layout, zone: request.zone, wallZone: wallZone, source: request.source)
        var bars = HistoryBars()
        // Capacity no row can outgrow (a row is at least 20 bytes); pages never written cost no memory.
        bars.reserveCapacity(reader.bytes.count / 20 + 1)
        let fast = rowScanner ? ScannedBars(layout: layout, zone: request.zone, wallZone: wallZone) : nil
        var fields: [CSVField] = []
        while true {
            if let fast, fast.scanRows(&reader, into: &bars) { continue }
            guard reader.nextRecord(into: &fields) else { break }
            fast?.flush(&bars)
            do throws(HistoryError) {
                try general.read(&reader, fields, into: &bars)
            } catch {
                return .failure(error)
            }
        }
        fast?.flush(&bars)
        if layout.newestFirst { bars.reverseInPlace() }
        bars.putOldestFirst()
        return .success(bars)
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
