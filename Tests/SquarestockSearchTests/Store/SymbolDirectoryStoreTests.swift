import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockSearch

#if canImport(Glibc)
    import Glibc
#endif

/// Where the offline directory is loaded from when things on disk are wrong: a huge damaged
/// snapshot, a damaged downloaded copy, leftovers of killed updates.
struct SymbolDirectoryStoreTests {
    static let shipped = Fixture.repositoryRoot + "/data/symbols"

    static func temporaryFolder(_ name: String) -> String {
        TemporaryPath.make(name)
    }

    /// The id of a process that has exited (and been reaped), so no process has it now.
    static func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test func aHugeDamagedSnapshotIsRebuiltWithoutBeingReadWhole() throws {
        let cache = Self.temporaryFolder("snap")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let store = SymbolDirectoryStore(userDirectory: nil, shippedDirectory: Self.shipped, cacheDirectory: cache)
        _ = try store.loadIndex().get()
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".idx") })
        let path = cache + "/" + name
        let goodSize = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        // Damage it into a 2 GiB file (sparse: no disk, no time), as a disk error or a bad copy might.
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        try #require(ftruncate(fd, 2 << 30) == 0)
        close(fd)
        let before = FileProbes.bytesReadByThisThread()
        let index = try store.loadIndex().get()
        let read = FileProbes.bytesReadByThisThread() - before
        #expect(index.search("apple", limit: 1).first?.symbol == "AAPL")
        // Only the two directory files (under 1 MB) were read, not the 2 GiB; the snapshot was replaced.
        #expect(read < 16 << 20, "read \(read) bytes")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == goodSize)
    }

    /// The snapshot of a copy no longer searched (2 MB each, one left by every `symbols update`)
    /// goes when a new one is written, once unused for a day; one used lately (another process's
    /// copy) and another process's temporary file stay.
    @Test func aNewSnapshotRemovesTheOldOnes() throws {
        let cache = Self.temporaryFolder("snap-old")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        for name in ["symbols-1111.idx", "symbols-2222.idx", "symbols-2222.idx.tmp-\(getpid())", "other.idx"] {
            FileManager.default.createFile(atPath: cache + "/" + name, contents: Data("x".utf8))
        }
        let twoDaysAgo = timespec(tv_sec: time(nil) - 2 * 86_400, tv_nsec: 0)
        for name in ["symbols-1111.idx", "other.idx"] {
            #expect(utimensat(AT_FDCWD, cache + "/" + name, [twoDaysAgo, twoDaysAgo], 0) == 0)
        }
        let store = SymbolDirectoryStore(userDirectory: nil, shippedDirectory: Self.shipped, cacheDirectory: cache)
        _ = try store.loadIndex().get()
        let left = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        #expect(!left.contains("symbols-1111.idx") && left.contains("symbols-2222.idx"), "\(left)")
        #expect(left.contains("other.idx") && left.contains("symbols-2222.idx.tmp-\(getpid())"))
        #expect(left.filter { $0.hasPrefix("symbols-") && $0.hasSuffix(".idx") }.count == 2, "\(left)")
        // The new one is read, not built again: nothing is removed on a later load.
        _ = try store.loadIndex().get()
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == left)
    }

    @Test func aDamagedDownloadedCopyFallsBackToTheShippedOneWithAWarning() throws {
        let data = Self.temporaryFolder("data")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let user = data + "/symbols"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try Fixture.repositoryText("data/symbols/nasdaqlisted.txt").write(
            toFile: user + "/nasdaqlisted.txt", atomically: true, encoding: .utf8)
        let other = Fixture.repositoryText("data/symbols/otherlisted.txt")
        try String(other.prefix(other.count / 2)).write(
            toFile: user + "/otherlisted.txt", atomically: true, encoding: .utf8)
        let store = SymbolDirectoryStore(userDirectory: user, shippedDirectory: Self.shipped, cacheDirectory: nil)
        let loaded = try store.load().get()
        #expect(loaded.copy.origin == .shipped)
        #expect(loaded.index.search("microsoft", limit: 1).first?.symbol == "MSFT")
        #expect(loaded.warnings.count == 1)
        #expect(loaded.warnings.first?.hasPrefix("the downloaded symbol directory in \(user) is damaged (") == true)
        #expect(
            loaded.warnings.first?.hasSuffix(
                "using the copy shipped with squarestock until you run `squarestock symbols update`") == true)

        // Without a shipped copy the damage is the error.
        let alone = SymbolDirectoryStore(userDirectory: user, shippedDirectory: nil, cacheDirectory: nil)
        guard case .failure(.invalid(let dir, _)) = alone.load() else {
            Issue.record("a damaged copy loaded")
            return
        }
        #expect(dir == user)

        // A link to a folder that is gone is damage too, not "nothing installed".
        try FileManager.default.removeItem(atPath: user)
        try FileManager.default.createSymbolicLink(atPath: user, withDestinationPath: "symbols-1-1")
        let dangling = try store.load().get()
        #expect(dangling.copy.origin == .shipped)
        #expect(dangling.warnings.first?.contains("cannot open \(user)/nasdaqlisted.txt") == true)
    }

    /// Names end in `<pid>-<random token>` (unguessable, see `PrivateFileStore`), or at the pid
    /// in older versions; either way the pid tells a killed run's leftovers from a running one's.
    @Test(arguments: ["", "-0123456789abcdef"])
    func leftoversOfKilledUpdatesGoButNotTheInstalledCopyOrARunningUpdate(token: String) throws {
        let data = Self.temporaryFolder("data")
        let cache = Self.temporaryFolder("cache")
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let dead = "\(try Self.deadPID())" + token
        let alive = "\(getpid() == 1 ? 2 : getppid())" + token  // a process that runs (the runner's parent)
        let fm = FileManager.default
        func folder(_ name: String) throws {
            try fm.createDirectory(atPath: data + "/" + name, withIntermediateDirectories: true)
        }
        func file(_ path: String) { _ = fm.createFile(atPath: path, contents: Data("x".utf8)) }
        // The installed copy was written by a process long gone.
        try folder("symbols-100-\(dead)")
        file(data + "/symbols-100-\(dead)/nasdaqlisted.txt")
        file(data + "/symbols-100-\(dead)/otherlisted.txt.tmp-\(dead)")
        try fm.createSymbolicLink(atPath: data + "/symbols", withDestinationPath: "symbols-100-\(dead)")
        // A killed update's folder, link and temporary file; a running update's folder.
        try folder("symbols-200-\(dead)")
        file(data + "/symbols-200-\(dead)/nasdaqlisted.txt.tmp-\(dead)")
        try fm.createSymbolicLink(atPath: data + "/symbols.link-\(dead)", withDestinationPath: "symbols-200-\(dead)")
        try folder("symbols-300-\(alive)")
        file(data + "/symbols-300-\(alive)/nasdaqlisted.txt.tmp-\(alive)")
        try fm.createDirectory(atPath: cache, withIntermediateDirectories: true)
        file(cache + "/symbols-abc.idx.tmp-\(dead)")
        file(cache + "/symbols-abc.idx.tmp-\(alive)")
        file(cache + "/symbols-abc.idx")

        let store = SymbolDirectoryStore(
            userDirectory: data + "/symbols", shippedDirectory: Self.shipped, cacheDirectory: cache)
        let removed = SymbolDirectoryLeftovers(store: store).remove()
        #expect(
            Set(removed) == [
                data + "/symbols-200-\(dead)", data + "/symbols.link-\(dead)",
                data + "/symbols-100-\(dead)/otherlisted.txt.tmp-\(dead)", cache + "/symbols-abc.idx.tmp-\(dead)",
            ])
        #expect(
            Set(try fm.contentsOfDirectory(atPath: data)) == ["symbols", "symbols-100-\(dead)", "symbols-300-\(alive)"])
        #expect(try fm.contentsOfDirectory(atPath: data + "/symbols-100-\(dead)") == ["nasdaqlisted.txt"])
        #expect(try fm.contentsOfDirectory(atPath: data + "/symbols-300-\(alive)") == ["nasdaqlisted.txt.tmp-\(alive)"])
        #expect(Set(try fm.contentsOfDirectory(atPath: cache)) == ["symbols-abc.idx", "symbols-abc.idx.tmp-\(alive)"])
    }

    @Test func aDownloadedCopyRanksWithTheShippedLargeCapList() throws {
        // `symbols update` downloads only the directory files; the list comes from the shipped folder.
        let data = Self.temporaryFolder("caps")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let user = data + "/symbols"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        for name in SymbolDirectoryStore.files {
            try Fixture.repositoryText("data/symbols/" + name).write(
                toFile: user + "/" + name, atomically: true, encoding: .utf8)
        }
        let store = SymbolDirectoryStore(userDirectory: user, shippedDirectory: Self.shipped, cacheDirectory: nil)
        let loaded = try store.load().get()
        #expect(loaded.copy.origin == .downloaded)
        #expect(store.largeCapPath(loaded.copy) == Self.shipped + "/" + LargeCapList.fileName)
        #expect(loaded.index.search("ford", limit: 1).first?.symbol == "F")
        // With no list anywhere the micro-cap's exact ticker keeps its lead.
        let alone = SymbolDirectoryStore(userDirectory: user, shippedDirectory: nil, cacheDirectory: nil)
        let aloneCopy = try #require(alone.current)
        #expect(alone.largeCapPath(aloneCopy) == nil)
        #expect(try alone.loadIndex().get().search("ford", limit: 1).first?.symbol == "FORD")
    }
}
