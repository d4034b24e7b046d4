import Foundation
import TestSupport

/// The real `squarestock` binary running in the background, for tests that must act while it
/// runs (make a server behave again once watch has shown the fault, then see it recover).
/// Output goes to files, so reading it never blocks the process.
public final class RunningCLI: @unchecked Sendable {
    private let process = Process()
    private let dir: URL
    private let outURL: URL
    private let errURL: URL
    private let out: FileHandle
    private let err: FileHandle

    public init(_ arguments: [String], environment: [String: String] = CLIRunner.baseEnvironment()) throws {
        dir = URL(fileURLWithPath: TemporaryPath.make("squarestock-cli"))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        outURL = dir.appendingPathComponent("out")
        errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        out = try FileHandle(forWritingTo: outURL)
        err = try FileHandle(forWritingTo: errURL)
        process.executableURL = URL(fileURLWithPath: CLIRunner.executablePath)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: dir)
    }

    /// Complete lines written to stdout so far.
    public var lines: [String] {
        let text = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        l.removeLast()  // the part after the last newline is not a line yet
        return l
    }

    /// Polls `lines` until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    public func waitFor(timeout: Double, _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if condition(lines) { return true }
            if !process.isRunning { return condition(lines) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Sends `signal` (SIGINT: what Ctrl-C sends) to the process.
    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end by itself and returns everything it wrote.
    public func finish() -> CLIRun {
        process.waitUntilExit()
        return stop()
    }

    /// Sends SIGTERM, waits for the exit, and returns everything the process wrote.
    public func stop() -> CLIRun {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        return CLIRun(
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
            exitCode: process.terminationStatus)
    }
}
