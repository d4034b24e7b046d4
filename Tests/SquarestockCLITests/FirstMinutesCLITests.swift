import Foundation
import TestSupport
import Testing

/// What a new user meets first: mistyped commands, a bare `squarestock`, `recent`, option values
/// in any case, an empty or absurdly long symbol.
@Suite(.serialized)
struct FirstMinutesCLITests {
    static func environment() -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["XDG_STATE_HOME"] = TemporaryPath.make("sq-state")
        return env
    }

    @Test(arguments: [
        ("qoute", "quote"), ("chrat", "chart"), ("wacth", "watch"), ("doctr", "doctor"), ("serach", "search"),
    ])
    func aMistypedCommandIsSuggested(typo: String, command: String) throws {
        let r = try CLIRunner.run([typo, "AAPL"], environment: Self.environment())
        #expect(r.exitCode == 2)
        #expect(
            r.stderr
                == "squarestock: '\(typo)' is not a command; did you mean `squarestock \(command)`? To quote a symbol named \(typo.uppercased()), write `squarestock quote \(typo.uppercased())`\n"
        )
        #expect(r.stdout.isEmpty)
    }

    /// `help serch` printed the whole help and exited 0, as if the word had been understood.
    @Test func helpOfAWordThatIsNoCommandSaysSo() throws {
        let typo = try CLIRunner.run(["help", "serch"], environment: Self.environment())
        #expect(typo.exitCode == 2 && typo.stdout.isEmpty)
        #expect(typo.stderr == "squarestock: 'serch' is not a command; did you mean `squarestock help search`?\n")
        let other = try CLIRunner.run(["help", "AAPL"], environment: Self.environment())
        #expect(
            other.exitCode == 2
                && other.stderr == "squarestock: 'AAPL' is not a command; `squarestock help` lists them\n")
        let nested = try CLIRunner.run(["help", "portfolio", "hisotry"], environment: Self.environment())
        #expect(nested.exitCode == 2, "\(nested.stdout)")
        #expect(
            nested.stderr
                == "squarestock: 'hisotry' is not a command; did you mean `squarestock help portfolio history`?\n")
        for args in [["help", "help"], ["help", "portfolio", "buy"]] {
            let fine = try CLIRunner.run(args, environment: Self.environment())
            #expect(fine.exitCode == 0 && fine.stdout.contains("USAGE:"), "\(args): \(fine.stderr)")
        }
        let help = try CLIRunner.run(["help", "search"], environment: Self.environment())
        #expect(help.exitCode == 0 && help.stdout.contains("USAGE: squarestock search"), "\(help.stderr)")
    }

    /// An option's negative value was "Missing value for '--limit <limit>'", though a value was
    /// there: the option's own check answers it.
    @Test func aNegativeOptionValueGetsTheOptionsOwnCheck() throws {
        let limit = try CLIRunner.run(["search", "apple", "--limit", "-1"], environment: Self.environment())
        #expect(limit.exitCode == 2)
        #expect(limit.stderr.hasPrefix("squarestock: --limit must be between 1 and 200\n"), "\(limit.stderr)")
        let count = try CLIRunner.run(
            ["watch", "AAPL", "--source", "samples", "--count", "-2"],
            environment: Self.environment())
        #expect(
            count.exitCode == 2 && count.stderr.hasPrefix("squarestock: --count must be at least 1\n"),
            "\(count.stderr)")
        // A text option's value is never joined: `--portfolio -5` made a portfolio named "-5".
        let text = try CLIRunner.run(
            ["portfolio", "deposit", "--portfolio", "-5", "100", "USD"], environment: Self.environment())
        #expect(text.exitCode == 2 && text.stderr.contains("Missing value for '--portfolio"), "\(text.stderr)")
        // Still missing when nothing follows.
        let missing = try CLIRunner.run(["search", "apple", "--limit"], environment: Self.environment())
        #expect(missing.exitCode == 2 && missing.stderr.contains("Missing value for '--limit <limit>'"))
    }

    /// Asked for and not given is said: a table from a watch into a pipe, a clock override that
    /// is not read (the real clock was used, unsaid).
    @Test func whatIsAskedAndNotGivenIsSaid() throws {
        let watch = try CLIRunner.run(
            ["watch", "AAPL", "--source", "samples", "--count", "1", "--format", "table"],
            environment: Self.environment())
        #expect(watch.exitCode == 0 && watch.stdout.contains(" AAPL 268.84 "), "\(watch.stdout)")
        #expect(watch.stderr.contains("note: --format table needs a terminal; writing one line per quote"))
        var env = Self.environment()
        env["SQUARESTOCK_NOW"] = "2026-11-27T15:00:00+09:00"
        let quote = try CLIRunner.run(["AAPL", "--source", "samples"], environment: env)
        #expect(
            quote.stderr.contains("warning: SQUARESTOCK_NOW=2026-11-27T15:00:00+09:00 is not a time squarestock reads"),
            "\(quote.stderr)")
    }

    @Test func aListedSymbolOrACapitalisedWordIsStillQuoted() throws {
        // `book` is a command; `BOOK` in capitals and `aapl` (far from every command) are symbols.
        let r = try CLIRunner.run(["aapl", "--source", "samples", "--format", "csv"], environment: Self.environment())
        #expect(r.exitCode == 0 && r.stdout.contains("AAPL,Apple Inc."), "\(r.stderr)")
        let caps = try CLIRunner.run(["QOUTE", "--source", "samples"], environment: Self.environment())
        #expect(caps.exitCode != 2, "a capitalised word is a ticker: \(caps.stderr)")
    }

    /// `recent` quotes each symbol again through the source it was quoted through: a pair from
    /// Kraken is not asked of the default source (once it was, and failed), unless `--source`
    /// names one for all.
    @Test func recentQuotesEachSymbolThroughItsOwnSource() throws {
        let kraken = try KrakenReplay.server()
        var env = Self.environment()
        env["SQUARESTOCK_ENDPOINT"] = kraken.baseURL
        env["SQUARESTOCK_NOW"] = "2023-12-05T22:30:00Z"
        _ = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "csv"], environment: env)
        let pair = try CLIRunner.run(["BTC-USDT", "--source", "kraken", "--format", "csv"], environment: env)
        #expect(pair.exitCode == 0, "\(pair.stderr)")
        #expect(try CLIRunner.run(["recent", "--list"], environment: env).stdout == "BTC-USDT\nAAPL\n")
        for args in [["recent", "--format", "json"], ["--format", "json"]] {
            let again = try CLIRunner.run(args, environment: env)
            #expect(again.exitCode == 0, "\(args): \(again.stderr)")
            #expect(again.stdout.contains("\"symbol\": \"BTC-USDT\""), "\(again.stdout)")
            #expect(again.stdout.contains("\"source\": \"kraken\""), "\(again.stdout)")
            #expect(again.stdout.contains("\"source\": \"samples\""), "\(again.stdout)")
        }
        // `--source` names the source for all: the samples have no BTC-USDT.
        let forced = try CLIRunner.run(["recent", "--source", "samples", "--format", "json"], environment: env)
        #expect(forced.exitCode == 1 && !forced.stdout.contains("\"source\": \"kraken\""), "\(forced.stdout)")
        // So does `SQUARESTOCK_SOURCE`, the flag's variable (it was passed over).
        var auto = env
        auto["SQUARESTOCK_SOURCE"] = "auto"  // the default chain: each symbol keeps its own
        let kept = try CLIRunner.run(["recent", "--format", "json"], environment: auto)
        #expect(kept.exitCode == 0 && kept.stdout.contains("\"source\": \"kraken\""), "\(kept.stdout)\(kept.stderr)")
        var samples = env
        samples["SQUARESTOCK_SOURCE"] = "samples"
        for args in [["recent", "--format", "json"], ["--format", "json"]] {
            let byVariable = try CLIRunner.run(args, environment: samples)
            #expect(byVariable.exitCode == 1 && !byVariable.stdout.contains("\"source\": \"kraken\""), "\(args)")
            #expect(byVariable.stdout.contains("\"source\": \"samples\""), "\(byVariable.stdout)")
        }
    }

    /// Quotes run at once each remember their symbol: each wrote back the list it had read, and
    /// the others' symbols were lost (3 to 6 of 8 were kept).
    @Test func quotesRunAtOnceAreAllRemembered() throws {
        var env = Self.environment()
        env["XDG_DATA_HOME"] = TemporaryPath.make("sq-data")
        let symbols = ["AAPL", "7203.T", "OCDO.L", "BTC-USD", "INTC", "AIR.PA", "GOOG", "TSLA"]
        let runs = try PortfolioCLITests.runAtOnce(
            env, symbols.map { [$0, "--source", "samples", "--format", "csv"] }, command: [])
        #expect(runs.allSatisfy { $0.exitCode == 0 }, "\(runs.map(\.stderr))")
        let remembered = try CLIRunner.run(["recent", "--list"], environment: env).stdout.split(separator: "\n")
        #expect(Set(remembered.map(String.init)) == Set(symbols), "\(remembered)")
    }

    @Test func bareSquarestockQuotesRecentSymbolsElseShowsHelp() throws {
        let env = Self.environment()
        let help = try CLIRunner.run([], environment: env)
        #expect(help.exitCode == 0)
        #expect(
            help.stdout.contains("squarestock AAPL MSFT 7203.T   quote symbols (the default command)"), "\(help.stdout)"
        )
        _ = try CLIRunner.run(["AAPL", "7203.T", "--source", "samples", "--format", "csv"], environment: env)
        let recent = try CLIRunner.run(["recent", "--list"], environment: env)
        #expect(recent.stdout == "AAPL\n7203.T\n")
        let bare = try CLIRunner.run(["--source", "samples", "--format", "csv"], environment: env)
        #expect(bare.exitCode == 0)
        #expect(bare.stdout.contains("\nAAPL,") && bare.stdout.contains("\n7203.T,"), "\(bare.stdout)")
        let quoted = try CLIRunner.run(["recent", "--source", "samples", "--format", "json"], environment: env)
        #expect(quoted.stdout.contains("\"symbol\": \"AAPL\""), "\(quoted.stdout)")
        // `recent` takes the options `quote` takes.
        let look = try CLIRunner.run(
            ["recent", "--source", "samples", "--format", "table", "--ascii", "--no-color", "--verbose"],
            environment: env)
        #expect(look.exitCode == 0, "\(look.stderr)")
        #expect(
            look.stdout.contains("AAPL") && look.stdout.utf8.allSatisfy { $0 < 0x80 && $0 != 0x1B }, "\(look.stdout)")
        let euro = try CLIRunner.run(["recent", "--source", "samples", "--currency", "EURO"], environment: env)
        #expect(euro.exitCode == 2 && euro.stderr.contains("--currency takes a three-letter ISO code"))
        #expect(try CLIRunner.run(["recent", "--clear"], environment: env).stdout == "forgot the recent symbols\n")
        #expect(
            try CLIRunner.run(["recent"], environment: env).stdout
                == "no recent symbols yet: `squarestock AAPL` remembers the symbols it quotes\n")
        // A watchlist in the config comes first.
        let config = env["XDG_STATE_HOME"]! + "-config"
        try FileManager.default.createDirectory(atPath: config + "/squarestock", withIntermediateDirectories: true)
        try "watchlist = INTC\n".write(toFile: config + "/squarestock/config", atomically: true, encoding: .utf8)
        var withList = env
        withList["XDG_CONFIG_HOME"] = config
        let listed = try CLIRunner.run(["--source", "samples", "--format", "csv"], environment: withList)
        #expect(listed.stdout.contains("\nINTC,"), "\(listed.stdout) \(listed.stderr)")
    }

    @Test func optionValuesAreReadInAnyCase() throws {
        let env = Self.environment()
        let json = try CLIRunner.run(["AAPL", "--source", "Samples", "--format", "JSON"], environment: env)
        #expect(json.exitCode == 0 && json.stdout.hasPrefix("["), "\(json.stderr)")
        let chart = try CLIRunner.run(
            ["chart", "AAPL", "--range", "1D", "--source", "samples", "--format", "CSV"], environment: env)
        #expect(chart.exitCode == 0 && chart.stdout.hasPrefix("symbol,session"), "\(chart.stderr)")
    }

    @Test func anEmptySymbolIsAUsageErrorAndALongOneIsNotEchoedInFull() throws {
        let env = Self.environment()
        let empty = try CLIRunner.run([""], environment: env)
        #expect(empty.exitCode == 2)
        #expect(empty.stderr.hasPrefix("squarestock: an empty symbol was given;"), "\(empty.stderr)")
        // Among others (an unset variable in a script), it is said on its own, and they are quoted.
        let among = try CLIRunner.run(
            ["AAPL", "", "7203.T", "--source", "samples", "--format", "csv"], environment: env)
        #expect(among.exitCode == 1, "\(among.stderr)")
        #expect(among.stdout.contains("AAPL,") && among.stdout.contains("7203.T,"), "\(among.stdout)")
        #expect(among.stderr.contains("an empty symbol was given"), "\(among.stderr)")
        let long = try CLIRunner.run(
            [String(repeating: "A", count: 5000), "--source", "samples", "--format", "csv"], environment: env)
        #expect(long.stdout.contains(String(repeating: "A", count: 24) + "…,"))
        #expect(!long.stdout.contains(String(repeating: "A", count: 25)))
        #expect(long.stdout.count < 400 && long.stderr.count < 400)
        // A control character is shown, not removed: stripped, `AA<ESC>[31mPL` read as `AAPL`,
        // a valid ticker named as the symbol that is not valid.
        let escaped = try CLIRunner.run(["AA\u{1B}[31mPL", "--source", "samples", "--format", "csv"], environment: env)
        #expect(escaped.exitCode == 1)
        #expect(escaped.stderr.contains(#"squarestock: AA\u{1B}[31mPL: not a valid symbol"#), "\(escaped.stderr)")
        #expect(escaped.stdout.contains(#"AA\u{1B}[31mPL,"#) && !escaped.stdout.contains("\u{1B}"))
    }
}

