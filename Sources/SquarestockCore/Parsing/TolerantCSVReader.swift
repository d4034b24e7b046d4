/// One field of a CSV record as a byte range into the input; nothing is copied until a caller
/// decides to keep the value.
package struct CSVField: Sendable, Equatable {
    /// Offset of the first content byte (after an opening quote).
    package var start: Int
    /// Offset one past the last content byte (before a closing quote).
    package var end: Int
    package var isQuoted: Bool
    /// The content holds `""` pairs that stand for one `"`.
    package var hasEscapedQuotes: Bool

    package var count: Int { end - start }
}

/// A CSV reader over raw bytes that accepts what quote services really send.
///
/// Services differ in every detail a strict reader would reject: CRLF, LF or bare CR endings, a
/// UTF-8 byte-order mark, no final newline, blank lines, rows shorter than the header, quotes
/// around some fields but not others. The reader yields each record's fields as byte ranges so
/// the hot path never builds a `String` for a field it does not keep.
package struct TolerantCSVReader {
    package let bytes: UnsafeRawBufferPointer
    package let separator: UInt8
    private var position: Int
    /// 1-based line number of the record most recently returned.
    package private(set) var lineNumber: Int = 0
    private var nextLine: Int = 1
    /// Whether the last record ended inside an unterminated quoted field (cut-off input).
    package private(set) var lastRecordHadUnterminatedQuote = false

    /// `firstLine` and `atStartOfInput` let a reader resume on a later piece of one input
    /// (`ChunkedCSVReader`): line numbers continue, and only the input's start may hold a mark.
    package init(
        bytes: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ","), firstLine: Int = 1,
        atStartOfInput: Bool = true
    ) {
        self.bytes = bytes
        self.separator = separator
        nextLine = firstLine
        // A UTF-8 byte-order mark is not part of the first header name.
        position = atStartOfInput ? ASCIIBytes.bomLength(bytes) : 0
    }

    /// Byte offset where the next record starts.
    package var offset: Int { position }

    /// The line the next record (or blank line) starts on.
    package var nextLineNumber: Int { nextLine }

    /// Whether the record just read is the input's last and has no line end: a file cut off
    /// mid-row (a download that stopped) ends so, and so does a whole file whose writer left out
    /// the last line end. Callers that can tell the two apart (a row shorter than its header)
    /// refuse the first.
    package var lastRecordIsUnterminated: Bool {
        guard position == bytes.count, let last = bytes.last else { return false }
        return last != UInt8(ascii: "\n") && last != UInt8(ascii: "\r")
    }

    /// Reads the next non-blank record into `fields` (cleared first). Returns false at the end.
    package mutating func nextRecord(into fields: inout [CSVField]) -> Bool {
        fields.removeAll(keepingCapacity: true)
        lastRecordHadUnterminatedQuote = false
        let n = bytes.count
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        // Skip blank lines.
        while position < n {
            let c = bytes[position]
            if c == lf {
                position += 1
                nextLine += 1
            } else if c == cr {
                position += 1
                if position < n && bytes[position] == lf { position += 1 }
                nextLine += 1
            } else {
                break
            }
        }
        guard position < n else { return false }
        lineNumber = nextLine
        var p = position
        while true {
            // Start of a field.
            if p < n && bytes[p] == quote {
                var q = p + 1
                var escaped = false
                var closed = false
                while q < n {
                    let c = bytes[q]
                    if c == quote {
                        if q + 1 < n && bytes[q + 1] == quote {
                            escaped = true
                            q += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    if c == lf { nextLine += 1 } else if c == cr && !(q + 1 < n && bytes[q + 1] == lf) { nextLine += 1 }
                    q += 1
                }
                if !closed {
                    lastRecordHadUnterminatedQuote = true
                    fields.append(CSVField(start: p + 1, end: n, isQuoted: true, hasEscapedQuotes: escaped))
                    position = n
                    return true
                }
                var contentEnd = q
                q += 1  // past the closing quote
                // Tolerate text between the closing quote and the separator (`"a"b,` reads `a"b`).
                while q < n, bytes[q] != separator, bytes[q] != lf, bytes[q] != cr {
                    q += 1
                    contentEnd = q
                }
                let field = CSVField(start: p + 1, end: contentEnd, isQuoted: true, hasEscapedQuotes: escaped)
                fields.append(field)
                p = q
            } else {
                var q = p
                while q < n {
                    let c = bytes[q]
                    if c == separator || c == lf || c == cr { break }
                    q += 1
                }
                fields.append(CSVField(start: p, end: q, isQuoted: false, hasEscapedQuotes: false))
                p = q
            }
            // After a field: separator, end of line, or end of input.
            if p >= n {
                position = n
                return true
            }
            let c = bytes[p]
            if c == separator {
                p += 1
                if p >= n {
                    fields.append(CSVField(start: n, end: n, isQuoted: false, hasEscapedQuotes: false))
                    position = n
                    return true
                }
                continue
            }
            if c == cr {
                p += 1
                if p < n && bytes[p] == lf { p += 1 }
            } else {
                p += 1
            }
            nextLine += 1
            position = p
            return true
        }
    }

    /// Moves past a record that the caller read itself (`BarRowScanner`), from `offset` to `end`,
    /// which is just past its line terminator or the end of the input; positions and line numbers
    /// then stand exactly as after `nextRecord` had read it. The record must be one line with no
    /// quoted field.
    package mutating func skipRecord(endingAt end: Int) {
        lastRecordHadUnterminatedQuote = false
        lineNumber = nextLine
        if end > position, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            nextLine += 1
        }
        position = end
    }

    /// As `count` calls of `skipRecord(endingAt:)`, for `count` (at least 1) one-line records
    /// that run from `offset` to `end`: each but the last ends with a line terminator, the last
    /// with one or at the end of the input. One call per block of rows the scanner read.
    package mutating func skipRecords(_ count: Int, endingAt end: Int) {
        lastRecordHadUnterminatedQuote = false
        lineNumber = nextLine + count - 1
        nextLine = lineNumber
        if end > position, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            nextLine += 1
        }
        position = end
    }

    /// The field's bytes as a buffer (quotes excluded; doubled quotes still doubled).
    @inlinable package func raw(_ f: CSVField) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[f.start..<f.end])
    }

    /// The field as domain text: doubled quotes undone, invalid UTF-8 repaired, and sanitized
    /// for the terminal (`TerminalText.clean`), so no field of a body reaches a renderer raw.
    package func string(_ f: CSVField) -> String {
        if !f.hasEscapedQuotes { return TerminalText.clean(bytes: raw(f)) }
        return TerminalText.clean(bytes: unquoted(f))
    }

    /// The field as it was sent, doubled quotes undone: for a piece that is joined with others
    /// (a name split at unquoted commas) before the whole is sanitized.
    package func rawString(_ f: CSVField) -> String {
        if !f.hasEscapedQuotes { return String(decoding: raw(f), as: UTF8.self) }
        return String(decoding: unquoted(f), as: UTF8.self)
    }

    /// The field's bytes with each doubled quote made single.
    private func unquoted(_ f: CSVField) -> [UInt8] {
        let slice = raw(f)
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var i = 0
        while i < slice.count {
            out.append(slice[i])
            if slice[i] == UInt8(ascii: "\""), i + 1 < slice.count, slice[i + 1] == UInt8(ascii: "\"") {
                i += 2
            } else {
                i += 1
            }
        }
        return out
    }
}
