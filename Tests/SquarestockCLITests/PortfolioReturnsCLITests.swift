import Foundation
import TestSupport
import Testing

/// `portfolio returns` through the binary against a loopback Yahoo: the closes are fetched once
/// per symbol and kept in the ledger (a second run asks for nothing; a benchmark added later asks
/// for itself only), and every figure of `--explain` adds up to the reported returns.
@Suite(.serialized)
struct PortfolioReturnsCLITests {
    /// The recorded six months of AAPL (to 2025-10-28) served for every symbol asked: only the
    /// mechanism counts here (the arithmetic is pinned by Core's hand-worked tests).
    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in
            LoopbackResponse(
                body: Fixture.bytes("history/yahoo-json/yfinance-rs__AAPL_range-6mo_1d_mid-session_2025-10-28.json"))
        }
    }

    static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        var env = PortfolioCLITests.environment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = env["XDG_DATA_HOME"]! + "-cache"
        env["SQUARESTOCK_NOW"] = "2025-10-29T12:00:00Z"
        return env
    }

    static func book(_ env: [String: String]) throws {
        try PortfolioCLITests.run(env, ["deposit", "20000", "USD", "--date", "2025-06-02"])
        try PortfolioCLITests.run(env, ["buy", "AAPL", "10", "--price", "200", "--fee", "1", "--date", "2025-06-02"])
        try PortfolioCLITests.run(env, ["buy", "MSFT", "5", "--price", "450", "--date", "2025-07-15"])
        try PortfolioCLITests.run(env, ["dividend", "AAPL", "2.60", "--withheld", "0.39", "--date", "2025-08-14"])
        try PortfolioCLITests.run(env, ["withdraw", "1500", "USD", "--date", "2025-09-01"])
    }

    static func returns(_ env: [String: String], _ extra: [String] = []) throws -> CLIRun {
        try PortfolioCLITests.run(env, ["returns", "--source", "yahoo", "--format", "csv"] + extra)
    }

    @Test func closesAreFetchedOncePerSymbol() throws {
        let server = try Self.server()
        let env = Self.environment(server)
        try Self.book(env)
        let first = try Self.returns(env)
        #expect(first.stdout.hasPrefix("series,from,to,days,"), "\(first.stdout)\(first.stderr)")
        // From a week before the first entry: six months reach back far enough.
        #expect(
            server.requests.map(\.target).sorted() == [
                "/v8/finance/chart/AAPL?range=6mo&interval=1d", "/v8/finance/chart/MSFT?range=6mo&interval=1d",
            ])
        let again = try Self.returns(env)
        #expect(server.requests.count == 2, "a second run asked again: \(server.requests.map(\.target))")
        #expect(again.stdout == first.stdout)
        try Self.returns(env, ["--benchmark", "SPY"])
        #expect(server.requests.map(\.target).last == "/v8/finance/chart/SPY?range=6mo&interval=1d")
        #expect(server.requests.count == 3)
        // Offline uses what is stored and fetches nothing.
        let offline = try Self.returns(env, ["--offline"])
        #expect(offline.stdout == first.stdout)
        #expect(server.requests.count == 3)
    }

    /// The explained rows recompute the reported figures: the product of the days' growths is the
    /// time-weighted return, each growth is (end - (flow - invested)) / (start + invested), each day's holdings and cash add
    /// up to its value, and the flows add up to the net flows.
    @Test func theExplanationAddsUp() throws {
        let server = try Self.server()
        let env = Self.environment(server)
        try Self.book(env)
        let summary = try Self.returns(env).stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let header = summary[0].map(String.init)
        let total = summary[1].map(String.init)
        func cell(_ name: String) -> String { total[header.firstIndex(of: name)!] }
        let reported = try #require(Double(cell("time_weighted")))
        let explain = try Self.returns(env, ["--explain"]).stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let columns = explain[0]
        func col(_ row: [String], _ name: String) -> String { row[columns.firstIndex(of: name)!] }
        func cents(_ s: String) -> Int64 {
            let d = Decimal(string: s)! * 100
            return NSDecimalNumber(decimal: d).int64Value
        }
        var product = 1.0
        var days = 0
        var valueOf: [String: Int64] = [:]
        var partsOf: [String: Int64] = [:]
        var flows: Int64 = 0
        for row in explain.dropFirst() {
            switch col(row, "section") {
            case "day":
                let start = cents(col(row, "start_value"))
                let flow = cents(col(row, "flow"))
                let end = cents(col(row, "end_value"))
                valueOf[col(row, "date")] = end
                guard let growth = Double(col(row, "growth")) else { continue }
                let invested = cents(col(row, "invested"))
                #expect(invested >= 0 && invested <= max(flow, 0), "\(row)")
                let mine = Double(end - (flow - invested)) / Double(start + invested)
                #expect(abs(mine - growth) < 1e-11, "\(row)")
                product *= growth
                days += 1
            case "holding", "cash": partsOf[col(row, "date"), default: 0] += cents(col(row, "value"))
            case "flow": flows += cents(col(row, "value"))
            default: break
            }
        }
        #expect(days > 100)
        #expect(abs((product - 1) - reported) < 1e-9, "product \(product - 1), reported \(reported)")
        for (date, value) in valueOf { #expect(partsOf[date] == value, "\(date)") }
        #expect(flows == cents(cell("net_flows")))
        #expect(flows == 2_000_000 - 150_000)
    }

    /// An asset no service quotes, valued from closes the user gives (typed, or a file); a file
    /// with a bad row keeps nothing and names the line; a fetch never replaces a given close.
    @Test func givenClosesValueAnAssetNoServiceQuotes() throws {
        let server = try Self.server()
        let env = Self.environment(server)
        try PortfolioCLITests.run(env, ["buy", "FUND1", "100", "--price", "10", "--date", "2025-01-02"])
        let typed = try PortfolioCLITests.run(env, ["price", "FUND1", "2025-06-30", "12.5"])
        #expect(typed.stdout == "recorded FUND1 2025-06-30: 12.5 USD\n")
        // A --from after today (no --to) is in the future, not "after --to".
        let future = try PortfolioCLITests.run(env, ["returns", "--offline", "--from", "2025-12-01"], exit: 1)
        #expect(future.stderr.contains("--from 2025-12-01 is in the future (today is 2025-10-29)"), "\(future.stderr)")
        // A --to after today would annualize over days that have not happened; one before the
        // first entry has nothing in it.
        let later = try PortfolioCLITests.run(env, ["returns", "--offline", "--to", "2030-01-01"], exit: 1)
        #expect(
            later.stderr
                == "squarestock: --to 2030-01-01 is in the future (today is 2025-10-29); leave --to out to end today\n",
            "\(later.stderr)")
        let before = try PortfolioCLITests.run(
            env, ["returns", "--offline", "--from", "2020-01-01", "--to", "2020-12-31"], exit: 1)
        #expect(before.stderr.contains("--to 2020-12-31 is before the portfolio's first entry (2025-01-02)"))
        // A benchmark with no price leaves the benchmark out, not the returns, and says why; the
        // CSV, which has no room for notes, says it on standard error.
        let noBenchmark = try PortfolioCLITests.run(
            env, ["returns", "--offline", "--benchmark", "SPY", "--format", "csv"])
        #expect(noBenchmark.stdout.hasPrefix("series,"), "\(noBenchmark.stdout)")
        #expect(
            noBenchmark.stderr.contains(
                "note: no benchmark: SPY has no close on or before 2025-01-02, the period's first day to need one"),
            "\(noBenchmark.stderr)")
        // Given closes, it is there, and its old end price is said.
        try PortfolioCLITests.run(env, ["price", "SPY", "2024-12-31", "500"])
        try PortfolioCLITests.run(env, ["price", "SPY", "2025-06-30", "550"])
        let benchmark = try PortfolioCLITests.run(
            env, ["returns", "--offline", "--benchmark", "SPY", "--format", "json"])
        #expect(benchmark.stdout.contains("\"benchmark\""), "\(benchmark.stdout)")
        #expect(
            benchmark.stdout.contains(
                "the benchmark's end value on 2025-10-29 uses SPY's manual close of 2025-06-30 (121 d old)"),
            "\(benchmark.stdout)")
        let file = env["XDG_DATA_HOME"]! + "-closes.csv"
        try "symbol,date,close\nFUND1,2025-03-31,11\nFUND1,2025-09-30,13\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(try PortfolioCLITests.run(env, ["price", "--import", file]).stdout == "recorded 2 closes\n")
        let bad = env["XDG_DATA_HOME"]! + "-bad.csv"
        try "symbol,date,close\nFUND1,2025-10-01,14\nFUND1,2025-10-02,abc\n".write(
            toFile: bad, atomically: true, encoding: .utf8)
        let refused = try PortfolioCLITests.run(env, ["price", "--import", bad], exit: 1)
        #expect(refused.stderr.contains("line 3: the close must be a number above 0"), "\(refused.stderr)")
        // The holdings view values it at its last close too, and says which.
        let show = try PortfolioCLITests.run(env, ["--offline", "--format", "json"])
        #expect(show.stdout.contains("\"value\": \"1300.00\""), "\(show.stdout)")
        #expect(show.stdout.contains("FUND1: valued at its import close of 2025-09-30"), "\(show.stdout)")
        let r = try PortfolioCLITests.run(
            env, ["returns", "--offline", "--to", "2025-09-30", "--format", "json", "--explain"])
        // 100 x 13 at the end: 1,300 against 1,000 paid; the valuation of 2025-10-01 (--to) is
        // not asked, and the refused file's 14 was never kept.
        #expect(r.stdout.contains("\"endValue\": \"1300.00\""), "\(r.stdout)")
        #expect(r.stdout.contains("\"timeWeighted\": 0.3000000000"), "\(r.stdout)")
        #expect(!r.stdout.contains("\"price\": \"14\""))
        // A fetch of FUND1 (the server answers for any symbol) keeps the given closes.
        try PortfolioCLITests.run(env, ["returns", "--source", "yahoo", "--to", "2025-09-30", "--format", "csv"])
        let after = try PortfolioCLITests.run(
            env, ["returns", "--offline", "--to", "2025-09-30", "--format", "json"])
        #expect(after.stdout.contains("\"endValue\": \"1300.00\""), "\(after.stdout)")
    }

    /// A sale in euros that took a long-term lot and half of a short-term one, converted into
    /// dollars lot by lot: each part's proceeds (shared by quantity: 2,247 EUR after the fee, 10
    /// of 15 is 1,498.00 and the rest 749.00) at the sale's rate 1.10, each basis at its
    /// purchase's rate (1,000 EUR at 1.05, half of 1,200 EUR at 1.08).
    @Test func realizedGainsInTheBaseCurrencyLotByLot() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(
            env, ["buy", "SAP.DE", "10", "--price", "100", "--currency", "EUR", "--fx", "1.05", "--date", "2023-03-01"])
        try PortfolioCLITests.run(
            env, ["buy", "SAP.DE", "10", "--price", "120", "--currency", "EUR", "--fx", "1.08", "--date", "2024-02-01"])
        try PortfolioCLITests.run(
            env,
            [
                "sell", "SAP.DE", "15", "--price", "150", "--fee", "3", "--currency", "EUR", "--fx", "1.10", "--date",
                "2024-06-03",
            ])
        let usd = try PortfolioCLITests.run(
            env, ["realized", "--year", "2024", "--base", "USD", "--offline", "--format", "csv"])
        let rows = usd.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let header = rows[0]
        func cell(_ row: Int, _ name: String) -> String { rows[row][header.firstIndex(of: name)!] }
        #expect(rows.count == 3, "\(usd.stdout)")
        #expect(cell(1, "term") == "long" && cell(2, "term") == "short")
        #expect([cell(1, "proceeds"), cell(2, "proceeds")] == ["1498.00", "749.00"])
        #expect([cell(1, "basis"), cell(2, "basis")] == ["1000.00", "600.00"])
        #expect(
            [cell(1, "proceeds_base"), cell(1, "basis_base"), cell(1, "gain_base")] == ["1647.80", "1050.00", "597.80"])
        #expect(
            [cell(2, "proceeds_base"), cell(2, "basis_base"), cell(2, "gain_base")] == ["823.90", "648.00", "175.90"])
        let table = try PortfolioCLITests.run(
            env, ["realized", "--base", "USD", "--offline", "--format", "table"]
        ).stdout
        #expect(table.contains("short-term") && table.contains("175.90") && table.contains("597.80"), "\(table)")
        // In the trade's own currency no rate is needed.
        let eur = try PortfolioCLITests.run(env, ["realized", "--base", "EUR", "--offline", "--format", "json"])
        #expect(eur.stdout.contains("\"gain_base\": \"498.00\"") && eur.stdout.contains("\"gain_base\": \"149.00\""))
        // Into a currency with no rate: refused, with how to give one, at the earliest day a rate
        // is wanted (the first purchase's, not the first sale's): the rate recorded there serves
        // every later day, so one run of the advice is enough.
        let gbp = try PortfolioCLITests.run(env, ["realized", "--base", "GBP", "--offline"], exit: 1)
        #expect(gbp.stderr.contains("no EUR→GBP rate on or before 2023-03-01"), "\(gbp.stderr)")
        try PortfolioCLITests.run(env, ["price", "EURGBP=X", "2023-03-01", "0.88", "--currency", "GBP"])
        try PortfolioCLITests.run(env, ["realized", "--base", "GBP", "--offline"])
    }

    /// A rate is recorded into the base in effect then, and stays a rate into that base: with
    /// the configured currency changed from USD to JPY, 1.08 (EUR→USD) was read as EUR→JPY, and
    /// a sale of 150 EUR showed as 162 JPY.
    @Test func aRecordedRateKeepsItsBaseWhenTheConfiguredCurrencyChanges() throws {
        var env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(
            env, ["buy", "AIR.PA", "3", "--price", "140", "--currency", "EUR", "--fx", "1.09", "--date", "2024-01-05"])
        let sold = try PortfolioCLITests.run(
            env, ["sell", "AIR.PA", "1", "--price", "150", "--currency", "EUR", "--fx", "1.08", "--date", "2024-06-03"])
        #expect(sold.stdout.contains("(1 EUR = 1.08 USD)"), "\(sold.stdout)")
        let config = TemporaryPath.make("sq-config")
        try FileManager.default.createDirectory(atPath: config + "/squarestock", withIntermediateDirectories: true)
        try "currency = JPY\n".write(toFile: config + "/squarestock/config", atomically: true, encoding: .utf8)
        env["XDG_CONFIG_HOME"] = config
        // Into JPY no rate is known: refused, not 162 JPY.
        let jpy = try PortfolioCLITests.run(env, ["realized", "--base", "JPY", "--offline"], exit: 1)
        #expect(jpy.stderr.contains("no EUR→JPY rate"), "\(jpy.stderr)")
        // Into USD the recorded rates still serve.
        let usd = try PortfolioCLITests.run(env, ["realized", "--base", "USD", "--offline", "--format", "csv"])
        #expect(usd.stdout.contains(",162.00,"), "\(usd.stdout)")
        #expect(usd.stdout.contains(",USD,162.00,152.60,9.40"), "\(usd.stdout)")
        // The holdings view takes no USD rate as a JPY one either.
        let held = try PortfolioCLITests.run(env, ["--offline", "--format", "json"])
        #expect(held.stdout.contains("\"notes\": [") && !held.stdout.contains("at the rate recorded"), "\(held.stdout)")
        let json = try PortfolioCLITests.run(env, ["export", "--as", "json"])
        #expect(json.stdout.contains("\"fxRate\": \"1.08\", \"fxBase\": \"USD\""), "\(json.stdout)")
        // The CSV export carries the base, and a ledger that imports it under JPY keeps it.
        let csv = try PortfolioCLITests.run(env, ["export", "--as", "csv"]).stdout
        #expect(csv.contains(",1.08,fifo,USD\n"), "\(csv)")
        let file = TemporaryPath.make("sq-fx-export", suffix: ".csv")
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        var other = env
        other["XDG_DATA_HOME"] = TemporaryPath.make("sq-portfolio-fx")
        try PortfolioCLITests.run(other, ["import", file, "--yes"])
        let again = try PortfolioCLITests.run(other, ["realized", "--base", "USD", "--offline", "--format", "csv"])
        #expect(again.stdout.contains(",USD,162.00,152.60,9.40"), "\(again.stdout)")
        // Imported again: nothing new.
        let twice = try PortfolioCLITests.run(other, ["import", file, "--yes", "--format", "json"])
        #expect(twice.stdout.contains(#"{"imported": "0"}"#), "\(twice.stdout) \(twice.stderr)")
    }

    /// `portfolio chart`: the series ends at the returns' end value and the benchmark's, its
    /// flows add up to the net flows, it reads the closes the returns stored (no request), and
    /// the drawing marks the deposit and the withdrawal on the time axis.
    @Test func theValueChartIsTheReturnsSeries() throws {
        let server = try Self.server()
        let env = Self.environment(server)
        try Self.book(env)
        let returns = try PortfolioCLITests.run(
            env, ["returns", "--source", "yahoo", "--benchmark", "SPY", "--format", "json"])
        let asked = server.requests.count
        let csv = try PortfolioCLITests.run(
            env, ["chart", "--source", "yahoo", "--benchmark", "SPY", "--range", "1y", "--format", "csv"])
        #expect(server.requests.count == asked, "the chart asked again: \(server.requests.map(\.target))")
        let rows = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.first?.joined(separator: ",") == "date,value,flow,benchmark_value,currency")
        let body = rows.dropFirst()
        // From the day before the first entry (2025-06-01, nothing held) to today.
        #expect(body.first?.first == "2025-06-01" && body.last?.first == "2025-10-29", "\(csv.stdout)")
        func cents(_ s: Substring) -> Int64 { Int64(s.replacingOccurrences(of: ".", with: ""))! }
        let end = try #require(body.last)
        #expect(returns.stdout.contains("\"endValue\": \"\(end[1])\""), "\(end) vs \(returns.stdout)")
        let benchmarkEnd = "\"benchmark\": {\"symbol\": \"SPY\""
        #expect(returns.stdout.contains(benchmarkEnd))
        #expect(returns.stdout.contains("\"endValue\": \"\(end[3])\""), "\(end) vs \(returns.stdout)")
        // 20,000 in, 1,500 out.
        #expect(body.reduce(Int64(0)) { $0 + cents($1[2]) } == 1_850_000)
        #expect(body.filter { $0[2] != "0.00" }.map { $0[0] } == ["2025-06-02", "2025-09-01"])
        let table = try PortfolioCLITests.run(
            env,
            [
                "chart", "--offline", "--benchmark", "SPY", "--format", "table", "--style", "ascii", "--width", "90",
                "--height", "16",
            ]
        ).stdout
        let lines = table.split(separator: "\n").map(String.init)
        let axis = try #require(lines.last { $0.contains("+--") }, "\(table)")
        #expect(axis.filter { $0 == "^" }.count == 1 && axis.filter { $0 == "v" }.count == 1, "\(table)")
        #expect(lines[0].hasPrefix("main 1y") && lines[0].contains("SPY, same money"), "\(table)")
        #expect(table.contains("*"))
        let intraday = try PortfolioCLITests.run(env, ["chart", "--range", "1d"], exit: 2)
        #expect(intraday.stderr.contains("valued once a day"), "\(intraday.stderr)")
    }

    /// Offline, a holding in another currency is still valued: at the pair's last close in the
    /// ledger, and the rate's day and source are said in a note, in `--explain`'s columns and in
    /// the JSON (never presented as today's rate).
    @Test func theRateIntoTheBaseSaysWhereAndWhenItIsFrom() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(
            env, ["buy", "SAP.DE", "5", "--price", "190", "--currency", "EUR", "--fx", "1.1", "--date", "2024-09-02"])
        try PortfolioCLITests.run(env, ["price", "SAP.DE", "2024-09-30", "200", "--currency", "EUR"])
        try PortfolioCLITests.run(env, ["price", "EURUSD=X", "2024-09-30", "1.12", "--currency", "USD"])
        let json = try PortfolioCLITests.run(
            env, ["--offline", "--currency", "USD", "--explain", "--format", "json"]
        ).stdout
        // 5 x 200 EUR = 1,000.00 EUR at 1.12: 1,120.00; the cash paid, -950.00 EUR: -1,064.00.
        #expect(json.contains("\"baseValue\": \"1120.00\""), "\(json)")
        #expect(json.contains("\"EUR\": \"-1064.00\""), "\(json)")
        #expect(json.contains("\"netValue\": \"56.00\""), "\(json)")
        #expect(
            json.contains(
                "\"EUR\": {\"rate\": \"1.12\", \"time\": null, \"day\": \"2024-09-30\", \"source\": \"manual\""),
            "\(json)")
        #expect(json.contains("EUR→USD at the manual close of 2024-09-30: 1.12"), "\(json)")
        let csv = try PortfolioCLITests.run(
            env, ["--offline", "--currency", "USD", "--explain", "--format", "csv"]
        ).stdout
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows[0].map(String.init)
        let sap = try #require(rows.first { $0.first == "SAP.DE" })
        #expect(sap[header.firstIndex(of: "rate_time")!] == "2024-09-30", "\(csv)")
        #expect(sap[header.firstIndex(of: "rate_source")!] == "manual", "\(csv)")
        // The price is a close of a day too: its day and its age (they were blank).
        #expect(sap[header.firstIndex(of: "price_time")!] == "2024-09-30", "\(csv)")
        #expect(!sap[header.firstIndex(of: "price_age")!].isEmpty, "\(csv)")
        #expect(json.contains("\"priceDay\": \"2024-09-30\""), "\(json)")
        // Without any rate, the holding is left out and the note says why.
        let gbp = try PortfolioCLITests.run(env, ["--offline", "--currency", "GBP", "--format", "table"]).stdout
        #expect(gbp.contains("no EUR→GBP rate (offline, and none stored in the ledger)"), "\(gbp)")
    }

    /// A rate fetched with the quotes is kept in the ledger: two hours later, offline, the cash
    /// in euros is still converted, at that stored rate, and a note gives its source and age.
    @Test func aFetchedRateIsKeptAndUsedOfflineWithItsAge() throws {
        let routes = RouteTable()
        YahooSessionRoutes.add(to: routes)
        routes.add(
            path: "/v7/finance/quote",
            response: LoopbackResponse(body: Fixture.bytes("yahoo-json/quote/SYNTHETIC_v7_EURUSD=X_currency.json")))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = PortfolioCLITests.environment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = env["XDG_DATA_HOME"]! + "-cache"
        env["SQUARESTOCK_NOW"] = "2025-10-01T13:20:00Z"
        try PortfolioCLITests.run(env, ["deposit", "950", "EUR", "--date", "2025-09-01"])
        let live = try PortfolioCLITests.run(
            env, ["--source", "yahoo", "--currency", "USD", "--explain", "--format", "json"]
        ).stdout
        // 950 EUR at 1.0834 is 1,029.23 USD.
        #expect(live.contains("\"cashInBase\": {\"EUR\": \"1029.23\"}"), "\(live)")
        #expect(live.contains("\"EUR\": {\"rate\": \"1.0834\", \"time\": \"2025-10-01T13:20:00Z\""), "\(live)")
        #expect(!live.contains("stored yahoo rate"), "\(live)")
        env["SQUARESTOCK_NOW"] = "2025-10-01T15:20:00Z"
        let offline = try PortfolioCLITests.run(env, ["--offline", "--currency", "USD", "--format", "json"]).stdout
        #expect(offline.contains("\"netValue\": \"1029.23\""), "\(offline)")
        #expect(
            offline.contains("EUR→USD at the stored yahoo rate of 2025-10-01T13:20:00Z (2h old): 1.0834"), "\(offline)")
    }
}