/// The shipped man page (docs/squarestock.1, generated from the commands' help by
/// docs/generate-man.sh) has every command `--help` lists: a new command without a regenerated
/// page fails here.
struct ManPageTests {
    @Test func everyCommandIsInTheManPage() throws {
        let help = try CLIRunner.run(["--help"])
        let page = try String(contentsOfFile: Fixture.repositoryRoot + "/docs/squarestock.1", encoding: .utf8)
        var inSubcommands = false
        var commands: [String] = []
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") {
                inSubcommands = true
                continue
            }
            guard inSubcommands else { continue }
            if line.isEmpty || !line.hasPrefix("  ") { break }
            if let word = line.split(separator: " ").first, line.hasPrefix("  ") && !line.hasPrefix("    ") {
                commands.append(String(word))
            }
        }
        #expect(commands.count >= 15, "\(help.stdout)")
        for c in commands where c != "help" {
            #expect(page.contains(".It Em \(c)\n"), "\(c) is missing from docs/squarestock.1: run docs/generate-man.sh")
        }
    }

    /// A command's examples stay one to a line, as `--help` shows them (mdoc fills text lines
    /// into a paragraph unless each ends with a break).
    @Test func examplesKeepTheirLines() throws {
        let page = try String(contentsOfFile: Fixture.repositoryRoot + "/docs/squarestock.1", encoding: .utf8)
        for example in [
            "squarestock market NYSE LSE             some of them",
            "tmux:     set -g status-right '#(squarestock line AAPL MSFT --style tmux)'",
            "squarestock AAPL --source samples   the same from recordings, offline",
        ] {
            #expect(page.contains(example + "\n.br\n"), "\(example): run docs/generate-man.sh")
        }
        // Defaults are in the options' own help, so the page has them too.
        #expect(page.contains("5 to 86400 (default 60)."))
    }
}

