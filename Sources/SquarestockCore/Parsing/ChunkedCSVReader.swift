#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be read record by record.
package enum ChunkedCSVFailure: Error, Sendable, Equatable {
    case file(LocalFileReadError)
    /// A record longer than the limit: a quote opened on `line` and never closed swallows the
    /// rest of the file, so it is reported where it started instead of read to the end.
    case recordTooLong(line: Int, limit: Int)
    /// The file ended inside a quoted field opened on `line`.
    case unterminatedQuote(line: Int)
}

/// The records of a CSV file read in fixed chunks, so a file of any size is read in bounded
/// memory: a chunk plus the one record that crosses its end (at most `recordLimit` bytes).
///
/// Each chunk is parsed by `TolerantCSVReader`; a record that may continue past the bytes read so
/// far (it reaches the end of the buffer, or a quoted field is still open there) is not handed
/// out but carried to the front of the next buffer, with its line number, and read again whole.
package enum ChunkedCSVReader {
    package static let defaultChunk = 1 << 20

    /// Calls `body` with each non-blank record of the file at `path`, in order, and the reader
    /// that owns its bytes (valid only during the call). A regular file, a pipe or a FIFO with a
    /// writer are all read to their end.
    package static func forEachRecord<E: Error>(
        path: String, chunk: Int = defaultChunk, recordLimit: Int = 1 << 20,
        failure: (ChunkedCSVFailure) -> E,
        _ body: (borrowing TolerantCSVReader, [CSVField]) throws(E) -> Void
    ) throws(E) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(.file(.cannotOpen(path: path, errno: errno))) }
        defer { close(fd) }
        var buffer: [UInt8] = []
        var line = 1
        var atStart = true
        var ended = false
        while !ended {
            // Read until the buffer holds one more chunk (or the file ends).
            let carried = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            var filled = carried
            while filled < buffer.count {
                let n = buffer.withUnsafeMutableBytes { raw in
                    Glibc.read(fd, raw.baseAddress! + filled, raw.count - filled)
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure(.file(.cannotRead(path: path, errno: errno)))
                }
                if n == 0 {
                    ended = true
                    break
                }
                filled += n
            }
            buffer.removeSubrange(filled...)
            let consumed = try records(
                in: buffer, firstLine: &line, atStartOfInput: atStart, isLast: ended, failure: failure, body)
            atStart = atStart && consumed == 0
            buffer.removeSubrange(..<consumed)
            if !ended, buffer.count > recordLimit {
                throw failure(.recordTooLong(line: line, limit: recordLimit))
            }
        }
    }

    /// Hands out the complete records of `buffer`; returns how many bytes they took (the rest is
    /// a record still open) and moves `firstLine` to the line the rest starts on.
    static func records<E: Error>(
        in buffer: [UInt8], firstLine: inout Int, atStartOfInput: Bool, isLast: Bool,
        failure: (ChunkedCSVFailure) -> E,
        _ body: (borrowing TolerantCSVReader, [CSVField]) throws(E) -> Void
    ) throws(E) -> Int {
        // `withUnsafeBytes` rethrows untyped: the typed error is carried out as a value.
        let outcome = buffer.withUnsafeBytes { raw -> Result<Int, E> in
            Result { () throws(E) -> Int in
                try records(
                    in: raw, firstLine: &firstLine, atStartOfInput: atStartOfInput, isLast: isLast, failure: failure,
                    body)
            }
        }
        return try outcome.get()
    }

    private static func records<E: Error>(
        in raw: UnsafeRawBufferPointer, firstLine: inout Int, atStartOfInput: Bool, isLast: Bool,
        failure: (ChunkedCSVFailure) -> E,
        _ body: (borrowing TolerantCSVReader, [CSVField]) throws(E) -> Void
    ) throws(E) -> Int {
        var reader = TolerantCSVReader(bytes: raw, firstLine: firstLine, atStartOfInput: atStartOfInput)
        var fields: [CSVField] = []
        while true {
            let start = reader.offset
            let line = reader.nextLineNumber
            guard reader.nextRecord(into: &fields) else {
                // Blank lines to the end: all consumed when the input ends, else re-read.
                if isLast { return raw.count }
                firstLine = line
                return start
            }
            if reader.lastRecordHadUnterminatedQuote && isLast {
                throw failure(.unterminatedQuote(line: reader.lineNumber))
            }
            if !isLast, reader.lastRecordHadUnterminatedQuote || reader.offset >= raw.count {
                firstLine = line
                return start
            }
            try body(reader, fields)
            firstLine = reader.nextLineNumber
        }
    }
}
