import Dispatch
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The files beside the keys, made hostile: Kraken's nonce file holding a nonce near 2^64, a
/// FIFO, a link or a folder in place of a file, a lock held by a stopped process. Each ends the
/// command promptly with the file named and its fix, and nothing is sent.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountFilesCLITests {
    typealias Setup = AccountCLITests.Setup

    static func folder(_ s: Setup) throws -> String {
        let folder = s.home + "/config/squarestock"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func writeNonce(_ text: String, _ s: Setup) throws -> String {
        let path = try folder(s) + "/kraken-nonce"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        return path
    }

    @Test(arguments: ["18446744073709551615\n", "18446744073709551614\n", "99999999999999999999\n"])
    func aNonceThatCannotGrowIsRefusedNamingTheFileNeverATrap(stored: String) throws {
        let s = try Setup()
        let path = try Self.writeNonce(stored, s)
        for _ in 0..<2 {
            let run = try s.run(["account"])
            #expect(run.exitCode == 1, "\(run.stderr)")
            #expect(run.stderr.contains("nonce file \(path)") && run.stderr.contains("rm \(path)"), "\(run.stderr)")
        }
        #expect(s.fake.nonceRejections == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == stored)
    }

    @Test func aNonceMoreThanADayAheadIsRefusedAndOneAnHourAheadIsUsed() throws {
        let s = try Setup()
        let now = UInt64(Date().timeIntervalSince1970 * 1000)
        let path = try Self.writeNonce("\(now + 2 * 86_400_000)\n", s)
        let ahead = try s.run(["account"])
        #expect(ahead.exitCode == 1 && ahead.stderr.contains("more than a day ahead"), "\(ahead.stderr)")
        _ = try Self.writeNonce("\(now + 3_600_000)\n", s)
        let fine = try s.run(["account"])
        #expect(fine.exitCode == 0, "\(fine.stderr)")
        let next = UInt64(
            try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(next == now + 3_600_001)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func aNonceFileOfAnotherUserIsRefused() throws {
        let s = try Setup()
        let path = try Self.writeNonce("1\n", s)
        chown(path, 65534, 65534)
        let run = try s.run(["account"])
        #expect(run.exitCode == 1 && run.stderr.contains("belongs to another user"), "\(run.stderr)")
        #expect(s.fake.nonceRejections == 0)
    }

    @Test func aFIFOInPlaceOfTheNonceFileOrTheCredentialsEndsPromptly() throws {
        let s = try Setup()
        let nonce = try Self.folder(s) + "/kraken-nonce"
        #expect(mkfifo(nonce, 0o600) == 0)
        let run = try s.run(["account"])
        #expect(run.exitCode == 1 && run.stderr.contains("nonce file \(nonce): it is not a regular file"))

        let stored = try Setup(keyInEnvironment: false)
        let credentials = try Self.folder(stored) + "/credentials"
        #expect(mkfifo(credentials, 0o600) == 0)
        let refused = try stored.run(["account"])
        #expect(refused.exitCode == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("credentials file \(credentials): it is not a regular file"))
    }

    /// A credentials file whose key is empty has no key: it signed requests that named none.
    @Test func anEmptyStoredKeyIsNoKey() throws {
        let s = try Setup(keyInEnvironment: false)
        let path = try Self.folder(s) + "/credentials"
        try Data("kraken.key = \nkraken.secret = \(AccountCLITests.secret)\n".utf8).write(
            to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        let run = try s.run(["account"])
        #expect(run.exitCode != 0, "\(run.stdout)")
        #expect(run.stderr.contains("account login --exchange kraken"), "\(run.stderr)")
        #expect(s.server.requests.isEmpty, "\(s.server.requests.map(\.path))")
    }

    @Test func aLinkOrAFolderInPlaceOfTheNonceFileIsRefusedWithTheFix() throws {
        let s = try Setup()
        let path = try Self.folder(s) + "/kraken-nonce"
        let target = s.home + "/elsewhere"
        try Data("1\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, path) == 0)
        let link = try s.run(["account"])
        #expect(link.exitCode == 1 && link.stderr.contains("symbolic link") && link.stderr.contains("rm \(path)"))
        #expect(unlink(path) == 0 && mkdir(path, 0o700) == 0)
        let folder = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(
            folder.exitCode == 1 && folder.stderr.contains("is a folder") && folder.stderr.contains("rmdir \(path)"))
        // Refused before the preview: nothing is offered for confirmation that could not be sent.
        #expect(!folder.stdout.contains("cost:"), "\(folder.stdout)")
        #expect(s.fake.addOrderRequests == 0 && s.fake.nonceRejections == 0)
    }

    /// A queue of healthy calls with one key is waited for even when it lasts longer than the
    /// timeout: only a holder that keeps the lock for the whole timeout fails the others.
    @Test func callsQueuedBehindEachOtherLongerThanTheTimeoutAllSucceed() throws {
        let s = try Setup()
        // Ten calls of 1 s each queue for 10 s, twice each one's 5 s limit.
        s.fake.balanceDelay = 1
        let runs = 10
        let codes = ExitCodes(count: runs)
        let env = s.env
        DispatchQueue.concurrentPerform(iterations: runs) { i in
            let r = try? CLIRunner.run(["account", "--format", "csv", "--timeout", "5"], environment: env)
            codes.set(i, r?.exitCode ?? -1)
        }
        #expect(codes.values == [Int32](repeating: 0, count: runs))
        #expect(s.fake.nonceRejections == 0)
    }

    /// A stopped process holding the lock (here util-linux `flock`, stopped with SIGSTOP once it
    /// says it holds it): the call gives up after its timeout and names the process.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func aStoppedHolderOfTheLockFailsTheCallWithinItsTimeoutNamingIt() throws {
        let s = try Setup()
        let path = try Self.writeNonce("", s)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["-o", path, "/bin/sh", "-c", "echo locked; exec cat"]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGCONT)
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        // Waits for the holder's word that it holds the lock.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        #expect(String(decoding: said, as: UTF8.self).contains("locked"))
        let pid = holder.processIdentifier
        #expect(kill(pid, SIGSTOP) == 0)
        let started = Date()
        let run = try s.run(["account", "--timeout", "1"])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.exitCode == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("nonce file \(path)") && run.stderr.contains("process \(pid) (flock)"), "\(run.stderr)")
        #expect(run.stderr.contains("kill \(pid)"))
        #expect(s.fake.nonceRejections == 0)
    }
}