/// `market`: every format is honoured for every view, and the board's table has titles with
/// columns as wide as their widest cell.
struct MarketFormatsCLITests {
    @Test func everyViewHonoursItsFormat() throws {
        let env = CLIRunner.baseEnvironment()
        let json = try CLIRunner.run(
            ["market", "--calendar", "NYSE", "--year", "2027", "--format", "json"], environment: env)
        #expect(json.stdout.hasPrefix("{\"exchange\": \"XNYS\", \"name\": \"NYSE\", \"year\": 2027, \"days\": [\n"))
        #expect(
            json.stdout.contains(
                "{\"date\": \"2027-11-26\", \"kind\": \"early close\", \"name\": \"Day after Thanksgiving\""))
        let table = try CLIRunner.run(
            ["market", "--calendar", "NYSE", "--year", "2027", "--format", "table"], environment: env)
        #expect(table.stdout.hasPrefix("NYSE (XNYS) 2027: weekday holidays 10, early closes 1\n"), "\(table.stdout)")
        // What a calendar leaves out is said under its days, and in its JSON.
        let sgx = try CLIRunner.run(
            ["market", "--calendar", "SGX", "--year", "2026", "--format", "table"], environment: env)
        #expect(sgx.stdout.contains("2026-05-27 Wed  closed       Hari Raya Haji\n"), "\(sgx.stdout)")
        #expect(sgx.stdout.contains("\n\nNot modelled: Hari Raya Puasa, Hari Raya Haji"), "\(sgx.stdout)")
        #expect(json.stdout.contains("], \"notModelled\": \"Unscheduled intraday events"), "\(json.stdout)")
        let sessions = try CLIRunner.run(
            ["market", "--calendar", "NYSE", "--from", "2027-01-04", "--to", "2027-01-05", "--format", "table"],
            environment: env)
        #expect(
            sessions.stdout == """
                date        open (UTC)  close (UTC)  break (UTC)
                2027-01-04  14:30       21:00
                2027-01-05  14:30       21:00

                """)
        let reversed = try CLIRunner.run(
            ["market", "--calendar", "NYSE", "--from", "2027-01-05", "--to", "2027-01-04"], environment: env)
        #expect(reversed.exitCode == 2 && reversed.stdout.isEmpty)
        #expect(reversed.stderr.contains("--from 2027-01-05 comes after --to 2027-01-04"), "\(reversed.stderr)")
        // Two questions at once: --year was passed over without a word.
        let both = try CLIRunner.run(
            ["market", "--calendar", "NYSE", "--year", "2026", "--from", "2027-01-04", "--to", "2027-01-05"],
            environment: env)
        #expect(both.exitCode == 2 && both.stderr.contains("give --year, or --from and --to, not both"))
        // An unknown exchange names those that work, on the board as for a calendar.
        for args in [["market", "FOO"], ["market", "--calendar", "FOO"]] {
            let unknown = try CLIRunner.run(args, environment: env)
            #expect(unknown.exitCode == 2, "\(args)")
            #expect(unknown.stderr.contains("unknown exchange 'FOO'; try one of NYSE, NASDAQ"), "\(unknown.stderr)")
        }
        // Among known ones, it is said on its own and never hides them: exit 1, as for a symbol.
        let some = try CLIRunner.run(["market", "NYSE", "FOO", "LSE", "--format", "csv"], environment: env)
        #expect(some.exitCode == 1, "\(some.stderr)")
        #expect(some.stderr.contains("unknown exchange 'FOO'; try one of NYSE"), "\(some.stderr)")
        #expect(some.stdout.contains("XNYS,") && some.stdout.contains("XLON,"), "\(some.stdout)")
        let board = try CLIRunner.run(["market", "XNYS", "XTKS", "--format", "table"], environment: env)
        let lines = board.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("EXCHANGE  NAME") == true, "\(board.stdout)")
        let timeStarts = lines.compactMap { l in
            l.range(of: "LOCAL TIME").map { l.distance(from: l.startIndex, to: $0.lowerBound) }
        }
        #expect(timeStarts.count == 1)
        for l in lines.dropFirst() {
            #expect(l.count > timeStarts[0] && l[l.index(l.startIndex, offsetBy: timeStarts[0] - 2)] == " ", "\(l)")
        }
    }
}

