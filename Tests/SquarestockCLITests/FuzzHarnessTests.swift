import Foundation
import TestSupport
import Testing

/// The fuzz harness must refuse to start rather than count executions that test nothing: a
/// mistyped target name, or a search target that cannot find the symbol directory, once ran
/// every input through nothing at tens of thousands of "executions" a second.
@Suite struct FuzzHarnessTests {
    static var harness: String {
        URL(fileURLWithPath: CLIRunner.executablePath).deletingLastPathComponent().appendingPathComponent(
            "squarestock-fuzz"
        ).path
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
        environment["SQUARESTOCK_DATA"] = TemporaryPath.make("no-data")
        let run = try CLIRunner.run([target, "/dev/null"], environment: environment, executable: Self.harness)
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("\(target) needs the symbol directory"))
        #expect(run.stderr.contains("SQUARESTOCK_DATA"))
    }

    @Test func aSearchTargetReplaysWhenTheDirectoryIsFound() throws {
        let query = URL(fileURLWithPath: TemporaryPath.make("fuzz-query"))
        try Data("aple".utf8).write(to: query)
        defer { try? FileManager.default.removeItem(at: query) }
        var environment = CLIRunner.baseEnvironment()
        environment["SQUARESTOCK_DATA"] = Fixture.repositoryRoot + "/data"
        let run = try CLIRunner.run(["search-query", query.path], environment: environment, executable: Self.harness)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("search-query: replayed 1 inputs"))
    }
}

/// The rendering targets check what they draw: hostile text in each decoder's fields must come
/// out inert through the quote table and writers, the watch table and line writers, currency
/// conversion, the chart, and a downloaded directory's search results. The harness aborts on
/// any control character in that output, so a zero exit here means every path sanitized.
@Suite struct FuzzRenderOracleTests {
    static let attack = #"\u001b]52;c;aGFja2Vk\u0007\u009b2J"#
    static let rawAttack = "\u{1B}]0;pwned\u{07}\u{1B}[2J"

    static func inputs() -> [(target: String, bytes: [UInt8])] {
        let quote = Fixture.text("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_PRE_2025-10-01.json")
            .replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"\#(attack)USD""#)
            .replacingOccurrences(of: #""longName":"Apple Inc.""#, with: #""longName":"Apple\#(attack) Inc.""#)
        let chart = Fixture.text("yahoo-json/spark_AAPL_mid-session.json")
            .replacingOccurrences(of: #""dataGranularity":"5m""#, with: #""dataGranularity":"1d\#(attack)""#)
            .replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"\#(rawAttack)USD""#)
        let csv =
            "\"INTC\",\"Intel\(rawAttack)\",\"NMS\",\"\(rawAttack)USD\",35.44,\"9/9/2016\",\"4:00pm\",-0.66,\"-1.83%\",36.10,36.10,36.44,35.44,29457900\n"
        let directory =
            Fixture.repositoryText("data/symbols/nasdaqlisted.txt").split(separator: "\n").prefix(40).joined(
                separator: "\n"
            )
            .replacingOccurrences(of: "|Apple Inc. - Common Stock|", with: "|Apple\(rawAttack) Inc. - Common Stock|")
            + "\nFile Creation Time: 1020202512:11|||||||\n"
        var out: [(String, [UInt8])] = [("directory-search", Array(directory.utf8))]
        for target in ["quote-render", "watch-render", "fx-convert"] {
            out.append((target, [0] + Array(chart.utf8)))
            out.append((target, [1] + Array(quote.utf8)))
            out.append((target, [3 | 4] + Array(csv.utf8)))
        }
        // A close frame whose reason carries escape sequences, and Kraken stream strings with
        // escaped ones: the stream's plain lines must stay inert (issue 28).
        let reason = Array("bye\(rawAttack)".utf8)
        out.append(("websocket-frames", [15, 0x88, UInt8(2 + reason.count), 0x03, 0xE9] + reason))
        out.append(
            (
                "kraken-stream",
                Array(
                    #"{"error":"bad \#(attack)","method":"subscribe","success":false,"symbol":"X\#(attack)/EUR"}"#.utf8)
            ))
        return out
    }

    @Test func hostileFieldsComeOutInertThroughEveryRenderer() throws {
        for (target, bytes) in Self.inputs() {
            let file = URL(fileURLWithPath: TemporaryPath.make("fuzz-render"))
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var environment = CLIRunner.baseEnvironment()
            environment["SQUARESTOCK_DATA"] = Fixture.repositoryRoot + "/data"
            let run = try CLIRunner.run(
                [target, file.path], environment: environment, executable: FuzzHarnessTests.harness)
            #expect(run.exitCode == 0, "\(target): \(run.stderr)")
            #expect(run.stdout.contains("\(target): replayed 1 inputs"), "\(target): \(run.stdout)")
        }
    }
}
