import Foundation
import TestSupport
import Testing

/// A one-shot quote writes only caches (the recent symbols), and a cache is renamed into place
/// without waiting for the disk (`PrivateFileStore.write(durable: false)`, issue 30): on a
/// spinning or busy disk an fsync per quote cost more than the quote. Storing a credential
/// still flushes. Counted from the system calls with strace, when the machine has it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
struct QuoteDiskWaitTests {
    static func syncs(_ args: [String], home: String) throws -> (syncs: Int, renames: Int) {
        var env = CLIRunner.baseEnvironment()
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/config"
        env["XDG_CACHE_HOME"] = home + "/cache"
        env["XDG_STATE_HOME"] = home + "/state"
        let trace = home + "/trace"
        let run = try CLIRunner.run(
            ["-f", "-e", "trace=fsync,fdatasync,renameat,renameat2,rename", "-o", trace, CLIRunner.executablePath]
                + args, environment: env, executable: "/usr/bin/strace")
        #expect(run.exitCode == 0, "\(args): \(run.stderr.suffix(300))")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        return (
            lines.filter { $0.contains("fsync(") || $0.contains("fdatasync(") }.count,
            lines.filter { $0.contains("rename") }.count
        )
    }

    @Test func aQuoteRenamesItsCacheWithoutWaitingForTheDisk() throws {
        let home = TemporaryPath.make("disk-wait")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let quote = try Self.syncs(["AAPL", "BTC-USD", "--source", "samples", "--format", "csv"], home: home)
        #expect(quote.renames >= 1, "the recent symbols were not written: the probe saw nothing")
        #expect(quote.syncs == 0)
        let recent = try String(contentsOfFile: home + "/state/squarestock/recent", encoding: .utf8)
        #expect(recent.hasPrefix("AAPL"), "\(recent)")
    }
}
