import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// The private decoders on the recorded bodies: Kraken's documentation examples and ccxt's real
/// answers (numbers or strings, `count` as a string, `userref` null), TradeOgre's orders.
struct AccountDecoderTests {
    static func kraken(_ file: String, method: String) throws -> JSONValue {
        try KrakenPrivateEnvelope.result(
            HTTPResponse(status: 200, body: Fixture.bytes("kraken-private/" + file)), method: method
        ).get()
    }
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    @Test func balanceExWithNumbersGivesTotalAvailableAndHeld() throws {
        let b = try KrakenAccountDecoder.balances(
            try Self.kraken("jkorf-GetAvailableBalances.json", method: "BalanceEx")
        ).get()
        #expect(b.map(\.asset) == ["BTC", "USD"])
        #expect(b[0].total == Self.d("1.2435") && b[0].held == Self.d("0.8423") && b[0].available == Self.d("0.4012"))
        #expect(b[1].total == Self.d("25435.21") && b[1].available == Self.d("17185.45"))
    }

    /// Issue 28: every asset with a dot was dropped, so what the user stakes was missing from
    /// the total. Staked and earning variants are kept, marked, with nothing available to trade.
    @Test func stakedAndEarningBalancesAreKeptAndMarked() throws {
        let b = try KrakenAccountDecoder.balances(
            try Self.kraken("RECONSTRUCTED-BalanceEx-staked-earning.json", method: "BalanceEx")
        ).get()
        let rows = b.map { "\($0.asset) \($0.kind.rawValue) \($0.total) \($0.available)" }
        #expect(
            rows == [
                "BTC tradable 1.2435000000 0.4012000000", "BTC rewards 0.0500000000 0.0500000000",
                "DOT staked 10.0000000000 0", "ETH staked 198.3970000000 0", "ETH staked 0.0100000000 0",
                "KSM staked 2.0000000000 0", "USD tradable 25435.2100 17185.4500", "USD earning 1200.0000 0",
                "USD locked 5.0000 0",
            ], "\(rows)")
    }

    @Test func openOrdersRealAndDocumented() throws {
        let real = try KrakenAccountDecoder.orders(
            try Self.kraken("ccxt-OpenOrders-cl_ord_id.json", method: "OpenOrders"), under: "open", pairs: { _ in nil }
        ).get()
        #expect(real.count == 1)
        #expect(real[0].id == "O2F2HY-QIPHF-4UCMSW" && real[0].pairName == "LTCUSDT" && real[0].side == .buy)
        #expect(
            real[0].amount == Self.d("0.20000000") && real[0].price == Self.d("50.00000") && real[0].status == .open)
        #expect(real[0].opened == Instant(secondsSinceEpoch: 1_733_920_032))
        let docs = try KrakenAccountDecoder.orders(
            try Self.kraken("jkorf-GetOpenOrders.json", method: "OpenOrders"), under: "open", pairs: { _ in nil }
        ).get()
        #expect(docs.count == 2)
        #expect(docs.contains { $0.filled == Self.d("0.375") })
        for file in ["ccxt-OpenOrders-stop-loss-limit.json", "ccxt-OpenOrders-take-profit.json"] {
            let o = try KrakenAccountDecoder.orders(
                try Self.kraken(file, method: "OpenOrders"), under: "open", pairs: { _ in nil }
            ).get()
            #expect(o.count == 1 && o[0].type != "limit")
        }
    }

    @Test func closedOrdersAndQueriesWithCountAsStringOrNumber() throws {
        let closed = try KrakenAccountDecoder.orders(
            try Self.kraken("ccxt-ClosedOrders-canceled-by-user.json", method: "ClosedOrders"), under: "closed",
            pairs: { _ in nil }
        ).get()
        #expect(closed.count == 1 && closed[0].status == .canceled)
        let docs = try KrakenAccountDecoder.orders(
            try Self.kraken("jkorf-GetClosedOrders.json", method: "ClosedOrders"), under: "closed", pairs: { _ in nil }
        ).get()
        #expect(docs.count == 2)
        let query = try KrakenAccountDecoder.orders(
            try Self.kraken("jkorf-GetOrders.json", method: "QueryOrders"), under: nil, pairs: { _ in nil }
        ).get()
        #expect(query.count == 2 && query.contains { $0.status == .filled })
        let one = try KrakenAccountDecoder.orders(
            try Self.kraken("ccxt-QueryOrders-open-limit.json", method: "QueryOrders"), under: nil, pairs: { _ in nil }
        ).get()
        #expect(one.count == 1 && one[0].status == .open)
    }

    @Test func addOrderAnswersWithAndWithoutTxid() throws {
        let placed = try KrakenAccountDecoder.placed(
            try Self.kraken("ccxt-AddOrder-market.json", method: "AddOrder"), validateOnly: false
        ).get()
        #expect(placed.ids == ["OL7LNO-R4SAD-6UINEU"])
        let validated = try KrakenAccountDecoder.placed(
            try Self.kraken("issue-AddOrder-validate-only.json", method: "AddOrder"), validateOnly: true
        ).get()
        #expect(validated.ids.isEmpty && validated.validatedOnly && validated.description != nil)
        #expect(
            try KrakenAccountDecoder.cancelled(try Self.kraken("jkorf-CancelOrder.json", method: "CancelOrder")).get()
                == 1)
    }

    @Test func aPermissionErrorNamesWhatTheMethodNeeds() {
        let body = HTTPResponse(status: 200, body: Fixture.bytes("kraken-private/error-permission-denied.json"))
        #expect(
            KrakenPrivateEnvelope.result(body, method: "ClosedOrders")
                == .failure(.permissionDenied(exchange: "kraken", needed: "Query Closed Orders & Trades")))
        #expect(
            KrakenPrivateEnvelope.result(body, method: "AddOrder")
                == .failure(.permissionDenied(exchange: "kraken", needed: "Create & Modify Orders")))
        // A sync's ledger pages need the ledger permission: naming the order one had a user give
        // a read-only key the right to trade. So do Coinbase's fills: View, not Trade.
        #expect(
            KrakenPrivateEnvelope.result(body, method: "Ledgers")
                == .failure(.permissionDenied(exchange: "kraken", needed: "Query Ledger Entries")))
        let forbidden = HTTPResponse(status: 403, body: Array("{}".utf8))
        for (path, needed) in [
            ("/orders/historical/fills", "View"), ("/orders/historical/batch", "View"), ("/accounts", "View"),
            ("/orders", "Trade"), ("/orders/preview", "Trade"), ("/orders/batch_cancel", "Trade"),
        ] {
            #expect(
                CoinbaseAccountDecoder.answer(forbidden, path: path)
                    == .failure(.permissionDenied(exchange: "coinbase", needed: needed)), "\(path)")
        }
    }

    /// A service down for every request is not "not taking orders": a sync's ledger page failed
    /// so. After an order was sent it stays "status unknown" (AccountOrderFateCLITests).
    @Test func anUnavailableServiceIsSaidAsSuch() {
        let body = HTTPResponse(status: 200, body: Array(#"{"error":["EService:Unavailable"]}"#.utf8))
        guard case .failure(let e) = KrakenPrivateEnvelope.result(body, method: "Ledgers") else {
            Issue.record("no failure")
            return
        }
        #expect(e.message == "kraken is unavailable now (EService:Unavailable); try again in a few minutes")
        #expect(KrakenOrderOutcome.afterSending(e) != e)
    }

    @Test func tradeOgreOrdersFromTheDocsAndCcxt() throws {
        let list = try TradeOgreAccountDecoder.answer(
            HTTPResponse(status: 200, body: Fixture.bytes("tradeogre/account_orders.json"))
        ).get()
        let orders = try TradeOgreAccountDecoder.orders(list, pairs: { _ in nil }).get()
        #expect(orders.count == 14 && orders.allSatisfy { $0.amount.sign > 0 && $0.price != nil })
        let one = try TradeOgreAccountDecoder.answer(
            HTTPResponse(status: 200, body: Fixture.bytes("tradeogre/ccxt-account-order-LTC-USDT.json"))
        ).get()
        let o = try #require(TradeOgreAccountDecoder.order(id: "x", one, pairs: { _ in nil }))
        #expect(
            o.side == .sell && o.amount == Self.d("0.10000000") && o.opened == Instant(secondsSinceEpoch: 1_710_696_146)
        )
        let auth = TradeOgreAccountDecoder.answer(
            HTTPResponse(status: 200, body: Fixture.bytes("tradeogre/error-must-be-authorized.json")))
        #expect(auth == .failure(.invalidKey(exchange: "tradeogre", detail: "Must be authorized")))
        let buy = try TradeOgreAccountDecoder.answer(
            HTTPResponse(status: 200, body: Fixture.bytes("tradeogre/order_buy_response.json"))
        ).get()
        #expect(buy["uuid"]?.string != nil)
    }
}
