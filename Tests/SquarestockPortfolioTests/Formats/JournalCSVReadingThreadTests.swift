import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// `JournalCSV.read` makes the rows into entries on a thread of its own while the writer adds
/// the ones before them: what the writer sees is what a reading in one thread gives, and each
/// case runs both ways. Files of many batches (`JournalCSV.batchRows`), so the reader runs
/// ahead and waits for room. The time limit only catches a reader left waiting for ever: it runs
/// from when a test is started, and on a loaded machine a started test can wait minutes for a
/// thread (two minutes failed a CI run whose cases, once running, took moments).
@Suite(.timeLimit(.minutes(10)))
struct JournalCSVReadingThreadTests: LedgerSpec {
    /// The ids the writer answers start here: a `row N` lot must be the writer's id for row N,
    /// not N.
    static let firstID: Int64 = 5_000

    /// The entries the writer was handed, and the error that ended the reading; `refuse` is the
    /// line the writer refuses, if any.
    static func read(_ csv: String, onThread: Bool, refuse: Int? = nil) -> (
        entries: [JournalEntry], error: PortfolioError?
    ) {
        let path = TemporaryPath.make("journal-csv-thread", suffix: ".csv")
        defer { unlink(path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(csv.utf8)) else {
            return ([], .unreadableFile("the test could not write \(path)"))
        }
        var entries: [JournalEntry] = []
        let outcome = Result { () throws(PortfolioError) in
            try JournalCSV.read(path: path, today: today, onThread: onThread) { e, line throws(PortfolioError) in
                if line == refuse { throw .invalidEntry("refused by the writer at line \(line)") }
                var e = e
                e.id = firstID + Int64(entries.count)
                entries.append(e)
                return (e.id!, true)
            }
        }
        if case .failure(let error) = outcome { return (entries, error) }
        return (entries, nil)
    }

    /// `rows` purchases (lines 2...), then whatever `tail` adds.
    static func purchases(_ rows: Int, tail: String = "") -> String {
        var csv = "date,kind,symbol,quantity,price,currency,lot\n"
        for i in 0..<rows { csv += "2024-03-01,buy,S\(i % 7),\(i + 1),10,USD,\n" }
        return csv + tail
    }

    @Test(arguments: [true, false]) func aRowNLotIsTheWritersIDForRowNAcrossBatches(onThread: Bool) throws {
        let rows = JournalCSV.batchRows * 3 + 5
        // Row 1 is a purchase of S0; row 701 (index 700) is a purchase of S0 too (700 % 7 == 0).
        let csv = Self.purchases(rows, tail: "2024-03-02,sell,S0,1,11,USD,row 1\n2024-03-02,sell,S0,1,11,USD,row 701\n")
        let (entries, error) = Self.read(csv, onThread: onThread)
        #expect(error == nil)
        #expect(entries.count == rows + 2)
        #expect(entries[rows].lot == Self.firstID)
        #expect(entries[rows + 1].lot == Self.firstID + 700)
        #expect(entries[rows + 1].lot.flatMap { id in entries.first { $0.id == id }?.quantity } == Self.d("701"))
    }

    /// The writer refuses line 300; line 700 is bad too: the writer's refusal is the error, and
    /// nothing after line 299 reached the writer.
    @Test(arguments: [true, false]) func theWritersRefusalBeforeABadRowIsTheError(onThread: Bool) {
        var csv = Self.purchases(900)
        csv = csv.replacingOccurrences(of: "2024-03-01,buy,S5,699,", with: "2024-02-30,buy,S5,699,")
        let (entries, error) = Self.read(csv, onThread: onThread, refuse: 300)
        #expect(error == .invalidEntry("refused by the writer at line 300"))
        #expect(entries.count == 298)
    }

    /// A bad row well past the first batches: every row before it is written, then its error.
    @Test(arguments: [true, false]) func aBadRowAfterManyBatchesIsRefusedWithItsLineAfterTheRowsBeforeIt(onThread: Bool)
    {
        var csv = Self.purchases(900)
        csv = csv.replacingOccurrences(of: "2024-03-01,buy,S5,699,", with: "2024-02-30,buy,S5,699,")
        let (entries, error) = Self.read(csv, onThread: onThread)
        #expect(error == .importLine(line: 700, detail: "the date must be YYYY-MM-DD"))
        #expect(entries.count == 698)
    }

    /// The writer refuses an early row of a file far larger than the room between the threads:
    /// the reading stops there (it would hang if the reader kept waiting for room).
    @Test(arguments: [true, false]) func theWriterRefusingEarlyStopsALargeReading(onThread: Bool) {
        let (entries, error) = Self.read(Self.purchases(JournalCSV.batchRows * 40), onThread: onThread, refuse: 3)
        #expect(error == .invalidEntry("refused by the writer at line 3"))
        #expect(entries.count == 1)
    }

    @Test(arguments: [true, false]) func aFileWithNoRowsAndNoHeaderIsRefusedAtLineOne(onThread: Bool) {
        let (entries, error) = Self.read("\n\n", onThread: onThread)
        #expect(entries.isEmpty)
        #expect(
            error
                == .importLine(
                    line: 1,
                    detail: "the file is empty; its first line must name the columns: "
                        + JournalCSV.columns.joined(separator: ",")))
    }

    /// The writer refuses line 5 of the last, partial batch; line 8 of it is bad too.
    @Test(arguments: [true, false]) func theWritersRefusalInTheLastBatchBeforeABadRowIsTheError(onThread: Bool) {
        let csv = Self.purchases(10).replacingOccurrences(of: "2024-03-01,buy,S6,7,", with: "2024-13-01,buy,S6,7,")
        let (entries, error) = Self.read(csv, onThread: onThread, refuse: 5)
        #expect(error == .invalidEntry("refused by the writer at line 5"))
        #expect(entries.count == 3)
        // Without the writer's refusal, the bad row is the error, after the six before it.
        let (all, bad) = Self.read(csv, onThread: onThread)
        #expect(bad == .importLine(line: 8, detail: "the date must be YYYY-MM-DD"))
        #expect(all.count == 6)
    }

    @Test(arguments: [true, false]) func aHeaderAloneIsNoRowsAndNoError(onThread: Bool) {
        let (entries, error) = Self.read("date,kind,symbol\n", onThread: onThread)
        #expect(entries.isEmpty)
        #expect(error == nil)
    }

    @Test(arguments: [true, false]) func anEmptyFileIsRefusedAtLineOne(onThread: Bool) {
        let (entries, error) = Self.read("", onThread: onThread)
        #expect(entries.isEmpty)
        #expect(
            error
                == .importLine(
                    line: 1,
                    detail: "the file is empty; its first line must name the columns: "
                        + JournalCSV.columns.joined(separator: ",")))
    }
}
