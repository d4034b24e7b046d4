import Foundation
import TestSupport

/// Runs the real `squarestock` binary built next to the test bundle, with a controlled
/// environment, and captures what a user would see.
public struct CLIRun: Sendable {
    public var stdout: String
    public var stderr: String
    public var exitCode: Int32
}

public enum CLIRunner {
    /// The environment every CLI test starts from: a pinned clock, no colour, a fixed width,
    /// and nothing inherited that could change the output (config, proxies, locale).
    public static func baseEnvironment() -> [String: String] {
        [
            "PATH": "/usr/bin:/bin",
            "HOME": NSTemporaryDirectory() + "squarestock-test-home",
            "XDG_CONFIG_HOME": NSTemporaryDirectory() + "squarestock-test-home/config",
            // Fresh for every run: what one run remembers (recent symbols) must not reach another.
            "XDG_STATE_HOME": TemporaryPath.make("test-state"),
            "SQUARESTOCK_NOW": "2025-10-29T17:00:00Z",
            "NO_COLOR": "1",
            "COLUMNS": "100",
            "LANG": "C.UTF-8",
            "TZ": "Europe/Berlin",
            "SQUARESTOCK_SAMPLES": Fixture.repositoryRoot + "/samples",
        ]
    }

    /// The binary under test: `SQUARESTOCK_CLI_UNDER_TEST` names another build (to show that a
    /// new test fails on an older commit's binary), else the one built beside the tests.
    public static var executablePath: String {
        if let other = ProcessInfo.processInfo.environment["SQUARESTOCK_CLI_UNDER_TEST"], !other.isEmpty {
            return other
        }
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleDir.appendingPathComponent("squarestock").path,
            bundleDir.deletingLastPathComponent().appendingPathComponent("squarestock").path,
            Fixture.repositoryRoot + "/.build/debug/squarestock",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    public static func run(
        _ arguments: [String], environment: [String: String] = baseEnvironment(), executable: String? = nil,
        stdin: String? = nil
    ) throws -> CLIRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? executablePath)
        process.arguments = arguments
        process.environment = environment
        let dir = URL(fileURLWithPath: TemporaryPath.make("squarestock-cli"))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out")
        let errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = dir.appendingPathComponent("in")
            try Data(stdin.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CLIRun(
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            exitCode: process.terminationStatus)
    }
}
