import Foundation
import TestSupport
import Testing

@testable import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 22: cache and data writes must never follow a planted symbolic link, and a folder that
/// is not the user's own, or that others can write to, is refused with the fix. The suite runs
/// as root here, which ignores mode bits, so it plants links and changes owners and modes rather
/// than relying on permission errors.
struct PrivateFileStoreTests {
    static func folder() throws -> String {
        let dir = TemporaryPath.make("private")
        try FileManager.default.createDirectory(
            atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return dir
    }

    static func victim() throws -> String {
        let path = TemporaryPath.make("victim")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The old temporary name was `<target>.tmp-<pid>`: a link planted there is not written through.
    @Test func linkAtThePredictableTemporaryNameIsNotFollowed() throws {
        let dir = try Self.folder()
        let victim = try Self.victim()
        let target = dir + "/yahoo-session.json"
        #expect(symlink(victim, target + ".tmp-\(getpid())") == 0)
        try PrivateFileStore.write(Array("new".utf8), to: target)
        #expect(Self.contents(victim) == "precious")
        #expect(Self.contents(target) == "new")
        var st = stat()
        #expect(lstat(target, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
        #expect(st.st_mode & 0o777 == 0o600)
    }

    /// A link in place of the target is replaced, not written through.
    @Test func linkAtTheTargetIsReplacedNotFollowed() throws {
        let dir = try Self.folder()
        let victim = try Self.victim()
        let target = dir + "/symbols-1.idx"
        #expect(symlink(victim, target) == 0)
        try PrivateFileStore.write(Array("new".utf8), to: target)
        #expect(Self.contents(victim) == "precious")
        var st = stat()
        #expect(lstat(target, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
        #expect(st.st_mode & 0o777 == 0o600)
        // Nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["symbols-1.idx"])
    }

    static func refusal(writingInto dir: String) -> String? {
        do {
            try PrivateFileStore.write(Array("new".utf8), to: dir + "/yahoo-session.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func folderWritableByOthersIsRefusedWithTheFix() throws {
        for mode: mode_t in [0o777, 0o770, 0o702] {
            let dir = try Self.folder()
            #expect(chmod(dir, mode) == 0)
            let message = try #require(Self.refusal(writingInto: dir), "mode \(String(mode, radix: 8)) was accepted")
            #expect(message.contains("refusing to use \(dir)"))
            #expect(message.contains("run `chmod 700 \(dir)`"))
            #expect(!FileManager.default.fileExists(atPath: dir + "/yahoo-session.json"))
        }
    }

    @Test func folderOfAnotherUserIsRefused() throws {
        let dir = try Self.folder()
        #expect(chown(dir, 65534, 65534) == 0)
        let message = try #require(Self.refusal(writingInto: dir))
        #expect(message.contains("refusing to use \(dir): it belongs to uid 65534"))
        #expect(message.contains("XDG_CACHE_HOME"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/yahoo-session.json"))
    }

    @Test func missingFolderIsCreatedOwnerOnly() throws {
        let dir = try Self.folder() + "/a/b"
        try PrivateFileStore.write(Array("x".utf8), to: dir + "/f")
        var st = stat()
        #expect(stat(dir, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o700)
        #expect(stat(dir + "/f", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
    }
}
