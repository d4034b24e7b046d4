import Foundation

@testable import SquarestockCore
@testable import SquarestockNetworking

/// Drives the real curl binary (same libcurl the app links) against the loopback server.
enum CurlRunner {
    struct Result {
        var exitCode: Int32
        var stdout: [UInt8]
        var stderr: String
        var seconds: Double
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// `-q` ignores any ~/.curlrc and `--noproxy` any proxy variables, so only the test decides;
    /// `--max-time` guarantees a test can fail but never hang.
    static func run(_ arguments: [String], maxTime: Double = 10) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            ["-q", "--silent", "--show-error", "--noproxy", "*", "--max-time", "\(maxTime)"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let start = ContinuousClock.now
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        return Result(
            exitCode: process.terminationStatus, stdout: Array(stdout),
            stderr: String(decoding: stderr, as: UTF8.self),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Just the status code of one GET.
    static func status(_ url: String) throws -> Int {
        Int(try run(["-o", "/dev/null", "-w", "%{http_code}", url]).text) ?? -1
    }
}
