import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 22: a cache folder others can write to (or another user's) is not used: the session is
/// neither read from it nor written to it, and the user is told the fix.
struct CacheFolderCLITests {
    func run(cacheMode: mode_t?, owner: uid_t? = nil) throws -> (CLIRun, String) {
        let routes = RouteTable()
        DoctorAndYahooCLITests.yahooRoutes(routes)
        let server = try LoopbackHTTPServer(routes: routes)
        let home = TemporaryPath.make("cache")
        let cache = home + "/squarestock"
        try FileManager.default.createDirectory(
            atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let cacheMode { #expect(chmod(cache, cacheMode) == 0) }
        if let owner { #expect(chown(cache, owner, owner) == 0) }
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = home
        env["SQUARESTOCK_NOW"] = "2025-10-01T13:20:00Z"
        return (
            try CLIRunner.run(["AAPL", "--source", "yahoo", "--format", "csv", "--timeout", "5"], environment: env),
            cache
        )
    }

    @Test func worldWritableCacheFolderIsRefusedWithTheFix() throws {
        let (run, cache) = try run(cacheMode: 0o777)
        #expect(run.exitCode == 0)  // the quote still works, without a cache
        #expect(
            run.stderr.contains(
                "squarestock: warning: not using the cache: refusing to use \(cache): other users can write to it (mode 777); run `chmod 700 \(cache)`"
            ))
        #expect(!FileManager.default.fileExists(atPath: cache + "/yahoo-session.json"))
    }

    @Test func cacheFolderOfAnotherUserIsRefused() throws {
        let (run, cache) = try run(cacheMode: nil, owner: 65534)
        #expect(run.exitCode == 0)
        #expect(run.stderr.contains("refusing to use \(cache): it belongs to uid 65534"))
        #expect(!FileManager.default.fileExists(atPath: cache + "/yahoo-session.json"))
    }

    @Test func ownPrivateCacheFolderIsUsedAndTheSessionIsOwnerOnly() throws {
        let (run, cache) = try run(cacheMode: 0o700)
        #expect(run.exitCode == 0)
        #expect(!run.stderr.contains("warning"))
        var st = stat()
        #expect(lstat(cache + "/yahoo-session.json", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
    }
}
