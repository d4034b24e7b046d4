import Foundation
import TestSupport
import Testing

@testable import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Local files are read under a limit checked before reading: a huge file is refused from its
/// size alone, a pipe or a growing file is cut off at the limit.
struct LocalFileReaderTests {
    @Test func aHugeFileIsRefusedFromItsSizeWithoutBeingRead() throws {
        let path = try FileProbes.sparseFile(size: 4 << 30)
        defer { unlink(path) }
        let before = FileProbes.bytesReadByThisThread()
        let result = LocalFileReader.read(path, limit: 1 << 20)
        let read = FileProbes.bytesReadByThisThread() - before
        guard case .failure(let error) = result else {
            Issue.record("a 4 GiB file was read")
            return
        }
        #expect(error == .tooLarge(path: path, size: 4 << 30, limit: 1 << 20))
        #expect(
            error.description
                == "\(path) is 4294967296 bytes (4 GiB), over the 1048576 bytes (1 MiB) limit for this file; it was not read"
        )
        #expect(before >= 0 && read < 1 << 20, "read \(read) bytes of it")
    }

    @Test func aFileUpToTheLimitIsReadWholeAndOneByteMoreIsNot() throws {
        let path = TemporaryPath.make("limit")
        defer { unlink(path) }
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try LocalFileReader.read(path, limit: 5000).get() == bytes)
        #expect(try LocalFileReader.read(path, limit: 1 << 20).get() == bytes)
        #expect(LocalFileReader.read(path, limit: 4999) == .failure(.tooLarge(path: path, size: 5000, limit: 4999)))
        let empty = path + "-empty"
        defer { unlink(empty) }
        _ = FileManager.default.createFile(atPath: empty, contents: nil)
        #expect(try LocalFileReader.read(empty, limit: 10).get() == [])
    }

    @Test func aPipeIsStreamedUpToTheLimit() throws {
        func pipeCarrying(_ bytes: [UInt8]) throws -> (path: String, writer: Thread, readFD: Int32) {
            var fds: [Int32] = [-1, -1]
            try #require(pipe(&fds) == 0)
            let (r, w) = (fds[0], fds[1])
            let writer = Thread {
                var offset = 0
                while offset < bytes.count {
                    let n = bytes.withUnsafeBytes { Glibc.write(w, $0.baseAddress! + offset, $0.count - offset) }
                    if n <= 0 { break }  // the reader stopped: EPIPE
                    offset += n
                }
                close(w)
            }
            return ("/dev/fd/\(r)", writer, r)
        }
        signal(SIGPIPE, SIG_IGN)
        let small = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
        let p1 = try pipeCarrying(small)
        p1.writer.start()
        #expect(try LocalFileReader.read(p1.path, limit: 1 << 20).get() == small)
        close(p1.readFD)

        let big = [UInt8](repeating: 0x41, count: 3 << 20)
        let p2 = try pipeCarrying(big)
        p2.writer.start()
        #expect(
            LocalFileReader.read(p2.path, limit: 1 << 20)
                == .failure(.tooLarge(path: p2.path, size: nil, limit: 1 << 20)))
        close(p2.readFD)
    }

    /// A FIFO that no program writes to: without a wait open(2) blocks for ever (every command
    /// hung on a config left as one); with `fifoWait` the read gives up, saying why.
    @Test func aFIFOWithoutAWriterIsGivenUpAfterTheWait() throws {
        let path = TemporaryPath.make("fifo")
        defer { unlink(path) }
        try #require(mkfifo(path, 0o600) == 0)
        let result = LocalFileReader.read(path, limit: 1 << 20, fifoWait: 200)
        #expect(result == .failure(.noWriter(path: path, waitedMilliseconds: 200, afterBytes: false)))
        #expect(
            LocalFileReadError.noWriter(path: path, waitedMilliseconds: 3_000, afterBytes: false).description
                == "\(path) is a FIFO and no program wrote to it within 3 s; start the program that feeds it, or make it a plain file"
        )
    }

    /// A writer that wrote part and then neither wrote nor closed: given up after the wait too,
    /// saying it stopped (not that nothing wrote), and nothing of it is used.
    @Test func aFIFOWhoseWriterStopsPartWayIsGivenUp() throws {
        let path = TemporaryPath.make("stalled-fifo")
        defer { unlink(path) }
        try #require(mkfifo(path, 0o600) == 0)
        let answered = DispatchSemaphore(value: 0)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            _ = Array("source = stooq\n".utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            // Held open, silent, until the reader has answered.
            answered.wait()
            close(fd)
        }
        writer.start()
        // Long enough for the writer's first bytes on a loaded machine; the wait after them is
        // the one given up.
        let result = LocalFileReader.read(path, limit: 1 << 20, fifoWait: 3_000)
        answered.signal()
        #expect(result == .failure(.noWriter(path: path, waitedMilliseconds: 3_000, afterBytes: true)))
    }

    /// A FIFO a program feeds (a secrets manager writing the config) is read whole, in as many
    /// writes as the writer makes: its close is the end, not the first empty moment.
    @Test func aFIFOWithAWriterIsReadWhole() throws {
        let path = TemporaryPath.make("fed-fifo")
        defer { unlink(path) }
        try #require(mkfifo(path, 0o600) == 0)
        let pieces: [[UInt8]] = [Array("source = stooq\n".utf8), Array("currency = EUR\n".utf8)]
        let writer = Thread {
            // Blocks until the reader has opened the FIFO.
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            for piece in pieces { _ = piece.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) } }
            close(fd)
        }
        writer.start()
        let bytes = try LocalFileReader.read(path, limit: 1 << 20, fifoWait: 30_000).get()
        #expect(bytes == pieces[0] + pieces[1])
    }

    @Test func missingFilesAndFoldersSayWhy() {
        #expect(
            LocalFileReader.read("/nonexistent/x", limit: 10)
                == .failure(.cannotOpen(path: "/nonexistent/x", errno: ENOENT)))
        #expect(LocalFileReader.read("/", limit: 10) == .failure(.cannotRead(path: "/", errno: EISDIR)))
        #expect(
            LocalFileReadError.cannotOpen(path: "/x", errno: ENOENT).description
                == "cannot open /x: No such file or directory")
    }
}