/// The quote table in a narrow window breaks lines between words, never inside a number, and
/// without a UTF-8 locale prints only ASCII.
struct QuoteTableNarrowCLITests {
    @Test func narrowWindowsAndTheCLocale() throws {
        var env = CLIRunner.baseEnvironment()
        env["COLUMNS"] = "60"
        let r = try CLIRunner.run(["7203.T", "--source", "samples", "--format", "table"], environment: env)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        for l in lines where !l.contains("█") { #expect(l.count <= 60, "\(l)") }
        #expect(lines.contains("  open 2,873.50  high 2,900.00  low 2,867.50"), "\(r.stdout)")
        #expect(lines.contains("    prev close 2,856.50  volume 23.90M"), "\(r.stdout)")
        env["LANG"] = "C"
        env["COLUMNS"] = "100"
        let c = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "table"], environment: env)
        let ascii = c.stdout.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(c.stdout)")
        #expect(c.stdout.hasPrefix("AAPL  Apple Inc.  Nasdaq / USD\n"), "\(c.stdout)")
        #expect(c.stdout.contains("open -  high 271.41"))
    }
}

/// `--currency EUR` that cannot be honoured says so on stderr, whatever the format, and is not a
/// success.
struct UnconvertedCurrencyCLITests {
    @Test func anUnconvertedPriceIsSaid() throws {
        let r = try CLIRunner.run(["AAPL", "--source", "samples", "--currency", "EUR", "--format", "csv"])
        #expect(r.exitCode == 1)
        #expect(r.stderr.hasPrefix("squarestock: AAPL: not converted to EUR: USDEUR=X failed:"), "\(r.stderr)")
        #expect(r.stdout.contains("AAPL,Apple Inc.,Nasdaq,USD,"))
    }
}

