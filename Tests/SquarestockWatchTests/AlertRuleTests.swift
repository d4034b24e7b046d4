import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// `--alert` parsing, and firing once per crossing with re-arming.
struct AlertRuleTests {
    typealias F = WatchFixtures

    @Test(arguments: [
        ("AAPL>200", "AAPL>200"),
        ("aapl > 200.50", "AAPL>200.50"),
        ("MSFT<-2%", "MSFT<-2%"),
        ("7203.T>=3000", "7203.T>=3000"),
        ("BRK.B<=400", "BRK.B<=400"),
        ("^GSPC>+1.5%", "^GSPC>1.5%"),
    ])
    func parsesRules(text: String, canonical: String) throws {
        let rule = try AlertRule.parse(text).get()
        #expect(rule.description == canonical)
    }

    @Test func parsedParts() throws {
        let r = try AlertRule.parse("MSFT<-2%").get()
        #expect(r.symbol == "MSFT")
        #expect(r.metric == .changePercent)
        #expect(r.comparison == .below)
        #expect(r.threshold == F.d("-2"))
    }

    @Test(arguments: [
        ("AAPL", "no comparison"),
        (">200", "no symbol"),
        ("AAPL>", "is not a number"),
        ("AAPL>abc", "is not a number"),
        ("AAPL>-5", "a price cannot be negative"),
        ("AA PL!>5", "not a valid symbol"),
        ("AAPL=>5", "'=>' is not a comparison; write >= (AAPL>=200)"),
        ("MSFT=<-2%", "'=<' is not a comparison; write <= (AAPL<=200)"),
        ("AAPL>>5", "is not a number"),
    ])
    func rejectsBadRules(text: String, problem: String) {
        guard case .failure(let e) = AlertRule.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(e.description.contains(problem))
        #expect(e.description.hasPrefix("--alert '\(text)': "))
    }

    @Test func firesOncePerCrossingAndReArmsWhenTheValueMovesBack() throws {
        var t = AlertTracker(rules: [try AlertRule.parse("AAPL>200").get()])
        func feed(_ price: String) -> Int { t.evaluate(symbol: "AAPL", stock: F.stock(price: price)).count }
        #expect(feed("199") == 0)
        #expect(feed("200") == 0)  // > is strict
        #expect(feed("201") == 1)
        #expect(t.activeRules(for: "AAPL").map(\.description) == ["AAPL>200"])
        #expect(feed("205") == 0)  // still above: no second ring
        #expect(feed("201") == 0)
        #expect(feed("199.99") == 0)  // back below: re-armed, not fired
        #expect(t.activeRules(for: "AAPL").isEmpty)
        #expect(t.isArmed(0))
        #expect(feed("200.01") == 1)  // the next crossing fires again
    }

    @Test func aConditionAlreadyTrueAtTheFirstValueFires() throws {
        var t = AlertTracker(rules: [try AlertRule.parse("AAPL<150").get()])
        let events = t.evaluate(symbol: "AAPL", stock: F.stock(price: "120"))
        #expect(events.count == 1)
        #expect(events.first?.price == F.d("120"))
        #expect(events.first?.value == F.d("120"))
    }

    @Test func changePercentRulesAndUnknownValues() throws {
        var t = AlertTracker(rules: [try AlertRule.parse("MSFT<-2%").get(), try AlertRule.parse("AAPL>1%").get()])
        #expect(t.evaluate(symbol: "MSFT", stock: F.stock("MSFT", price: "99", previousClose: "100")).isEmpty)  // -1%
        // No previous close: change % unknown, no decision either way.
        #expect(t.evaluate(symbol: "MSFT", stock: F.stock("MSFT", price: "50", previousClose: nil)).isEmpty)
        let fired = t.evaluate(symbol: "MSFT", stock: F.stock("MSFT", price: "97.5", previousClose: "100"))
        #expect(fired.map(\.rule.description) == ["MSFT<-2%"])
        #expect(fired.first?.changePercent == F.d("-2.5"))
        #expect(t.evaluate(symbol: "MSFT", stock: F.stock("MSFT", price: "50", previousClose: nil)).isEmpty)
        #expect(t.activeRules(for: "MSFT").count == 1)  // unknown does not re-arm
        #expect(t.evaluate(symbol: "MSFT", stock: F.stock("MSFT", price: "97", previousClose: "100")).isEmpty)
        // Other symbols' rules are untouched by MSFT data.
        #expect(t.evaluate(symbol: "AAPL", stock: F.stock(price: "102", previousClose: "100")).count == 1)
    }

    @Test func theHookEnvironmentNamesSymbolPriceAndRule() throws {
        var t = AlertTracker(rules: [try AlertRule.parse("AAPL>=200").get()])
        let e = try #require(t.evaluate(symbol: "AAPL", stock: F.stock(price: "200", previousClose: "190")).first)
        #expect(e.environment["SQUARESTOCK_ALERT_SYMBOL"] == "AAPL")
        #expect(e.environment["SQUARESTOCK_ALERT_PRICE"] == "200")
        #expect(e.environment["SQUARESTOCK_ALERT_RULE"] == "AAPL>=200")
        #expect(e.environment["SQUARESTOCK_ALERT_VALUE"] == "200")
        #expect(e.environment["SQUARESTOCK_ALERT_CHANGE_PERCENT"] == "5.2632")
        #expect(e.environment["SQUARESTOCK_ALERT_TIME"] == "2025-10-29T13:30:00Z")
    }

    /// The portfolio's subjects: `@portfolio` by value or day change, `@drawdown` in percent
    /// only; an unknown `@` subject is refused, and they fire once per crossing like any rule.
    @Test func portfolioSubjects() throws {
        let value = try AlertRule.parse("@Portfolio < 90000").get()
        #expect(value.symbol == "@portfolio" && value.metric == .price && value.isPortfolio)
        #expect(value.description == "@portfolio<90000")
        let drawdown = try AlertRule.parse("@drawdown>=10%").get()
        #expect(drawdown.metric == .changePercent && drawdown.description == "@drawdown>=10%")
        #expect(try !AlertRule.parse("AAPL>1").get().isPortfolio)
        if case .success = AlertRule.parse("@drawdown>10") { Issue.record("a drawdown without % was taken") }
        if case .success = AlertRule.parse("@cash>10") { Issue.record("an unknown subject was taken") }
        var t = AlertTracker(rules: [value, drawdown])
        #expect(t.evaluate(symbol: "@portfolio", price: F.d("95000"), changePercent: nil, time: nil).isEmpty)
        #expect(
            t.evaluate(symbol: "@portfolio", price: F.d("89000"), changePercent: nil, time: nil).map(\.value) == [
                F.d("89000")
            ])
        #expect(t.evaluate(symbol: "@portfolio", price: F.d("88000"), changePercent: nil, time: nil).isEmpty)
        #expect(t.evaluate(symbol: "@drawdown", price: nil, changePercent: F.d("9.99"), time: nil).isEmpty)
        #expect(t.evaluate(symbol: "@drawdown", price: nil, changePercent: F.d("10"), time: nil).count == 1)
    }
}
