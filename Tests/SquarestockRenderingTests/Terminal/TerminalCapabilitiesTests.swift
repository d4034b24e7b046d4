import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("TerminalCapabilities")
struct TerminalCapabilitiesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var env: [String: String]
        var tty: Bool
        var window: Int?
        var forceNoColour = false
        var colour: Bool
        var columns: Int
        var unicode: Bool
        var testDescription: String { name }
    }

    static let utf8 = ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"]

    static let cases: [Case] = [
        Case(name: "ordinary terminal", env: utf8, tty: true, window: 120, colour: true, columns: 120, unicode: true),
        Case(name: "pipe: no colour", env: utf8, tty: false, window: nil, colour: false, columns: 80, unicode: true),
        Case(
            name: "NO_COLOR=1", env: utf8.merging(["NO_COLOR": "1"]) { $1 }, tty: true, window: 100,
            colour: false, columns: 100, unicode: true),
        Case(
            name: "NO_COLOR empty is ignored", env: utf8.merging(["NO_COLOR": ""]) { $1 }, tty: true, window: 100,
            colour: true, columns: 100, unicode: true),
        Case(
            name: "TERM=dumb", env: ["TERM": "dumb", "LANG": "C.UTF-8"], tty: true, window: 100,
            colour: false, columns: 100, unicode: true),
        Case(
            name: "--no-color flag", env: utf8, tty: true, window: 100, forceNoColour: true,
            colour: false, columns: 100, unicode: true),
        Case(
            name: "COLUMNS when the window size is unknown", env: ["COLUMNS": "132"], tty: false, window: nil,
            colour: false, columns: 132, unicode: false),
        Case(
            name: "window size beats COLUMNS", env: ["COLUMNS": "132"], tty: true, window: 90,
            colour: true, columns: 90, unicode: false),
        Case(
            name: "window of 0 columns falls back to COLUMNS", env: ["COLUMNS": "132"], tty: true, window: 0,
            colour: true, columns: 132, unicode: false),
        Case(
            name: "bad COLUMNS falls back to 80", env: ["COLUMNS": "wide"], tty: false, window: nil,
            colour: false, columns: 80, unicode: false),
        Case(
            name: "zero COLUMNS falls back to 80", env: ["COLUMNS": "0"], tty: false, window: nil,
            colour: false, columns: 80, unicode: false),
        Case(
            name: "LC_ALL=C overrides a UTF-8 LANG", env: ["LC_ALL": "C", "LANG": "en_US.UTF-8"], tty: false,
            window: nil, colour: false, columns: 80, unicode: false),
        Case(
            name: "empty LC_ALL is skipped, LC_CTYPE utf8", env: ["LC_ALL": "", "LC_CTYPE": "de_DE.utf8", "LANG": "C"],
            tty: false, window: nil, colour: false, columns: 80, unicode: true),
        Case(
            name: "lower-case utf-8", env: ["LANG": "ja_JP.utf-8"], tty: false, window: nil,
            colour: false, columns: 80, unicode: true),
        Case(
            name: "no locale at all is ASCII", env: [:], tty: true, window: 80, colour: true, columns: 80,
            unicode: false),
    ]

    @Test(arguments: cases)
    func resolve(_ c: Case) {
        let caps = TerminalCapabilities.resolve(
            environment: c.env, isTTY: c.tty, windowColumns: c.window, forceNoColour: c.forceNoColour)
        #expect(
            caps
                == TerminalCapabilities(
                    isTTY: c.tty, useColour: c.colour, columns: c.columns, supportsUnicode: c.unicode))
    }

    @Test func detectOnAPipeIsNotATerminal() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let caps = TerminalCapabilities.detect(
            environment: ["TERM": "xterm", "COLUMNS": "101", "LANG": "en_US.UTF-8"], fd: fds[1])
        #expect(caps == TerminalCapabilities(isTTY: false, useColour: false, columns: 101, supportsUnicode: true))
    }

    @Test func detectOnABadDescriptor() {
        let caps = TerminalCapabilities.detect(environment: [:], fd: -1)
        #expect(caps == TerminalCapabilities(isTTY: false, useColour: false, columns: 80, supportsUnicode: false))
    }
}
