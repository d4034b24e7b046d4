import Foundation
import TestSupport
import Testing

/// Golden cases: each folder under `Golden/` holds `args` (one argument per line), optional
/// `env` (KEY=VALUE lines added to the base environment), and the expected `stdout`, `stderr`
/// and `exit`, compared by `Golden.check` (`GOLDEN_RECORD=1` re-records them from the current
/// binary; read the diff before committing).
struct GoldenTests {
    static let directory = Fixture.testsDirectory + "/SquarestockCLITests/Golden"

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test(arguments: cases)
    func golden(_ name: String) throws {
        let dir = Self.directory + "/" + name
        let args = try String(contentsOfFile: dir + "/args", encoding: .utf8).split(separator: "\n").map(String.init)
        var env = CLIRunner.baseEnvironment()
        if let extra = try? String(contentsOfFile: dir + "/env", encoding: .utf8) {
            for line in extra.split(separator: "\n") {
                let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
                if kv.count == 2 { env[kv[0]] = kv[1] } else if kv.count == 1 { env.removeValue(forKey: kv[0]) }
            }
        }
        let run = try CLIRunner.run(args, environment: env)
        for difference in try Golden.check(stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode, in: dir) {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
