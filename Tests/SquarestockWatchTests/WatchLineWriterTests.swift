import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// The lines watch prints when its output is not a terminal.
struct WatchLineWriterTests {
    typealias F = WatchFixtures
    let t0 = WatchFixtures.open

    func state() -> WatchState {
        var s = WatchState(symbols: ["AAPL", "MSFT", "XXXX"])
        _ = s.apply(
            [
                F.ok(F.stock(price: "101.5", lastTrade: t0.adding(seconds: 600), high: "102", low: "99.5")),
                F.ok(F.stock("MSFT", price: "49.5", previousClose: "50", lastTrade: t0.adding(seconds: 590))),
                F.fail("XXXX", .noData(source: "stooq")),
            ], now: t0.adding(seconds: 620), clock: 0)
        _ = s.apply([F.fail("MSFT", F.refused)], now: t0.adding(seconds: 680), clock: 1)
        return s
    }

    @Test func plainLines() {
        let s = state()
        let w = WatchLineWriter(format: .plain)
        let now = t0.adding(seconds: 700)
        #expect(
            w.line(s["AAPL"]!, now: now)
                == "2025-10-29T13:41:40Z AAPL 101.50 +1.50 (+1.50%) range 99.50..102.00 last 09:40:00 EDT (1m ago) open\n"
        )
        #expect(
            w.line(s["MSFT"]!, now: now)
                == "2025-10-29T13:41:40Z MSFT 49.50 -0.50 (-1.00%) range 49.50..49.50 last 09:39:50 EDT (1m ago) stale 1m: could not connect to 127.0.0.1:9 (Connection refused); the service may be down or unreachable from this network\n"
        )
        #expect(
            w.line(s["XXXX"]!, now: now).hasPrefix(
                "2025-10-29T13:41:40Z XXXX error: stooq has no quote for this symbol"))
        var tracker = AlertTracker(rules: [try! AlertRule.parse("AAPL>101").get()])
        let e = tracker.evaluate(symbol: "AAPL", stock: s["AAPL"]!.stock!)[0]
        #expect(w.alertLine(e, now: now) == "2025-10-29T13:41:40Z ALERT AAPL>101 AAPL price 101.50 change +1.50%\n")
    }

    @Test func jsonLinesParse() throws {
        let s = state()
        let w = WatchLineWriter(format: .json)
        let now = t0.adding(seconds: 700)
        var shapes: Set<Set<String>> = []
        for symbol in s.symbols {
            let line = w.line(s[symbol]!, now: now)
            #expect(line.hasSuffix("}\n"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["symbol"] as? String == symbol)
            #expect(object["time"] as? String == "2025-10-29T13:41:40Z")
            shapes.insert(Set(object.keys))
        }
        // A symbol with no quote yet has the quote's keys, null (they were missing).
        #expect(s.symbols.contains { s[$0]!.stock == nil })
        #expect(shapes.count == 1, "\(shapes)")
        let msft = try #require(
            try JSONSerialization.jsonObject(with: Data(w.line(s["MSFT"]!, now: now).utf8)) as? [String: Any])
        #expect(msft["stale"] as? Bool == true)
        #expect(msft["price"] as? Double == 49.5)
        #expect(msft["failingSince"] as? String == "2025-10-29T13:41:20Z")
        #expect(msft["marketStatus"] as? String == "open")
        let aapl = w.line(s["AAPL"]!, now: now)
        #expect(aapl.contains("\"price\": 101.5, \"change\": 1.5, \"changePercent\": 1.5"))
        #expect(aapl.contains("\"stale\": false, \"failingSince\": null, \"error\": null"))
    }

    /// `watch --portfolio` into a pipe: a held row ends in its value and gain, and each refresh
    /// in the totals the table shows (they were left out: the lines read as a plain watch).
    @Test func heldRowsAndTheTotalsLine() throws {
        let s = state()
        let holdings = [
            "AAPL": WatchHolding(quantity: ExactDecimal("32")!, cost: 120_280, currency: "USD", exponent: 2),
            "XXXX": WatchHolding(quantity: ExactDecimal("5")!, cost: 5_000, currency: "USD", exponent: 2),
        ]
        let now = t0.adding(seconds: 700)
        let entries = s.symbols.compactMap { s[$0] }
        let plain = WatchLineWriter(format: .plain, holdings: holdings)
        // Before the status: a stale reason is free text, and ends the line.
        #expect(plain.line(s["AAPL"]!, now: now).hasSuffix(" (1m ago) value 3248.00 USD gain +2045.20 USD open\n"))
        #expect(!plain.line(s["MSFT"]!, now: now).contains("value"))
        #expect(
            plain.totalsLine(entries, now: now)
                == "2025-10-29T13:41:40Z HOLDINGS value 3248.00 USD, gain +2045.20 USD (without XXXX)\n")
        #expect(WatchLineWriter(format: .plain).totalsLine(entries, now: now) == nil)
        let json = WatchLineWriter(format: .json, holdings: holdings)
        let aapl = json.line(s["AAPL"]!, now: now)
        #expect(
            aapl.contains("\"held\": {\"quantity\": 32, \"currency\": \"USD\", \"value\": 3248.00, \"gain\": 2045.20}"))
        // A held row without a quote says so: held, value and gain null (it had no `held`).
        #expect(
            json.line(s["XXXX"]!, now: now).contains(
                "\"held\": {\"quantity\": 5, \"currency\": \"USD\", \"value\": null, \"gain\": null}"))
        // A row not held: `held` null, so every line of a portfolio's watch has one shape.
        var shapes: Set<Set<String>> = []
        for e in entries {
            let o = try #require(
                try JSONSerialization.jsonObject(with: Data(json.line(e, now: now).utf8)) as? [String: Any])
            shapes.insert(Set(o.keys))
        }
        #expect(shapes.count == 1 && json.line(s["MSFT"]!, now: now).contains("\"held\": null"), "\(shapes)")
        let totals = try #require(json.totalsLine(entries, now: now))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(totals.utf8)) as? [String: Any])
        #expect(object["without"] as? [String] == ["XXXX"], "\(totals)")
        let first = try #require((object["holdings"] as? [[String: Any]])?.first)
        #expect(first["currency"] as? String == "USD" && first["value"] as? Double == 3248, "\(totals)")
    }
}
