import Foundation
import TestSupport
import Testing

/// `cancel` says what it cancels before asking (the order's pair, side, amount and price; every
/// open order for `--all`), and an order that is already closed is called closed, not unknown.
@Suite(.serialized)
struct AccountCancelCLITests {
    static func placeLimit(_ s: AccountCLITests.Setup, _ amount: String, _ price: String) throws -> String {
        let buy = try s.run(["buy", "BTC-USD", amount, "--limit", price, "--far", "--yes"])
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        return s.fake.placed.last ?? ""
    }

    @Test func cancelShowsTheOrderBeforeAskingAndSendsNothingUnconfirmed() throws {
        let s = try AccountCLITests.Setup()
        let id = try Self.placeLimit(s, "0.01", "30000")
        let unconfirmed = try s.run(["cancel", id])
        #expect(unconfirmed.exitCode == 2 && unconfirmed.stderr.contains("add --yes"))
        let row = unconfirmed.stdout.split(separator: "\n").first { $0.hasPrefix(id) } ?? ""
        for word in ["BTC-USD", "buy", "limit", "0.01", "30000", "open"] {
            #expect(row.contains(word), "\(unconfirmed.stdout)")
        }
        #expect(s.fake.openOrderCount == 1)
        let done = try s.run(["cancel", id, "--yes"])
        #expect(done.exitCode == 0 && done.stdout.contains("30000") && done.stdout.contains("cancelled 1 order"))
    }

    @Test func cancelAllListsWhatItWillCancel() throws {
        let s = try AccountCLITests.Setup()
        let none = try s.run(["cancel", "--all", "--yes"])
        #expect(none.exitCode == 0 && none.stdout.contains("no open orders; nothing to cancel"), "\(none.stdout)")
        let a = try Self.placeLimit(s, "0.01", "30000")
        let b = try Self.placeLimit(s, "0.02", "25000")
        let unconfirmed = try s.run(["cancel", "--all"])
        #expect(unconfirmed.exitCode == 2 && unconfirmed.stdout.contains(a) && unconfirmed.stdout.contains(b))
        #expect(unconfirmed.stdout.contains("25000") && s.fake.openOrderCount == 2)
        let all = try s.run(["cancel", "--all", "--yes"])
        #expect(all.exitCode == 0 && all.stdout.contains("cancelled 2 orders"), "\(all.stdout)\(all.stderr)")
    }

    /// An exchange that answers but cancels fewer orders than were shown: said, exit 1 (it
    /// printed "cancelled 0 orders" and exited 0, the orders still open).
    @Test func aCancellationThatCancelledNothingIsNotASuccess() throws {
        let s = try AccountCLITests.Setup()
        let a = try Self.placeLimit(s, "0.01", "30000")
        _ = try Self.placeLimit(s, "0.02", "25000")
        s.fake.cancelsNothing = true
        let all = try s.run(["cancel", "--all", "--yes"])
        #expect(all.exitCode == 1, "\(all.stdout)\(all.stderr)")
        #expect(all.stderr.contains("kraken cancelled 0 of the 2 orders shown"), "\(all.stderr)")
        let one = try s.run(["cancel", a, "--yes"])
        #expect(one.exitCode == 1 && one.stderr.contains("cancelled 0 of the 1 order shown"), "\(one.stderr)")
        #expect(s.fake.openOrderCount == 2)
    }