/// With nothing reachable, one line says so and what to try, instead of one error per symbol.
struct NoNetworkCLITests {
    @Test func nothingReachableIsOneLine() throws {
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-nonet")
        let r = try CLIRunner.run(
            ["AAPL", "MSFT", "INTC", "--source", "stooq", "--endpoint", "http://127.0.0.1:9", "--format", "csv"],
            environment: env)
        #expect(r.exitCode == 3)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(
            lines.first?.hasPrefix("squarestock: no network, or stooq is down: could not connect to 127.0.0.1:9")
                == true, "\(r.stderr)")
        #expect(lines.last == "squarestock: `squarestock doctor` checks every source; `--source samples` works offline")
    }
}

/// The README's first example is what the tool prints (offline, from the samples).
struct ReadmeExampleTests {
    @Test func theReadmeExampleIsTheToolsOutput() throws {
        let readme = try String(contentsOfFile: Fixture.repositoryRoot + "/README.md", encoding: .utf8)
        let marker = "$ squarestock AAPL --source samples"
        let start = try #require(readme.range(of: marker))
        let afterMarker = readme[start.upperBound...]
        let firstLineEnd = try #require(afterMarker.firstIndex(of: "\n"))
        let body = afterMarker[afterMarker.index(after: firstLineEnd)...]
        let end = try #require(body.range(of: "```"))
        let expected = String(body[..<end.lowerBound])
        var env = CLIRunner.baseEnvironment()
        env["COLUMNS"] = "80"
        env["TZ"] = "UTC"
        env.removeValue(forKey: "SQUARESTOCK_NOW")
        let r = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "table"], environment: env)
        #expect(r.stdout == expected, "README:\n\(expected)\ntool:\n\(r.stdout)")
    }
}

