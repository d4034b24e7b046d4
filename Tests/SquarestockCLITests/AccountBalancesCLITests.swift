import Foundation
import TestSupport
import Testing

/// What `account` and the order preview show: every balance the exchange holds for the user
/// (staked and earning ones marked, valued like the rest), and money at its currency's precision
/// in the table while JSON keeps the exact values.
@Suite(.serialized)
struct AccountBalancesCLITests {
    static func setup(_ balances: [String: String]) throws -> AccountCLITests.Setup {
        try AccountCLITests.Setup(balances: balances)
    }

    @Test func stakedAndEarningBalancesAreShownMarkedAndCountInTheTotal() throws {
        let s = try Self.setup([
            "ZUSD": "100.0000", "XXBT": "0.5000000000", "XBT.F": "0.5000000000", "USD.M": "250.5000",
            "ETH2.S": "198.3970000000",
        ])
        let json = try s.run(["account", "--format", "json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        // Kraken Rewards (`.F`) earn and stay tradable through the base asset, as Kraken documents.
        #expect(
            json.stdout.contains(
                "\"asset\": \"BTC\", \"total\": \"0.5000000000\", \"available\": \"0.5000000000\", \"held\": \"0\""))
        #expect(json.stdout.contains("\"kind\": \"rewards\""))
        #expect(json.stdout.contains("\"kind\": \"earning\"") && json.stdout.contains("\"kind\": \"staked\""))
        #expect(json.stdout.contains("\"asset\": \"ETH\", \"total\": \"198.3970000000\""))
        // The earning BTC is valued at BTC's price, exactly as the tradable BTC is.
        let values = json.stdout.split(separator: "\n").filter { $0.contains("\"asset\": \"BTC\"") }
            .map { ($0.components(separatedBy: "\"value\": ").last ?? "").split(separator: ",").first ?? "" }
        #expect(values.count == 2 && values[0] == values[1] && !values[0].hasPrefix("null"), "\(json.stdout)")

        let table = try s.run(["account", "--format", "table"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        #expect(table.stdout.contains("BTC (rewards)") && table.stdout.contains("ETH (staked)"), "\(table.stdout)")
        #expect(table.stdout.contains("USD (earning)") && table.stdout.contains("not available to trade"))
        let csv = try s.run(["account", "--format", "csv"])
        #expect(csv.stdout.contains("USD,250.5000,0,0,250.5000,earning"), "\(csv.stdout)")
        #expect(csv.stdout.contains("USD,100.0000,100.0000,0,100.0000,tradable"))
    }

    /// Kraken Rewards balances can be sold: the preview counts them as available, and a staked
    /// balance of the same asset is not.
    @Test func aRewardsBalanceCanBeSpentAndAStakedOneCannot() throws {
        let s = try Self.setup(["ZUSD": "100.0000", "XBT.F": "0.5000000000", "XBT.S": "2.0000000000"])
        let run = try s.run(["sell", "BTC-USD", "0.3", "--limit", "30000", "--dry-run"])
        #expect(run.stdout.contains("uses:      BTC, 0.50000000 available"), "\(run.stdout)\(run.stderr)")
    }

    @Test func theTableShowsValuesAtTheCurrencysPrecisionAndJSONKeepsThemExact() throws {
        let s = try Self.setup(["ZUSD": "10.0000", "XXBT": "0.1234567891"])
        let table = try s.run(["account", "--format", "table"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        let values = table.stdout.split(separator: "\n").filter { $0.hasPrefix("BTC") || $0.hasPrefix("total") }
            .map { String($0.split(separator: " ").last ?? "") }
        #expect(values.count == 2, "\(table.stdout)")
        for v in values { #expect(v.split(separator: ".").last?.count == 2, "\(table.stdout)") }
        let json = try s.run(["account", "--format", "json"])
        let btc = json.stdout.split(separator: "\n").first { $0.contains("\"asset\": \"BTC\"") } ?? ""
        let exact = btc.components(separatedBy: "\"value\": \"").last?.split(separator: "\"").first ?? ""
        #expect((exact.split(separator: ".").last?.count ?? 0) > 2, "\(json.stdout)")
    }

    @Test(arguments: [
        ("0.01", "30000", "300.00 USD"), ("1", "1.00000", "1.00 USD"), ("100", "10000", "1000000.00 USD"),
        ("0.0123", "30000.5", "369.01 USD"),
    ])
    func thePreviewsCostHasTheQuoteCurrencysDecimals(amount: String, price: String, cost: String) throws {
        let s = try Self.setup(["ZUSD": "10000.0000", "XXBT": "0.5000000000"])
        let run = try s.run(["buy", "BTC-USD", amount, "--limit", price, "--dry-run"])
        #expect(run.stdout.contains("cost:      \(cost) before fees"), "\(run.stdout)\(run.stderr)")
    }
}