    /// An answer to a cancellation that does not say what happened (Kraken's internal error
    /// after it cancelled) is "status unknown", exit 4, as for an order: it was "kraken refused",
    /// the order reported still open. More cancelled than shown is said.
    @Test func anUnclearAnswerToACancellationIsStatusUnknown() throws {
        let s = try AccountCLITests.Setup()
        let a = try Self.placeLimit(s, "0.01", "30000")
        s.fake.cancelError = "EGeneral:Internal error"
        let one = try s.run(["cancel", a, "--yes"])
        #expect(one.exitCode == 4, "\(one.stdout)\(one.stderr)")
        #expect(one.stderr.contains("status unknown: the request may have reached kraken"), "\(one.stderr)")
        #expect(one.stderr.contains("after the cancellation was sent"), "\(one.stderr)")
        _ = try Self.placeLimit(s, "0.02", "25000")
        let all = try s.run(["cancel", "--all", "--yes"])
        #expect(all.exitCode == 4 && all.stderr.contains("status unknown"), "\(all.stderr)")
        s.fake.cancelError = nil
        _ = try Self.placeLimit(s, "0.03", "24000")
        s.fake.cancelAllExtra = 1
        let more = try s.run(["cancel", "--all", "--yes"])
        #expect(more.exitCode == 0, "\(more.stderr)")
        #expect(
            more.stderr.contains("kraken cancelled 2 orders, more than the 1 shown: an order placed after the list"),
            "\(more.stderr)")
    }

    /// `cancel --format json` prints one object, whatever the ending (it printed the table): the
    /// orders shown, how many were cancelled (0 when nothing was sent, null when unknown), the
    /// error; the table and the messages go to standard error. CSV is refused.
    @Test func cancelWritesOneJSONObjectWhateverTheEnding() throws {
        let s = try AccountCLITests.Setup()
        func object(_ r: CLIRun) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        }
        let none = try s.run(["cancel", "--all", "--yes", "--format", "json"])
        let nothing = try object(none)
        #expect(none.exitCode == 0 && nothing["cancelled"] as? Int == 0, "\(none.stdout)")
        let id = try Self.placeLimit(s, "0.01", "30000")
        let unconfirmed = try s.run(["cancel", id, "--format", "json"])
        let refused = try object(unconfirmed)
        #expect(unconfirmed.exitCode == 2 && refused["cancelled"] as? Int == 0)
        #expect((refused["error"] as? String)?.contains("not confirmed") == true, "\(unconfirmed.stdout)")
        #expect(unconfirmed.stderr.contains("to cancel:") && s.fake.openOrderCount == 1)
        let orders = refused["orders"] as? [[String: Any]] ?? []
        #expect(orders.first?["id"] as? String == id && orders.first?["price"] as? String == "30000", "\(orders)")
        s.fake.cancelError = "EGeneral:Internal error"
        let unclear = try s.run(["cancel", id, "--yes", "--format", "json"])
        let unknown = try object(unclear)
        #expect(unclear.exitCode == 4 && unknown["cancelled"] is NSNull && unknown["statusUnknown"] as? Bool == true)
        s.fake.cancelError = nil
        let second = try Self.placeLimit(s, "0.02", "25000")
        let done = try s.run(["cancel", second, "--yes", "--format", "json"])
        let cancelled = try object(done)
        #expect(done.exitCode == 0 && cancelled["cancelled"] as? Int == 1 && cancelled["error"] is NSNull)
        #expect(cancelled["paper"] as? Bool == false && done.stderr.contains("to cancel:"), "\(done.stdout)")
        let csv = try s.run(["cancel", second, "--yes", "--format", "csv"])
        #expect(csv.exitCode == 2 && csv.stderr.contains("there is no CSV of it"), "\(csv.stderr)")
        let buy = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--far", "--yes", "--format", "csv"])
        #expect(buy.exitCode == 2 && buy.stderr.contains("an order is shown as text"), "\(buy.stderr)")
        #expect(s.fake.openOrderCount == 0)
    }

    /// Closed orders past Kraken's page (50 a call; 2 here) are read from the next pages, up
    /// to `--limit` (`--closed --limit 500` showed 50 at most).
    @Test func closedOrdersAreReadPastTheFirstPage() throws {
        let s = try AccountCLITests.Setup()
        s.fake.closedPageSize = 2
        var ids: [String] = []
        for price in ["30000", "29000", "28000"] { ids.append(try Self.placeLimit(s, "0.01", price)) }
        #expect(try s.run(["cancel", "--all", "--yes"]).exitCode == 0)
        let closed = try s.run(["account", "orders", "--closed", "--format", "csv"])
        for id in ids { #expect(closed.stdout.contains(id), "\(closed.stdout)\(closed.stderr)") }
        let two = try s.run(["account", "orders", "--closed", "--limit", "2", "--format", "csv"])
        #expect(two.stdout.split(separator: "\n").count == 3, "\(two.stdout)")
    }

    @Test func aClosedOrderIsSaidToBeClosedNotUnknown() throws {
        let s = try AccountCLITests.Setup()
        let id = try Self.placeLimit(s, "0.01", "30000")
        #expect(try s.run(["cancel", id, "--yes"]).exitCode == 0)
        let again = try s.run(["cancel", id, "--yes"])
        #expect(again.exitCode == 1, "\(again.stderr)")
        #expect(again.stderr.contains("\(id) is already closed (canceled)"), "\(again.stderr)")
        #expect(!again.stderr.contains("knows no order"))
        let market = try s.run(["buy", "BTC-USD", "0.01", "--market", "--yes"])
        #expect(market.exitCode == 0, "\(market.stderr)")
        let filled = try s.run(["cancel", s.fake.placed.last ?? "", "--yes"])
        #expect(filled.exitCode == 1 && filled.stderr.contains("already closed (filled)"), "\(filled.stderr)")
    }
}
