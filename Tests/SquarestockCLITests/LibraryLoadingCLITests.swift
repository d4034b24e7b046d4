import TestSupport
import Testing

/// Commands that answer from local data load none of the libraries only the network, display
/// names or the ledger need (issue 30): libcurl and ICU are opened on first use, SQLite is built
/// into the binary. The dynamic loader says what it opens (`LD_DEBUG=libs`), so these tests read
/// the truth from it rather than from timings; a missing libcurl is named with its package.
@Suite struct LibraryLoadingCLITests {
    /// Libraries a local answer must not open.
    static let heavy = ["libcurl", "libicuuc", "libicui18n", "libsqlite3"]

    static func environment() -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-libs-cache")
        env["XDG_DATA_HOME"] = TemporaryPath.make("sq-libs-data")
        return env
    }

    /// The libraries the loader opened (by name) while running `arguments`, and the run itself.
    static func opened(_ arguments: [String], environment: [String: String]) throws -> (loaded: [String], run: CLIRun) {
        var env = environment
        env["LD_DEBUG"] = "libs"
        let run = try CLIRunner.run(arguments, environment: env)
        let loaded = run.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "find library=") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
        return (loaded, run)
    }

    static func heavyOnes(_ loaded: [String]) -> [String] {
        loaded.filter { name in heavy.contains { name.hasPrefix($0) } }
    }

    @Test func theLoaderReportsWhatItOpens() throws {
        // The probe itself must see libraries, or the tests below would pass by seeing nothing.
        let (loaded, _) = try Self.opened(["--version"], environment: Self.environment())
        #expect(loaded.contains { $0.hasPrefix("libc.so") }, "\(loaded)")
    }

    @Test(arguments: [
        ["--version"], ["--help"], ["AAPL", "--source", "samples"],
        ["AAPL", "BTC-USD", "--source", "samples", "--format", "json"],
        ["search", "apple"], ["symbols", "info"], ["market"],
    ])
    func localAnswersOpenNoHeavyLibrary(_ arguments: [String]) throws {
        let (loaded, run) = try Self.opened(arguments, environment: Self.environment())
        #expect(run.exitCode == 0, "\(arguments): \(run.stderr.suffix(400))")
        #expect(Self.heavyOnes(loaded).isEmpty, "\(arguments) opened \(Self.heavyOnes(loaded))")
    }

    @Test func statusLineFromItsCacheOpensNoHeavyLibrary() throws {
        let env = Self.environment()
        let first = try Self.opened(["line", "AAPL", "--source", "samples"], environment: env)
        #expect(first.run.exitCode == 0, "\(first.run.stderr.suffix(400))")
        let warm = try Self.opened(["line", "AAPL", "--source", "samples"], environment: env)
        #expect(warm.run.stdout.contains("AAPL"))
        #expect(Self.heavyOnes(warm.loaded).isEmpty, "\(Self.heavyOnes(warm.loaded))")
    }

    @Test func theLedgerNeedsNoSharedSQLite() throws {
        let env = Self.environment()
        let buy = try Self.opened(
            ["portfolio", "buy", "AAPL", "2", "--price", "150", "--date", "2025-10-01"], environment: env)
        #expect(buy.run.exitCode == 0, "\(buy.run.stderr.suffix(400))")
        #expect(!buy.loaded.contains { $0.hasPrefix("libsqlite3") }, "\(buy.loaded)")
    }

    @Test func aFetchOpensLibcurlAndNamesItsPackageWhenMissing() throws {
        var env = Self.environment()
        let live = try Self.opened(
            ["AAPL", "--source", "stooq", "--endpoint", "http://127.0.0.1:9", "--timeout", "2"], environment: env)
        #expect(live.loaded.contains { $0.hasPrefix("libcurl") }, "\(live.loaded)")
        env["SQUARESTOCK_LIBCURL"] = "/nonexistent/libcurl.so.4"
        let missing = try CLIRunner.run(
            ["AAPL", "--source", "stooq", "--endpoint", "http://127.0.0.1:9"], environment: env)
        #expect(missing.exitCode != 0)
        #expect(missing.stderr.contains("apt install libcurl4"), "\(missing.stderr)")
        // The local answers do not care.
        let version = try CLIRunner.run(["--version"], environment: env)
        #expect(version.exitCode == 0)
    }

    /// The loader's own work at start (issue 30): the binary carries its relative relocations
    /// packed (`DT_RELR`, from lld's `-z pack-relative-relocs`), exports none of its own
    /// symbols (`Linker/squarestock.exports`) and has libstdc++ built in (`Linker/libstdc++.so`). Read from the ELF file with binutils, so a change
    /// to Package.swift that drops either shows here rather than as a slower start.
    @Test func theBinaryIsLinkedForAQuickStart() throws {
        let dynamic = try CLIRunner.run(
            ["-d", "-W", CLIRunner.executablePath], environment: CLIRunner.baseEnvironment(),
            executable: "/usr/bin/readelf")
        #expect(dynamic.exitCode == 0, "\(dynamic.stderr)")
        #expect(dynamic.stdout.contains("(RELR)"), "no packed relocations:\n\(dynamic.stdout)")
        #expect(dynamic.stdout.contains("(NEEDED)"), "readelf printed no dynamic section")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.contains { $0.contains("libstdc++") }, "libstdc++ is loaded at start: \(needed)")
        let symbols = try CLIRunner.run(
            ["-D", "--defined-only", CLIRunner.executablePath], environment: CLIRunner.baseEnvironment(),
            executable: "/usr/bin/nm")
        let exported = symbols.stdout.split(separator: "\n").filter { !$0.isEmpty }
        #expect(exported.count < 20, "\(exported.count) dynamic symbols exported, e.g. \(exported.prefix(5))")
    }
}
