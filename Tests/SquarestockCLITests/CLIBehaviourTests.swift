import Foundation
import TestSupport
import Testing

/// What a user sees from the real binary when the network misbehaves, and how it treats the
/// terminal.
struct CLIBehaviourTests {
    /// Every symbol failing to connect is the network (or the service) being down: said once,
    /// with what to try; the JSON still has one error per symbol.
    @Test func serverDownMeansExitThreeWithOneLineSayingWhatToTry() throws {
        let server = try LoopbackHTTPServer { _ in .text("") }
        let endpoint = server.baseURL
        server.stop()
        let run = try CLIRunner.run([
            "AAPL", "MSFT", "--source", "stooq", "--endpoint", endpoint, "--format", "json", "--timeout", "5",
        ])
        #expect(run.exitCode == 3)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("squarestock: no network, or stooq is down: could not connect to 127.0.0.1:"))
        #expect(lines[1] == "squarestock: `squarestock doctor` checks every source; `--source samples` works offline")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        #expect(json?.count == 2)
        #expect((json?[0]["error"] as? String)?.contains("could not connect") == true)
    }

    @Test func stooqThroughTheEndpointFlag() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_quote_batch_aapl_xxxx_msft.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=5"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=d"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")))
        routes.add(
            path: "/q/d/l/", response: LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html"))
        )
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_NOW"] = "2020-05-06T20:05:00Z"
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        let run = try CLIRunner.run(
            ["AAPL", "XXXX", "MSFT", "--source", "stooq", "--format", "table"], environment: env)
        #expect(run.exitCode == 1)
        #expect(
            run.stderr
                == "squarestock: XXXX: stooq has no quote for this symbol (its answer holds no data for it); check the spelling or the exchange suffix (e.g. .L, .DE, .T)\n"
        )
        #expect(
            run.stdout.contains(
                "AAPL  APPLE  NYSE/Nasdaq · USD\n  300.63  +3.07 (+1.03%)  post (after hours), opens Thu 09:30 EDT (15:30 your time)\n"
            ))
        #expect(run.stdout.contains("last trade 2020-05-06 16:00:01 EDT (4m ago)"))
        #expect(run.stdout.contains("MSFT  MICROSOFT"))
        #expect(
            run.stdout.contains(
                "no intraday data: intraday request failed: the server sent an HTML page instead of CSV (HTTP 200)"))
    }

    @Test func coloursOnlyOnATerminalAndNeverWithNoColor() throws {
        let exe = CLIRunner.executablePath
        func underPTY(_ extraEnv: [String: String]) throws -> String {
            var env = CLIRunner.baseEnvironment()
            env.removeValue(forKey: "NO_COLOR")
            env["TERM"] = "xterm-256color"
            for (k, v) in extraEnv { env[k] = v }
            // `script` gives the child a pseudo-terminal, as a user's shell would.
            let run = try CLIRunner.run(
                ["-qec", "\(exe) AAPL --source samples", "/dev/null"], environment: env, executable: "/usr/bin/script")
            return run.stdout
        }
        let coloured = try underPTY([:])
        #expect(coloured.contains("\u{1B}[31m"))  // the change is down: red
        #expect(coloured.contains("Apple Inc."))  // a terminal gets the table by default
        let plain = try underPTY(["NO_COLOR": "1"])
        #expect(plain.contains("Apple Inc."))
        #expect(!plain.contains("\u{1B}["))
        let piped = try CLIRunner.run(
            ["AAPL", "--source", "samples", "--format", "table"],
            environment: CLIRunner.baseEnvironment().filter { $0.key != "NO_COLOR" })
        #expect(!piped.stdout.contains("\u{1B}["))
    }

    @Test func networkTextIsStrippedOfControlSequences() throws {
        let hostile =
            "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPL.US,2020-05-06,22:00:01,1,2,0.5,1.5,100,Evil\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2J Corp\u{202E}\n"
        let routes = RouteTable()
        routes.add(path: "/q/l/", response: .text(hostile))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        let run = try CLIRunner.run(["AAPL", "--source", "stooq", "--endpoint", server.baseURL, "--format", "table"])
        #expect(run.stdout.contains("Evil Corp"))
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }

    /// A share's last price at or below zero is the source's error, said for that symbol only:
    /// Stooq's `-1.25` was shown with a change of -101 %.
    @Test func aSharePriceAtOrBelowZeroIsAnErrorOfThatSymbol() throws {
        let body =
            "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPL.US,2020-05-06,22:00:01,1,2,0.5,1.5,100,Apple\n"
            + "NEG.US,2020-05-06,22:00:01,1,2,0.5,-1.25,100,Neg\nZERO.US,2020-05-06,22:00:01,1,2,0.5,0,100,Zero\n"
        let routes = RouteTable()
        routes.add(path: "/q/l/", response: .text(body))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        let run = try CLIRunner.run(
            ["AAPL", "NEG", "ZERO", "--source", "stooq", "--endpoint", server.baseURL, "--format", "csv"])
        #expect(run.exitCode == 1, "\(run.stderr)")
        #expect(run.stdout.contains("AAPL,") && run.stdout.contains("1.5"), "\(run.stdout)")
        #expect(run.stderr.contains("NEG: stooq sent a last price of -1.25, which no share trades at"), "\(run.stderr)")
        #expect(run.stderr.contains("ZERO: stooq sent a last price of 0, which no share trades at"), "\(run.stderr)")
        #expect(!run.stdout.contains("-101"), "\(run.stdout)")
    }

    /// Issue 22: a limit under 1 ms used to become 0, which libcurl reads as "no limit"; it is
    /// refused instead, from the flag and from the config file alike, with the range it allows.
    @Test(arguments: [["--timeout", "0.0001"], ["--timeout", "0.0009"], ["--timeout", "0"], ["--timeout", "601"]])
    func timeoutOutsideOneMillisecondToTenMinutesIsAUsageError(_ flag: [String]) throws {
        let run = try CLIRunner.run(["AAPL", "--source", "samples"] + flag)
        #expect(run.exitCode == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--timeout must be between 0.001 and 600 seconds"), "\(run.stderr)")
        #expect(run.stdout == "")
    }

    @Test func oneMillisecondTimeoutIsAccepted() throws {
        let run = try CLIRunner.run(["AAPL", "--source", "samples", "--timeout", "0.001", "--format", "csv"])
        #expect(!run.stderr.contains("--timeout must be"), "\(run.stderr)")
        #expect(run.exitCode != 2)
    }

    @Test func versionAndHelp() throws {
        let v = try CLIRunner.run(["--version"])
        #expect(v.exitCode == 0)
        #expect(v.stdout.hasPrefix("0."))
        let h = try CLIRunner.run(["--help"])
        #expect(h.exitCode == 0)
        #expect(h.stdout.contains("Exit codes: 0 all symbols quoted"))
    }
}

