import Foundation
import TestSupport
import Testing

/// Golden cases: each folder under `Golden/` holds `args` (one argument per line), optional
/// `env` (KEY=VALUE lines added to the base environment), and the expected `stdout`, `stderr`
/// and `exit`. Run with `GOLDEN_RECORD=1` to write the expected files from the current binary,
/// then read the diff before committing.
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
        if ProcessInfo.processInfo.environment["GOLDEN_RECORD"] == "1" {
            try run.stdout.write(toFile: dir + "/stdout", atomically: true, encoding: .utf8)
            try run.stderr.write(toFile: dir + "/stderr", atomically: true, encoding: .utf8)
            try "\(run.exitCode)\n".write(toFile: dir + "/exit", atomically: true, encoding: .utf8)
            return
        }
        let expectedOut = try String(contentsOfFile: dir + "/stdout", encoding: .utf8)
        let expectedErr = (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? ""
        let expectedExit = Int32(
            try String(contentsOfFile: dir + "/exit", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(run.stdout == expectedOut, "\(name): stdout differs")
        #expect(run.stderr == expectedErr, "\(name): stderr differs")
        #expect(run.exitCode == expectedExit, "\(name): exit code")
    }
}
