import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Local files as the user meets them: a watchlist from a pipe, files too big to read, a
/// damaged downloaded symbol directory, leftovers of a killed `symbols update`.
struct LocalFilesCLITests {
    static func temporaryFolder(_ name: String) -> String {
        TemporaryPath.make(name)
    }

    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The id of a process that has exited (and been reaped), so no process has it now.
    static func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    func symbolsOf(_ run: CLIRun) -> [String] {
        run.stdout.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
    }

    @Test(.timeLimit(.minutes(10)))
    func watchReadsItsListFromAPipe() throws {
        let exe = Self.quoted(CLIRunner.executablePath)
        let fromStdin = try CLIRunner.run(
            [
                "-c",
                "printf '# mine\\nintc\\nAIR.PA\\n' | \(exe) watch AAPL --list /dev/stdin --source samples --count 1",
            ],
            executable: "/bin/sh")
        #expect(fromStdin.exitCode == 0, "\(fromStdin.stderr)")
        #expect(symbolsOf(fromStdin) == ["AAPL", "INTC", "AIR.PA"])
        // Process substitution: a pipe behind /dev/fd/N; the list alone gives the symbols.
        let substituted = try CLIRunner.run(
            ["-c", "\(exe) watch --list <(printf 'goog\\ntsla\\n') --source samples --count 1"], executable: "/bin/bash"
        )
        #expect(substituted.exitCode == 0, "\(substituted.stderr)")
        #expect(symbolsOf(substituted) == ["GOOG", "TSLA"])
    }

    @Test(.timeLimit(.minutes(10)))
    func hugeListAndConfigFilesAreRefusedWithTheirSize() throws {
        let home = Self.temporaryFolder("huge")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/squarestock", withIntermediateDirectories: true)
        for path in [home + "/list", home + "/squarestock/config"] {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(fd >= 0)
            try #require(ftruncate(fd, 1 << 30) == 0)  // sparse: 1 GiB of nothing
            close(fd)
        }
        let list = try CLIRunner.run(["watch", "AAPL", "--list", home + "/list", "--source", "samples", "--count", "1"])
        #expect(list.exitCode == 2)
        #expect(
            list.stderr.contains(
                "the watchlist file \(home)/list is 1073741824 bytes (1 GiB), over the 1048576 bytes (1 MiB) limit"),
            "\(list.stderr)")
        #expect(list.stdout == "")
        var env = CLIRunner.baseEnvironment()
        env["XDG_CONFIG_HOME"] = home
        let quote = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "csv"], environment: env)
        #expect(quote.exitCode == 0)
        #expect(
            quote.stderr.contains(
                "warning: config: \(home)/squarestock/config is 1073741824 bytes (1 GiB), over the 1048576 bytes (1 MiB) limit"
            ),
            "\(quote.stderr)")
    }

    @Test func aDamagedDownloadedDirectoryFallsBackToTheShippedCopyAndInfoSaysSo() throws {
        let data = Self.temporaryFolder("data")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let user = data + "/squarestock/symbols"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try Fixture.repositoryText("data/symbols/nasdaqlisted.txt").write(
            toFile: user + "/nasdaqlisted.txt", atomically: true, encoding: .utf8)
        try "<html>Checking your browser</html>\n".write(
            toFile: user + "/otherlisted.txt", atomically: true, encoding: .utf8)
        var env = CLIRunner.baseEnvironment()
        env["XDG_DATA_HOME"] = data
        env["XDG_CACHE_HOME"] = Self.temporaryFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: env["XDG_CACHE_HOME"]!) }

        let search = try CLIRunner.run(["search", "berkshire", "--limit", "1", "--format", "csv"], environment: env)
        #expect(search.exitCode == 0, "\(search.stderr)")
        // BRK is in otherlisted.txt, the file left intact.
        #expect(search.stdout.contains("\nBRK.A,") || search.stdout.contains("\nBRK.B,"), "\(search.stdout)")
        #expect(
            search.stderr.contains("squarestock: the downloaded symbol directory in \(user) is damaged ("),
            "\(search.stderr)")
        #expect(search.stderr.contains("until you run `squarestock symbols update`"))

        let info = try CLIRunner.run(["symbols", "info"], environment: env)
        #expect(info.exitCode == 1)
        #expect(
            info.stdout.hasPrefix("in use: \(Fixture.repositoryRoot)/data/symbols (shipped with squarestock)"),
            "\(info.stdout)")
        #expect(info.stderr.contains("the downloaded symbol directory in \(user) is damaged ("), "\(info.stderr)")
        #expect(info.stderr.contains("`squarestock symbols update`"))
    }

    @Test func symbolsUpdateClearsWhatAKilledUpdateLeftBehind() throws {
        let routes = RouteTable()
        routes.add(
            path: "/dynamic/SymDir/nasdaqlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/nasdaqlisted.txt")))
        routes.add(
            path: "/dynamic/SymDir/otherlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/otherlisted.txt")))
        let server = try LoopbackHTTPServer(routes: routes)
        let data = Self.temporaryFolder("data")
        defer { try? FileManager.default.removeItem(atPath: data) }
        var env = CLIRunner.baseEnvironment()
        env["XDG_DATA_HOME"] = data
        #expect(try CLIRunner.run(["symbols", "update", "--endpoint", server.baseURL], environment: env).exitCode == 0)
        let base = data + "/squarestock"
        let fm = FileManager.default
        let installed = try fm.destinationOfSymbolicLink(atPath: base + "/symbols")

        // What an update killed half-way leaves: its folder with a temporary file, its link.
        let dead = try Self.deadPID()
        try fm.createDirectory(atPath: base + "/symbols-123-\(dead)", withIntermediateDirectories: true)
        _ = fm.createFile(
            atPath: base + "/symbols-123-\(dead)/nasdaqlisted.txt.tmp-\(dead)", contents: Data("half".utf8))
        try fm.createSymbolicLink(atPath: base + "/symbols.link-\(dead)", withDestinationPath: "symbols-123-\(dead)")
        // ... and one of an update still running (this test process stands in for it).
        let running = base + "/symbols-124-\(getpid())"
        try fm.createDirectory(atPath: running, withIntermediateDirectories: true)

        let again = try CLIRunner.run(["symbols", "update", "--endpoint", server.baseURL], environment: env)
        #expect(again.exitCode == 0, "\(again.stderr)")
        let now = try fm.destinationOfSymbolicLink(atPath: base + "/symbols")
        #expect(Set(try fm.contentsOfDirectory(atPath: base)) == ["symbols", now, "symbols-124-\(getpid())"])
        #expect(now != installed)
        #expect(Set(try fm.contentsOfDirectory(atPath: base + "/" + now)) == ["nasdaqlisted.txt", "otherlisted.txt"])
    }
}
