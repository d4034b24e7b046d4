import Foundation
import TestSupport
import Testing

/// Issue 28: what reaches standard output is as clean as what reaches standard error, and the
/// help says each default once.
struct OutputHygieneCLITests {
    /// An `--endpoint` with an escape sequence, echoed in the quote's error: stderr was already
    /// clean, the CSV and JSON error cells on stdout were not.
    @Test(arguments: ["csv", "json"])
    func anEndpointEchoedIntoAnErrorCellHasNoControlCharacters(format: String) throws {
        let run = try CLIRunner.run([
            "quote", "AAPL", "--source", "yahoo", "--endpoint", "http://127.0.0.1:1/\u{1B}]0;pwned\u{07}x",
            "--format", format, "--timeout", "2",
        ])
        #expect(run.exitCode != 0)
        #expect(run.stdout.contains("AAPL"), "\(run.stdout)")
        let controls = (run.stdout + run.stderr).unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(run.stdout.debugDescription)")
        #expect(!run.stdout.contains("pwned"))
    }

    /// Output that cannot be written (a full disk: /dev/full) is a failure, said on standard
    /// error, never a silent success with nothing written; a closed pipe is not said.
    @Test(
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")),
        arguments: [["AAPL", "--source", "samples", "--format", "csv"], ["market", "--format", "csv"], ["--version"]])
    func outputLostToAFullDiskIsAFailure(arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executablePath)
        process.arguments = arguments
        process.environment = CLIRunner.baseEnvironment()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(arguments): \(stderr)")
        #expect(stderr.contains("squarestock: the output could not be written: No space left on device"), "\(stderr)")
    }

    /// ArgumentParser prints a stored default itself; a help text that also says it printed it
    /// twice. The options keep their defaults in their own words (the man page shows those).
    @Test(arguments: ["line", "search", "book", "trades"])
    func helpSaysEachDefaultOnce(command: String) throws {
        let run = try CLIRunner.run([command, "--help"])
        #expect(run.exitCode == 0)
        let folded = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Each option's entry starts with ` --`: none may say its default in both ways.
        for entry in folded.components(separatedBy: " --") {
            let own = entry.contains("(default ") || entry.contains("; default)")
            #expect(!(own && entry.contains("(default: ")), "\(command): --\(entry)")
        }
        if command == "line" {
            #expect(folded.contains("(default plain)") && folded.contains("(default 60)"))
        }
    }

    /// README's JSON table names every key the quote's JSON has (it once left out
    /// `nextMarketEvent`).
    @Test func readmeListsEveryJSONKey() throws {
        let run = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let keys = Set(objects.flatMap(\.keys))
        #expect(keys.contains("nextMarketEvent"))
        let readme = try String(contentsOfFile: Fixture.repositoryRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "### JSON (`--format json`)"))
        let end = try #require(readme.range(of: "### CSV", range: start.upperBound..<readme.endIndex))
        let table = readme[start.upperBound..<end.lowerBound]
        for key in keys.sorted() {
            #expect(table.contains("`\(key)`"), "README's JSON table does not list \(key)")
        }
    }
}
