import Foundation
import TestSupport
import Testing

/// Issue 22: a configured key or endpoint password never reaches the output, whatever an error
/// body does with it (echoes it in text, JSON, an HTML title or the request URL, changes its
/// case, percent-encodes it), and wherever the excerpt's cut falls.
struct SecretRedactionCLITests {
    /// `+`, `/` and `=` make the percent-encoded form differ from the raw one.
    static let key = "Sq9Kz+Wv/Ab=Xy7Mn4Pq"
    static let encodedKey = "Sq9Kz%2BWv%2FAb%3DXy7Mn4Pq"

    /// How a misbehaving service might quote the key back; `target` is the request as it arrived.
    struct EchoBody: Sendable, CustomStringConvertible {
        var name: String
        var status: Int
        var body: @Sendable (_ target: String) -> String
        var description: String { name }
    }

    static let padding = String(repeating: "x", count: 66)

    static let bodies: [EchoBody] = [
        EchoBody(name: "400 text", status: 400) { _ in "bad request: key \(key) is not valid\n" },
        EchoBody(name: "429 text, lower case", status: 429) { _ in "too many requests for \(key.lowercased())\n" },
        EchoBody(name: "500 text, upper case", status: 500) { _ in "internal error for \(key.uppercased())\n" },
        EchoBody(name: "200 JSON message", status: 200) { _ in #"{"message": "the key \#(key) was revoked"}"# },
        EchoBody(name: "200 JSON, lower-case Information", status: 200) { _ in
            #"{"Information": "the key \#(key.lowercased()) has reached its rate limit is 25 requests per day."}"#
        },
        EchoBody(name: "200 JSON, escaped", status: 200) { _ in
            #"{"Error Message": "bad key \#(key.replacingOccurrences(of: "/", with: "\\/"))"}"#
        },
        EchoBody(name: "200 HTML title", status: 200) { _ in
            "<html><head><title>Denied: \(key)</title></head><body>no</body></html>"
        },
        EchoBody(name: "200 echo of the URL", status: 200) { target in "unknown request \(target)\n" },
        EchoBody(name: "200 echo of the URL, lower-case hex", status: 200) { target in
            "unknown request \(target.lowercased())\n"
        },
        EchoBody(name: "400 cut inside the key", status: 400) { _ in padding + key + " and more after it\n" },
        EchoBody(name: "200 title cut inside the key", status: 200) { _ in
            "<title>" + padding + key + " and more</title>"
        },
        EchoBody(name: "200 text cut inside the URL-encoded key", status: 200) { _ in
            padding + encodedKey + " and more\n"
        },
    ]

    /// Every 8-character piece of every form of the key that appears in `output`, ignoring case.
    static func leaks(in output: String) -> [String] {
        let haystack = output.lowercased()
        var found: [String] = []
        for form in [key, encodedKey] {
            let chars = Array(form.lowercased())
            for start in 0...(chars.count - 8) {
                let piece = String(chars[start..<(start + 8)])
                if haystack.contains(piece) && !found.contains(piece) { found.append(piece) }
            }
        }
        return found
    }

    static func server(_ echo: EchoBody) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            .text(
                echo.body(request.target), status: echo.status,
                contentType: echo.body("").hasPrefix("{") ? "application/json" : "text/plain")
        }
    }

    static func environment(endpoint: String) -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = endpoint
        env["XDG_CACHE_HOME"] = TemporaryPath.make("cli-cache")
        env["STOOQ_API_KEY"] = key
        env["ALPHAVANTAGE_API_KEY"] = key
        return env
    }

    @Test(arguments: bodies)
    func stooqErrorBodiesNeverShowTheKey(_ echo: EchoBody) throws {
        let server = try Self.server(echo)
        let run = try CLIRunner.run(
            ["AAPL", "--source", "stooq", "--format", "csv", "--timeout", "5"],
            environment: Self.environment(endpoint: server.baseURL))
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains("AAPL: "))  // the error was reported ...
        #expect(Self.leaks(in: run.stdout + run.stderr) == [])  // ... without any of the key
    }

    @Test(arguments: bodies)
    func alphaVantageErrorBodiesNeverShowTheKey(_ echo: EchoBody) throws {
        let server = try Self.server(echo)
        let run = try CLIRunner.run(
            ["IBM", "--source", "alphavantage", "--format", "csv", "--timeout", "5"],
            environment: Self.environment(endpoint: server.baseURL))
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains("IBM: "))
        #expect(Self.leaks(in: run.stdout + run.stderr) == [])
    }

    /// The marker shows where the key was, so the message still makes sense.
    @Test func theMessageSaysWhereTheKeyWas() throws {
        let server = try Self.server(Self.bodies[0])
        let run = try CLIRunner.run(
            ["AAPL", "--source", "stooq", "--format", "csv", "--timeout", "5"],
            environment: Self.environment(endpoint: server.baseURL))
        #expect(run.stderr.contains("stooq answered HTTP 400: \"bad request: key REDACTED is not valid\""))
    }

    @Test func endpointPasswordIsNotPrintedByVerbose() throws {
        let server = try LoopbackHTTPServer { request in .text("echo \(request.target) pw hunter2secret", status: 400) }
        var env = Self.environment(endpoint: "http://alice:hunter2secret@127.0.0.1:\(server.port)")
        env["STOOQ_API_KEY"] = nil
        let run = try CLIRunner.run(
            ["AAPL", "--source", "stooq", "--verbose", "--format", "csv", "--timeout", "5"], environment: env)
        #expect(run.stderr.contains("squarestock: request http://alice:***@127.0.0.1:\(server.port)/q/l/"))
        #expect(!(run.stdout + run.stderr).contains("hunter2"))
    }

    @Test func endpointPasswordIsNotPrintedByDoctor() throws {
        let server = try LoopbackHTTPServer { request in .text("echo \(request.target) pw hunter2secret", status: 500) }
        var env = Self.environment(endpoint: "http://alice:hunter2secret@127.0.0.1:\(server.port)")
        env["STOOQ_API_KEY"] = nil
        env["ALPHAVANTAGE_API_KEY"] = nil
        let run = try CLIRunner.run(["doctor", "--timeout", "5"], environment: env)
        #expect(run.stdout.contains("endpoint: http://alice:***@127.0.0.1:\(server.port)"))
        #expect(!(run.stdout + run.stderr).contains("hunter2"))
    }
}
