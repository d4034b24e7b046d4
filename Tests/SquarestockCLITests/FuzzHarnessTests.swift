import Foundation
import Testing
import TestSupport

/// The fuzz harness must refuse to start rather than count executions that test nothing: a
/// mistyped target name, or a search target that cannot find the symbol directory, once ran
/// every input through nothing at tens of thousands of "executions" a second.
@Suite struct FuzzHarnessTests {
    static var harness: String {
        URL(fileURLWithPath: CLIRunner.executablePath).deletingLastPathComponent().appendingPathComponent("squarestock-fuzz").path
    }

    @Test func anUnknownTargetIsRefused() throws {
        let run = try CLIRunner.run(["stooq-quotes", "/dev/null"], executable: Self.harness)
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("unknown target 'stooq-quotes'"))
        #expect(run.stderr.contains("stooq-quote "))
        #expect(!run.stdout.contains("replayed"))
    }

    @Test(arguments: ["search-query", "snapshot"])
    func aSearchTargetWithoutTheSymbolDirectoryIsRefused(target: String) throws {
        var environment = CLIRunner.baseEnvironment()
        environment["SQUARESTOCK_DATA"] = NSTemporaryDirectory() + "squarestock-no-data-\(UUID().uuidString)"
        let run = try CLIRunner.run([target, "/dev/null"], environment: environment, executable: Self.harness)
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("\(target) needs the symbol directory"))
        #expect(run.stderr.contains("SQUARESTOCK_DATA"))
    }

    @Test func aSearchTargetReplaysWhenTheDirectoryIsFound() throws {
        let query = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-query-\(UUID().uuidString)")
        try Data("aple".utf8).write(to: query)
        defer { try? FileManager.default.removeItem(at: query) }
        var environment = CLIRunner.baseEnvironment()
        environment["SQUARESTOCK_DATA"] = Fixture.repositoryRoot + "/data"
        let run = try CLIRunner.run(["search-query", query.path], environment: environment, executable: Self.harness)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("search-query: replayed 1 inputs"))
    }
}
