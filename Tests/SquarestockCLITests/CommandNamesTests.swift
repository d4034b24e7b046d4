import Foundation
import Testing

/// Every command names itself in its `CommandConfiguration` (issue 30). A command without a
/// `commandName` makes the argument parser derive one with `String(describing: Self.self)` each
/// time the command tree is built, that is on every run of every command: describing a metatype
/// asks the Swift runtime for four protocol conformances it never has, and each miss scans every
/// conformance record in the binary (about 7,000 in the installed build). Seven unnamed
/// subcommands cost a one-shot quote about a millisecond. This reads the front end's sources.
@Suite struct CommandNamesTests {
    static let frontEnd = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/squarestock")

    /// `(file, type)` of each command type whose configuration has no `commandName:`.
    static func unnamedCommands(in text: String, file: String) -> [String] {
        var unnamed: [String] = []
        var rest = text[...]
        while let conformance = rest.range(of: ": ParsableCommand {") ?? rest.range(of: ": AsyncParsableCommand {") {
            let head = rest[..<conformance.lowerBound]
            let name = head.split(whereSeparator: { $0 == " " || $0 == "\n" }).last.map(String.init) ?? "?"
            let body = rest[conformance.upperBound...]
            let configuration = body.range(of: "CommandConfiguration(")
            let window = configuration.map { body[$0.upperBound...].prefix(400) } ?? ""
            if configuration == nil || !window.contains("commandName:") { unnamed.append("\(file): \(name)") }
            rest = body
        }
        return unnamed
    }

    @Test func theCheckFindsAnUnnamedCommand() {
        let source = """
            struct Named: ParsableCommand {
                static let configuration = CommandConfiguration(commandName: "named", abstract: "x")
            }
            struct Plain: ParsableCommand {
                static let configuration = CommandConfiguration(abstract: "y")
            }
            """
        #expect(Self.unnamedCommands(in: source, file: "t") == ["t: Plain"])
    }

    @Test func everyCommandNamesItself() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.frontEnd.path))
        var unnamed: [String] = []
        var commands = 0
        for case let path as String in files where path.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.frontEnd.appendingPathComponent(path), encoding: .utf8)
            commands += text.components(separatedBy: "ParsableCommand {").count - 1
            unnamed += Self.unnamedCommands(in: text, file: path)
        }
        #expect(commands > 20, "found only \(commands) commands under \(Self.frontEnd.path)")
        #expect(unnamed.isEmpty, "name these commands (commandName:): \(unnamed)")
    }
}