/// Names split or joined otherwise than in the listing still find it.
struct SearchSpacingCLITests {
    @Test(arguments: [("pay pal", "PYPL"), ("exxonmobil", "XOM"), ("coca cola", "KO"), ("cocacola", "KO")])
    func spacingDoesNotMatter(query: String, symbol: String) throws {
        let r = try CLIRunner.run(["search", query, "--format", "csv"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let first = r.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(first.hasPrefix(symbol + ","), "\(query): \(r.stdout)")
    }
}

/// A chart whose history the service lacks, for a symbol it quotes, does not blame the spelling.
struct ChartWithoutHistoryCLITests {
    @Test func aQuotedSymbolWithoutHistoryIsNotASpellingMistake() throws {
        let routes = RouteTable()
        routes.add(path: "/q/l/", response: LoopbackResponse(body: Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv")))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["STOOQ_API_KEY"] = "k"
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-chart-nohist")
        let r = try CLIRunner.run(
            ["chart", "AAPL", "--source", "stooq", "--endpoint", server.baseURL, "--range", "1y"], environment: env)
        #expect(r.exitCode != 0)
        #expect(
            r.stderr.contains(
                "stooq has no history for AAPL, though it quotes it; try another --range, or another --source"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("spelling"))
    }
}

/// `SQUARESTOCK_DATA` naming a folder that is not there is said as such.
struct MissingDataFolderCLITests {
    @Test func aMissingDataFolderIsNamed() throws {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_DATA"] = "/nonexistent/squarestock-data"
        let r = try CLIRunner.run(["symbols", "info"], environment: env)
        #expect(r.exitCode != 0)
        #expect(
            r.stderr.contains("SQUARESTOCK_DATA=/nonexistent/squarestock-data is not a folder; unset it"), "\(r.stderr)"
        )
        #expect(!r.stdout.contains("in use"))
    }
}

/// A network that swallows connections (the accept queue of a listener kept full, so new
/// connections hang): the whole command takes one connect limit, not one per host it would try.
struct HangingNetworkCLITests {
    @Test(.timeLimit(.minutes(10))) func oneConnectLimitInAll() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        _ = listen(listener, 0)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        // Fill the queue: later connections get no answer at all.
        var fillers: [Int32] = []
        defer { for f in fillers { close(f) } }
        for _ in 0..<3 {
            let c = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(c, $0, length) }
            }
            fillers.append(c)
        }
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-hang")
        // Counted, not timed: --verbose says each request, so a second host tried after the first
        // hung shows as a second line whatever the machine's load.
        let r = try CLIRunner.run(
            [
                "AAPL", "--source", "yahoo", "--endpoint", "http://127.0.0.1:\(port)", "--timeout", "1", "--format",
                "csv", "--verbose",
            ],
            environment: env)
        #expect(r.exitCode == 3)
        #expect(r.stderr.contains("squarestock: no network, or yahoo is down:"), "\(r.stderr)")
        let requests = r.stderr.split(separator: "\n").filter { $0.hasPrefix("squarestock: request ") }
        #expect(requests.count == 1, "the session tried a second host after the first hung: \(requests)")
    }
}

/// `LANG=C`: every command prints ASCII only.
struct CLocaleCLITests {
    @Test(arguments: [
        ["market", "--format", "table"], ["search", "apple", "--format", "table"],
        ["chart", "AAPL", "--source", "samples", "--format", "table", "--height", "8"],
        ["line", "AAPL", "--source", "samples"], ["AAPL", "7203.T", "--source", "samples", "--format", "table"],
    ])
    func asciiOnly(arguments: [String]) throws {
        var env = CLIRunner.baseEnvironment()
        env["LANG"] = "C"
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-clocale")
        let r = try CLIRunner.run(arguments, environment: env)
        let ascii = (r.stdout + r.stderr).unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(arguments): \(r.stdout)")
    }
}
