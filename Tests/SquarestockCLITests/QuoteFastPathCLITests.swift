import TestSupport
import Testing

/// `squarestock AAPL --source S --format F` is answered before the argument parser runs
/// (`QuoteFastPath`, issue 30); `squarestock quote AAPL ...` always goes through the parser.
/// The two must print the same bytes on both streams and end with the same exit code, for
/// every form the fast path takes and for the forms it must hand to the parser.
@Suite struct QuoteFastPathCLITests {
    static func bothWays(_ arguments: [String]) throws -> (fast: CLIRun, parsed: CLIRun) {
        let fast = try CLIRunner.run(arguments)
        let parsed = try CLIRunner.run(["quote"] + arguments)
        return (fast, parsed)
    }

    @Test(arguments: [
        ["AAPL", "--source", "samples"],
        ["AAPL", "BTC-USD", "7203.T", "--source", "samples", "--format", "json"],
        ["--source", "samples", "AAPL", "--format", "TABLE"],
        ["AAPL", "NOPE", "--source", "samples", "--format", "csv"],
        ["NOPE", "--source", "samples", "--format", "json"],
        ["aapl", "--format", "json", "--source", "samples"],
    ])
    func theFastPathPrintsWhatTheParserPrints(_ arguments: [String]) throws {
        let (fast, parsed) = try Self.bothWays(arguments)
        #expect(!parsed.stdout.isEmpty || !parsed.stderr.isEmpty, "\(arguments): the parser path printed nothing")
        #expect(fast.stdout == parsed.stdout, "\(arguments)")
        #expect(fast.stderr == parsed.stderr, "\(arguments)")
        #expect(fast.exitCode == parsed.exitCode, "\(arguments)")
    }

    /// Forms the fast path declines keep the parser's answers: usage errors, help, options it
    /// does not take, a bad `--format` or `--source` value.
    @Test(arguments: [
        ["AAPL", "--source", "samples", "--format", "yaml"],
        ["AAPL", "--source", "nowhere"],
        ["AAPL", "--source"],
        ["AAPL", "--source", "samples", "--source", "stooq"],
        ["AAPL", "--source", "samples", "--verbose"],
        ["AAPL", "--source", "samples", "--help"],
        ["AAPL", "--source", "samples", "--ascii", "--format", "table"],
        ["AAPL", "--source=samples"],
    ])
    func declinedFormsGetTheParsersAnswer(_ arguments: [String]) throws {
        let (fast, parsed) = try Self.bothWays(arguments)
        #expect(fast.exitCode == parsed.exitCode, "\(arguments): \(fast.stderr) vs \(parsed.stderr)")
        #expect(fast.stdout.isEmpty == parsed.stdout.isEmpty, "\(arguments)")
        #expect(fast.stderr.isEmpty == parsed.stderr.isEmpty, "\(arguments)")
    }

    @Test func aBadFormatIsStillAUsageError() throws {
        let run = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "yaml"])
        #expect(run.exitCode == 2, "\(run.stderr)")
        #expect(run.stderr.contains("yaml"), "\(run.stderr)")
    }
}
