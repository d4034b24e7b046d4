import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import SquarestockCore

/// The chunked reader must hand out exactly the records, and line numbers, that one reader over
/// the whole input gives, wherever the chunks happen to cut: inside a quoted field, between a CR
/// and its LF, in a run of blank lines, inside the byte-order mark.
struct ChunkedCSVReaderTests {
    static let pieces = ["a", "1", " ", ",", "\"", "\"\"", "\r", "\n", "\r\n", "\n\n", "é", "x,y"]
    static let text = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40).map { $0.map { pieces[$0] }.joined() }

    struct Record: Equatable, CustomStringConvertible {
        var line: Int
        var fields: [String]
        var description: String { "\(line): \(fields)" }
    }

    enum Outcome: Equatable {
        case records([Record])
        case unterminated(line: Int, before: [Record])
    }

    static func asIs(_ f: ChunkedCSVFailure) -> ChunkedCSVFailure { f }

    static func whole(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var out: [Record] = []
            while reader.nextRecord(into: &fields) {
                if reader.lastRecordHadUnterminatedQuote { return .unterminated(line: reader.lineNumber, before: out) }
                out.append(Record(line: reader.lineNumber, fields: fields.map { reader.rawString($0) }))
            }
            return .records(out)
        }
    }

    static func chunked(_ bytes: [UInt8], chunk: Int) throws -> Outcome {
        let path = TemporaryPath.make("chunked", suffix: ".csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var out: [Record] = []
        do {
            try ChunkedCSVReader.forEachRecord(path: path, chunk: chunk, failure: Self.asIs) {
                reader, fields throws(ChunkedCSVFailure) in
                out.append(Record(line: reader.lineNumber, fields: fields.map { reader.rawString($0) }))
            }
        } catch {
            guard case .unterminatedQuote(let line) = error else { throw error }
            return .unterminated(line: line, before: out)
        }
        return .records(out)
    }

    @Test func chunksGiveTheRecordsOfTheWholeInput() async {
        await propertyCheck(count: 400, input: Self.text, Gen.int(in: 1...9), Gen.bool) { text, chunk, bom in
            let bytes = (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
            let got = try Self.chunked(bytes, chunk: chunk)
            #expect(got == Self.whole(bytes), "chunk \(chunk): \(text.debugDescription)")
        }
    }

    /// A quote never closed is reported on the line it opened, after the records before it.
    @Test func anUnclosedQuoteIsReportedWhereItOpened() throws {
        let bytes = Array("a,b\n\"c,d\ne\n".utf8)
        #expect(
            try Self.chunked(bytes, chunk: 2) == .unterminated(line: 2, before: [Record(line: 1, fields: ["a", "b"])]))
    }

    /// A row longer than the limit stops the read where it starts, without reading on.
    @Test func aRunawayRowStopsAtItsLimit() throws {
        let path = TemporaryPath.make("runaway", suffix: ".csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("h\n\"open\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, 64 << 20) == 0)  // sparse: 64 MiB of zeros inside the open quote
        var seen = 0
        #expect(throws: ChunkedCSVFailure.recordTooLong(line: 2, limit: 1 << 16)) {
            try ChunkedCSVReader.forEachRecord(path: path, chunk: 1 << 12, recordLimit: 1 << 16, failure: Self.asIs) {
                _, _ throws(ChunkedCSVFailure) in seen += 1
            }
        }
        #expect(seen == 1)
    }
}
