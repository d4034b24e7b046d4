import Foundation

/// Golden files: the expected output of a run, kept beside the tests where a reviewer reads it.
/// One switch re-records all of them (CLI goldens, exchange goldens, chart snapshots):
/// `GOLDEN_RECORD=1 swift test`, then read the diff before committing.
public enum Golden {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["GOLDEN_RECORD"] == "1" }

    /// Compares a command's `stdout`, `stderr` and exit status with `<directory>/stdout`,
    /// `stderr` (absent means empty) and `exit`; records them instead when recording. Returns one
    /// message per difference, empty when the run matches.
    public static func check(stdout: String, stderr: String, exitCode: Int32, in directory: String) throws -> [String] {
        if isRecording {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try stdout.write(toFile: directory + "/stdout", atomically: true, encoding: .utf8)
            try stderr.write(toFile: directory + "/stderr", atomically: true, encoding: .utf8)
            try "\(exitCode)\n".write(toFile: directory + "/exit", atomically: true, encoding: .utf8)
            return []
        }
        let name = URL(fileURLWithPath: directory).lastPathComponent
        var differences: [String] = []
        let expectedOut = try String(contentsOfFile: directory + "/stdout", encoding: .utf8)
        if stdout != expectedOut {
            differences.append("\(name): stdout differs\n--- expected\n\(expectedOut)--- actual\n\(stdout)")
        }
        let expectedErr = (try? String(contentsOfFile: directory + "/stderr", encoding: .utf8)) ?? ""
        if stderr != expectedErr {
            differences.append("\(name): stderr differs\n--- expected\n\(expectedErr)--- actual\n\(stderr)")
        }
        let exit = try String(contentsOfFile: directory + "/exit", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if Int32(exit) != exitCode { differences.append("\(name): exit code \(exitCode), expected \(exit)") }
        return differences
    }
}