struct ConfigFileTests {
    func home(config: String, mode: Int) throws -> [String: String] {
        let dir = TemporaryPath.make("config")
        try FileManager.default.createDirectory(atPath: dir + "/squarestock", withIntermediateDirectories: true)
        let path = dir + "/squarestock/config"
        try config.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode_t(mode))
        var env = CLIRunner.baseEnvironment()
        env["XDG_CONFIG_HOME"] = dir
        return env
    }

    @Test func configSetsTheSourceAndFormatDefaults() throws {
        let env = try home(config: "# my settings\nsource = samples\n", mode: 0o600)
        let run = try CLIRunner.run(["AAPL", "--format", "csv"], environment: env)
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains(",samples,"))
        #expect(run.stderr.isEmpty)
    }

    /// A value the config file or the environment gave is refused with where it was set, and
    /// without the command's usage (it blamed `--timeout` and `--source`, which nobody gave).
    @Test func aBadValueNamesWhereItWasSet() throws {
        let env = try home(config: "timeout = -5\n", mode: 0o600)
        let config = env["XDG_CONFIG_HOME"]! + "/squarestock/config"
        // A timeout out of range in the file is said and the default used, as one that is no
        // number is (one was fatal, the other a warning).
        let run = try CLIRunner.run(["AAPL", "--source", "samples"], environment: env)
        #expect(run.exitCode == 0 && !run.stderr.contains("Usage:"), "\(run.stderr)")
        #expect(
            run.stderr.contains("warning: config: timeout = -5 is not between 0.001 and 600 seconds; using 10"),
            "\(run.stderr) \(config)")
        // The flag wins, and is then the one refused, with the usage.
        let flag = try CLIRunner.run(["AAPL", "--source", "samples", "--timeout", "0"], environment: env)
        #expect(flag.exitCode == 2 && flag.stderr.contains("Usage:") && !flag.stderr.contains("set by"))
        var sourced = try home(config: "source = bogus\n", mode: 0o600)
        let bogus = try CLIRunner.run(["AAPL"], environment: sourced)
        #expect(bogus.stderr.contains("unknown source 'bogus'") && bogus.stderr.contains("(set by source = bogus in"))
        sourced["SQUARESTOCK_SOURCE"] = "nope"
        let variable = try CLIRunner.run(["AAPL"], environment: sourced)
        #expect(variable.stderr.contains("(set by SQUARESTOCK_SOURCE=nope; fix it there)"), "\(variable.stderr)")
    }

    /// An editor's byte order mark is no part of the first key (`source` was refused as unknown).
    @Test func aByteOrderMarkIsIgnored() throws {
        let env = try home(config: "\u{FEFF}source = samples\n", mode: 0o600)
        let run = try CLIRunner.run(["AAPL", "--format", "csv"], environment: env)
        #expect(run.exitCode == 0 && run.stdout.contains(",samples,") && run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func worldReadableConfigLosesItsKeysWithAWarning() throws {
        let env = try home(config: "source = samples\nstooq_api_key = hunter2\n", mode: 0o644)
        let run = try CLIRunner.run(["AAPL", "--format", "csv"], environment: env)
        #expect(run.exitCode == 0)
        #expect(run.stderr.contains("warning: config:"))
        #expect(run.stderr.contains("keys (stooq_api_key) are ignored; run `chmod 600"))
        #expect(!run.stderr.contains("hunter2"))
        let doctor = try CLIRunner.run(
            ["doctor", "--source", "samples", "--endpoint", "http://127.0.0.1:9"], environment: env)
        #expect(doctor.stdout.contains("stooq API key: not configured"))
    }
}

