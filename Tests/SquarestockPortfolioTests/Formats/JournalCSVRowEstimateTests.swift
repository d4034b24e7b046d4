import Foundation
import TestSupport
import Testing

@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// `JournalCSV.estimatedRows`, the hint a large import is written by: near the row count of a
/// file far larger than the sample it reads, whatever its line ends; 0 for what is not a
/// regular file (a FIFO's start is never taken from the import), a missing file and an empty one.
struct JournalCSVRowEstimateTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aLargeFileIsEstimatedNearItsRowCount(ending: String) throws {
        let path = TemporaryPath.make("row-estimate", suffix: ".csv")
        defer { unlink(path) }
        var csv = "date,kind,symbol,quantity,price,currency,note" + ending
        for i in 0..<20_000 { csv += "2024-02-01,buy,S\(i % 400),\(i + 1),1.25,USD,r\(i)" + ending }
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        let estimate = JournalCSV.estimatedRows(path: path)
        #expect(abs(estimate - 20_001) < 2_000, "\(estimate)")
    }

    @Test func whatIsNotARegularFileIsNotEstimated() throws {
        let fifo = TemporaryPath.make("row-estimate-fifo")
        let empty = TemporaryPath.make("row-estimate-empty", suffix: ".csv")
        defer { for p in [fifo, empty] { unlink(p) } }
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(JournalCSV.estimatedRows(path: fifo) == 0)
        #expect(JournalCSV.estimatedRows(path: empty) == 0)
        #expect(JournalCSV.estimatedRows(path: empty + "-missing") == 0)
    }
}
