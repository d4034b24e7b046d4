import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Kraken's nonce file read and checked without a process: which stored nonces are refused (one
/// that cannot grow, one more than a day ahead, one that is not a number), and who holds a lock
/// according to `/proc/locks`.
struct KrakenNonceFileTests {
    static let now: UInt64 = 1_790_000_000_000

    static func source(storing text: String) throws -> (KrakenNonceSource, String) {
        let path = TemporaryPath.make("nonce-file")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (KrakenNonceSource(path: path, lockTimeout: 1, now: { KrakenNonceFileTests.now }), path)
    }

    @Test(arguments: [
        ("", now), ("\(now - 5)\n", now), ("\(now + 86_400_000)\n", now + 86_400_001), ("  \(now + 7) \n", now + 8),
    ])
    func aUsableStoredNonceGivesTheNextOne(stored: String, next: UInt64) throws {
        let (source, path) = try Self.source(storing: stored)
        let nonce = try source.withNonce { .success(UInt64($0)!) }.get()
        #expect(nonce == next)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(next)\n")
    }

    @Test(arguments: [
        "18446744073709551615", "18446744073709551614", "\(now + 86_400_001)", "99999999999999999999", "abc",
        "-1", String(repeating: "1", count: 80),
    ])
    func aStoredNonceThatCannotServeIsRefusedAndKept(stored: String) throws {
        let (source, path) = try Self.source(storing: stored)
        var called = false
        let result = source.withNonce { _ -> Result<Int, AccountError> in
            called = true
            return .success(0)
        }
        guard case .failure(.nonceFile(let named, let problem, _)) = result else {
            Issue.record("\(stored): \(result)")
            return
        }
        #expect(named == path && problem.contains("rm \(path)"))
        #expect(!called)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == stored)
    }

    @Test func theHolderOfALockIsFoundInProcLocks() {
        // st_dev 0x2b (major 0, minor 0x2b), inode 1318401; a waiter line (`->`) is not a holder.
        let locks = """
            1: POSIX  ADVISORY  WRITE 17 00:2b:1318401 0 EOF
            2: FLOCK  ADVISORY  WRITE 4242 00:2b:1318401 0 EOF
            2: -> FLOCK  ADVISORY  WRITE 5151 00:2b:1318401 0 EOF
            3: FLOCK  ADVISORY  WRITE 99 00:2b:7 0 EOF
            """
        #expect(FileLockHolder.pid(device: 0x2b, inode: 1_318_401, locks: locks) == 4242)
        #expect(FileLockHolder.pid(device: 0x2b, inode: 8, locks: locks) == nil)
        #expect(FileLockHolder.pid(device: 0x803, inode: 7, locks: locks) == nil)
    }
}