struct SearchCLITests {
    @Test func unknownSymbolGetsADidYouMean() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: .text(
                "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPLE.US,N/D,N/D,N/D,N/D,N/D,N/D,N/D,AAPLE.US\n"))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        let run = try CLIRunner.run(["AAPLE", "--source", "stooq", "--endpoint", server.baseURL, "--format", "json"])
        #expect(run.exitCode == 1)
        #expect(run.stderr.hasSuffix("; did you mean AAPL (Apple Inc.)?\n"))
        #expect(run.stdout.contains("did you mean AAPL (Apple Inc.)?"))
    }

    /// `chart` of a symbol the source does not know suggests one, as `quote` does (it did not).
    @Test func anUnknownChartSymbolGetsADidYouMean() throws {
        let routes = RouteTable()
        YahooSessionRoutes.add(to: routes)
        routes.add(
            path: "/v8/finance/chart/AAPLE",
            response: LoopbackResponse(
                status: 404, body: Fixture.bytes("yahoo-json/chart_404_unknown-symbol_RECONSTRUCTED.json")))
        routes.add(path: "/v7/finance/quote", response: .text(#"{"quoteResponse":{"result":[],"error":null}}"#))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = TemporaryPath.make("chart-hint")
        let run = try CLIRunner.run(
            ["chart", "AAPLE", "--source", "yahoo", "--endpoint", server.baseURL], environment: env)
        #expect(run.exitCode == 1, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("; did you mean AAPL (Apple Inc.)?\n"), "\(run.stderr)")
    }

    @Test func searchFindsCompaniesOffline() throws {
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = TemporaryPath.make("search")
        let json = try CLIRunner.run(["search", "microsft", "--limit", "3", "--format", "json"], environment: env)
        #expect(json.exitCode == 0)
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.first?["symbol"] as? String == "MSFT")
        #expect(rows?.first?["origin"] as? String == "offline")
        #expect(rows?.count == 3)
        // The second run reads the cached index snapshot and answers the same.
        let again = try CLIRunner.run(["search", "microsft", "--limit", "3", "--format", "json"], environment: env)
        #expect(again.stdout == json.stdout)
        let cached = try FileManager.default.contentsOfDirectory(atPath: env["XDG_CACHE_HOME"]! + "/squarestock")
        #expect(cached.contains { $0.hasPrefix("symbols-") && $0.hasSuffix(".idx") })
        let table = try CLIRunner.run(
            ["search", "berkshire", "b", "--format", "table", "--type", "stock"], environment: env)
        #expect(table.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("BRK.B ") == true)
        // The table's look options, as every command that draws one takes them (both were unknown).
        let plain = try CLIRunner.run(
            ["search", "berkshire", "b", "--format", "table", "--no-color", "--ascii"], environment: env)
        #expect(plain.exitCode == 0 && plain.stdout.hasPrefix("SYMBOL"), "\(plain.stderr)")
        let none = try CLIRunner.run(["search", "zzqxw"], environment: env)
        #expect(none.exitCode == 1)
        #expect(none.stderr.contains("nothing matches \"zzqxw\"; try --online"))
        // What was typed, escapes shown rather than removed (removed, this read "apple").
        let escaped = try CLIRunner.run(["search", "app\u{1B}[31mle"], environment: env)
        #expect(escaped.exitCode == 1)
        #expect(escaped.stderr.contains("nothing matches \"app\\u{1B}[31mle\""), "\(escaped.stderr)")
        // An exchange the directory does not have is a usage error, not "nothing matches".
        let venue = try CLIRunner.run(["search", "apple", "--exchange", "foo"], environment: env)
        #expect(venue.exitCode == 2)
        #expect(venue.stderr.contains("--exchange \"foo\" is none of the directory's exchanges"))
        #expect(!venue.stderr.contains("nothing matches"))
        let known = try CLIRunner.run(["search", "apple", "--exchange", "nasdaq-gs", "--limit", "1"], environment: env)
        #expect(known.exitCode == 0 && known.stdout.contains("AAPL"))
    }

    /// A cache folder others can write to is not used by search either, and search says so as
    /// the other commands do (it rebuilt the index on every search without a word).
    @Test func searchSaysItDoesNotUseAnUnsafeCache() throws {
        var env = CLIRunner.baseEnvironment()
        let cache = TemporaryPath.make("search-cache")
        try FileManager.default.createDirectory(atPath: cache + "/squarestock", withIntermediateDirectories: true)
        chmod(cache + "/squarestock", 0o777)
        env["XDG_CACHE_HOME"] = cache
        let run = try CLIRunner.run(["search", "apple", "--limit", "1", "--format", "csv"], environment: env)
        #expect(run.exitCode == 0 && run.stdout.contains("AAPL"))
        #expect(run.stderr.contains("warning: not using the cache: refusing to use"), "\(run.stderr)")
    }

    @Test func onlineSearchMergesAndMarksOrigin() throws {
        let routes = RouteTable()
        routes.add(
            path: "/v1/finance/search",
            response: LoopbackResponse(
                body: Fixture.bytes("yahoo-json/yfinance-rs__v1_search_q-apple_quotesCount-10_newsCount-0.json")))
        routes.add(
            path: "/query", queryContains: ["function=SYMBOL_SEARCH"],
            response: LoopbackResponse(body: Fixture.bytes("alphavantage/SYMBOL_SEARCH_BA.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["ALPHAVANTAGE_API_KEY"] = "KEY"
        env["XDG_CACHE_HOME"] = TemporaryPath.make("search")
        let run = try CLIRunner.run(
            ["search", "apple", "--online", "--endpoint", server.baseURL, "--format", "csv", "--limit", "40"],
            environment: env)
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("\nAAPL,Apple Inc. - Common Stock,Nasdaq,stock,99,offline+yahoo\n"))
        #expect(run.stdout.contains(",alphavantage\n"))  // BA.LON etc. only the online service knows
        // One ranking, best first: Apple's own Vienna listing before Applovin and the ETFs that
        // merely name Apple (it came after every offline match, down to score 41).
        let rows = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let scores = rows.map { Int($0[$0.count - 2]) ?? -1 }
        #expect(scores == scores.sorted(by: >), "\(run.stdout)")
        let symbols = rows.map { String($0[0]) }
        #expect(symbols.prefix(3) == ["AAPL", "APLE", "AAPL.VI"], "\(symbols)")
        #expect((symbols.firstIndex(of: "APC.F") ?? 99) < (symbols.firstIndex(of: "APP") ?? 0))
        // Narrowed by --type, the offline matches are ETFs only and the services' hits (not
        // narrowed) follow them all rather than pass them on a name.
        let etfs = try CLIRunner.run(
            [
                "search", "apple", "--online", "--type", "etf", "--endpoint", server.baseURL, "--format", "csv",
                "--limit", "40",
            ], environment: env)
        let origins = etfs.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last ?? "" }
        let firstOnline = origins.firstIndex { !$0.hasPrefix("offline") } ?? origins.count
        #expect(origins[firstOnline...].allSatisfy { !$0.hasPrefix("offline") }, "\(etfs.stdout)")
        #expect(firstOnline > 0, "\(etfs.stdout)")
        let q = try #require(server.requests.first { $0.path == "/v1/finance/search" })
        #expect(q.queryItem("q") == "apple")
        #expect(q.queryItem("enableFuzzyQuery") == "true")
    }

    @Test func symbolsUpdateInstallsAValidDirectoryAndRejectsABadOne() throws {
        let good = RouteTable()
        good.add(
            path: "/dynamic/SymDir/nasdaqlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/nasdaqlisted.txt")))
        good.add(
            path: "/dynamic/SymDir/otherlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/otherlisted.txt")))
        let server = try LoopbackHTTPServer(routes: good)
        var env = CLIRunner.baseEnvironment()
        let data = TemporaryPath.make("data")
        env["XDG_DATA_HOME"] = data
        let ok = try CLIRunner.run(["symbols", "update", "--endpoint", server.baseURL], environment: env)
        #expect(ok.exitCode == 0)
        #expect(ok.stdout.hasPrefix("installed 11852 listings (file date 2025-10-20 12:11:00)"))
        let info = try CLIRunner.run(["symbols", "info"], environment: env)
        #expect(info.stdout.contains("downloaded with `symbols update`"))
        let before = try String(contentsOfFile: data + "/squarestock/symbols/nasdaqlisted.txt", encoding: .utf8)

        let html = RouteTable()
        html.add(
            path: "/dynamic/SymDir/nasdaqlisted.txt",
            response: LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html")))
        html.add(
            path: "/dynamic/SymDir/otherlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/otherlisted.txt")))
        let bad = try LoopbackHTTPServer(routes: html)
        let refused = try CLIRunner.run(["symbols", "update", "--endpoint", bad.baseURL], environment: env)
        #expect(refused.exitCode == 3)
        #expect(refused.stderr.contains("nasdaqlisted.txt: the download is not a valid symbol directory"))
        #expect(refused.stderr.contains("the current copy is unchanged"))

        let cut = RouteTable()
        let full = Fixture.repositoryText("data/symbols/otherlisted.txt")
        cut.add(
            path: "/dynamic/SymDir/nasdaqlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/nasdaqlisted.txt")))
        cut.add(path: "/dynamic/SymDir/otherlisted.txt", response: .text(String(full.prefix(full.count / 2))))
        let truncated = try LoopbackHTTPServer(routes: cut)
        let refused2 = try CLIRunner.run(["symbols", "update", "--endpoint", truncated.baseURL], environment: env)
        #expect(refused2.exitCode == 3)
        #expect(refused2.stderr.contains("otherlisted.txt: the download is not a valid symbol directory"))
        #expect(try String(contentsOfFile: data + "/squarestock/symbols/nasdaqlisted.txt", encoding: .utf8) == before)

        // A footer dated years ahead is a fault, not a newer copy.
        let ahead = RouteTable()
        for name in ["nasdaqlisted.txt", "otherlisted.txt"] {
            let text = Fixture.repositoryText("data/symbols/" + name)
                .replacingOccurrences(
                    of: "File Creation Time: 1020202512:11", with: "File Creation Time: 1231203023:59")
            ahead.add(path: "/dynamic/SymDir/" + name, response: .text(text))
        }
        let future = try LoopbackHTTPServer(routes: ahead)
        let refused3 = try CLIRunner.run(["symbols", "update", "--endpoint", future.baseURL], environment: env)
        #expect(refused3.exitCode == 3, "\(refused3.stderr)")
        #expect(
            refused3.stderr.contains("the download says it was made on 2030-12-31 23:59:00, after today"),
            "\(refused3.stderr)")
        #expect(try String(contentsOfFile: data + "/squarestock/symbols/nasdaqlisted.txt", encoding: .utf8) == before)
        #expect(
            try CLIRunner.run(["symbols", "info"], environment: env).stdout.contains(
                "file date: 2025-10-20 12:11:00, zone not given ("))
    }
}
