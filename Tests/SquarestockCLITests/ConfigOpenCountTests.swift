import Foundation
import TestSupport
import Testing

/// Settings are resolved once per command: each command opens the config file at most once,
/// and `search` (offline) not at all. Counted from the system calls, with strace when the
/// machine has it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
struct ConfigOpenCountTests {
    static let offline = ["--endpoint", "http://127.0.0.1:9", "--timeout", "1"]

    static let cases: [(args: [String], opens: Int)] = [
        (["AAPL", "--source", "samples", "--format", "csv"], 1),
        (["chart", "AAPL", "--source", "samples", "--range", "1y", "--format", "csv"], 1),
        (["watch", "AAPL", "--source", "samples", "--count", "1", "--format", "plain"], 1),
        (["watch", "AAPL", "--source", "samples", "--count", "1", "--format", "plain", "--replay-speed", "60"], 1),
        (["search", "apple", "--format", "csv"], 0),
        (["search", "apple", "--online", "--format", "csv"] + offline, 1),
        (["doctor"] + offline, 1),
        (["symbols", "update"] + offline, 1),
    ]

    @Test(arguments: 0..<cases.count)
    func configFileOpens(_ index: Int) throws {
        let (args, opens) = Self.cases[index]
        let home = TemporaryPath.make("opens")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/config/squarestock", withIntermediateDirectories: true)
        try "timeout = 2\n".write(toFile: home + "/config/squarestock/config", atomically: true, encoding: .utf8)
        var env = CLIRunner.baseEnvironment()
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/config"
        env["XDG_CACHE_HOME"] = home + "/cache"
        let trace = home + "/trace"
        _ = try CLIRunner.run(
            ["-f", "-e", "trace=openat", "-o", trace, CLIRunner.executablePath] + args, environment: env,
            executable: "/usr/bin/strace")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains("squarestock/config\"") }.count == opens, "\(args)")
    }
}
