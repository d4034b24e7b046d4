import SquarestockCore

/// Kraken's private answers into account values. Amounts come as strings (numbers in some
/// documentation examples), times as float seconds (strings in real answers), `userref` and
/// `count` as either: every one is read by `KrakenEnvelope.decimal` / `integer`, never a `Double`.
package enum KrakenAccountDecoder {
    static let exchange = KrakenPrivateClient.exchange

    /// `BalanceEx`: `{"ZUSD":{"balance":"25435.21","hold_trade":"8249.76"},...}`. Staked and
    /// earning variants (`ETH2.S`, `DOT.B`, `USD.M`) are the user's too: kept, marked, with
    /// nothing available to trade; Kraken Rewards balances (`XBT.F`) are marked but tradable
    /// through their base asset. Zero balances are left out.
    package static func balances(_ result: JSONValue) -> Result<[AssetBalance], AccountError> {
        guard case .object(let members) = result else { return .failure(malformed("BalanceEx is not an object")) }
        var out: [AssetBalance] = []
        for (code, entry) in members {
            guard let total = KrakenEnvelope.decimal(entry["balance"]) else {
                return .failure(malformed("no balance for \(TerminalText.sanitize(code))"))
            }
            let held = KrakenEnvelope.decimal(entry["hold_trade"]) ?? .zero
            guard !total.isZero || !held.isZero else { continue }
            let (asset, kind) = variant(TerminalText.sanitize(code))
            let available = kind == .tradable || kind == .rewards ? ((total - held) ?? total) : .zero
            out.append(
                AssetBalance(
                    asset: asset, total: total, available: available.isNegative ? .zero : available, held: held,
                    kind: kind))
        }
        return .success(out.sorted { ($0.asset, $0.kind) < ($1.asset, $1.kind) })
    }

    /// `ETH2.S` → (`ETH`, staked), `USD.M` → (`USD`, earning), `XXBT` → (`BTC`, tradable). Kraken's
    /// suffixes: `.S` staked, `.B` bonded (yield-bearing staking), `.P` parachain (staked), `.M`
    /// opt-in rewards (earning), `.F` Kraken Rewards (earning, yet tradable through the base asset);
    /// any other is kept as locked. `ETH2` is
    /// staked ether.
    static func variant(_ code: String) -> (asset: String, kind: BalanceKind) {
        let parts = code.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(parts[0])
        var kind = BalanceKind.tradable
        if parts.count > 1 {
            switch parts[1].uppercased() {
            case "S", "B", "P": kind = .staked
            case "M": kind = .earning
            case "F": kind = .rewards
            default: kind = .locked
            }
        }
        if base.uppercased() == "ETH2" { return ("ETH", kind == .tradable ? .staked : kind) }
        return (KrakenAssetNames.common(base), kind)
    }

    /// `OpenOrders` (`{"open":{...}}`), `ClosedOrders` (`{"closed":{...},"count":N}`) or
    /// `QueryOrders` (`{"<txid>":{...}}`): newest first.
    package static func orders(_ result: JSONValue, under key: String?, pairs: (String) -> TradingPair?)
        -> Result<[AccountOrder], AccountError>
    {
        let map = key.map { result[$0] } ?? result
        guard case .object(let members)? = map else {
            return .failure(malformed("\(key ?? "the answer") is not an object of orders"))
        }
        var out: [AccountOrder] = []
        for (id, o) in members {
            guard let order = order(id: id, o, pairs: pairs) else {
                return .failure(malformed("order \(TerminalText.sanitize(id)) lacks its pair, side, type or volume"))
            }
            out.append(order)
        }
        return .success(out.sorted { ($0.opened?.secondsSinceEpoch ?? 0) > ($1.opened?.secondsSinceEpoch ?? 0) })
    }

    static func order(id: String, _ o: JSONValue, pairs: (String) -> TradingPair?) -> AccountOrder? {
        let d = o["descr"]
        guard let pairName = d?["pair"]?.string, let sideText = d?["type"]?.string,
            let type = d?["ordertype"]?.string, let amount = KrakenEnvelope.decimal(o["vol"])
        else { return nil }
        let side: TradeSide
        switch sideText {
        case "buy": side = .buy
        case "sell": side = .sell
        default: return nil
        }
        let status: OrderStatus
        switch o["status"]?.string {
        case "pending": status = .pending
        case "open": status = .open
        case "closed": status = .filled
        case "canceled": status = .canceled
        case "expired": status = .expired
        default: status = .unknown
        }
        let price = type == "market" ? nil : KrakenEnvelope.decimal(d?["price"]).flatMap { $0.isZero ? nil : $0 }
        return AccountOrder(
            id: TerminalText.sanitize(id), pair: pairs(pairName), pairName: TerminalText.sanitize(pairName), side: side,
            type: TerminalText.sanitize(type), amount: amount, filled: KrakenEnvelope.decimal(o["vol_exec"]) ?? .zero,
            price: price, averagePrice: KrakenEnvelope.decimal(o["price"]).flatMap { $0.isZero ? nil : $0 },
            status: status, opened: time(o["opentm"]), closed: time(o["closetm"]))
    }

    /// `AddOrder`: `{"descr":{"order":"buy 1.25 XBTUSD @ limit 37500"},"txid":["OUF4EM-..."]}`;
    /// with `validate`, no `txid`.
    package static func placed(_ result: JSONValue, validateOnly: Bool) -> Result<PlacedOrder, AccountError> {
        let ids = (result["txid"]?.array ?? []).compactMap(\.string).map { TerminalText.sanitize($0) }
        guard validateOnly || !ids.isEmpty else { return .failure(malformed("AddOrder answered no txid")) }
        // Kraken answers a validation without a txid; one with an id may have placed the order
        // (a mirror that dropped `validate`): never "nothing was placed".
        if validateOnly, !ids.isEmpty {
            return .failure(
                .statusUnknown(
                    exchange: exchange,
                    detail: "the answer to a dry run names order \(ids.joined(separator: ", ")), as for a placed order")
            )
        }
        return .success(
            PlacedOrder(
                ids: ids, description: result["descr"]?["order"]?.string.map { TerminalText.sanitize($0) },
                validatedOnly: validateOnly))
    }

    /// `CancelOrder` / `CancelAll`: `{"count":1}`.
    package static func cancelled(_ result: JSONValue) -> Result<Int, AccountError> {
        guard let count = KrakenEnvelope.integer(result["count"]) else { return .failure(malformed("no count")) }
        return .success(Int(count))
    }

    /// Float seconds, as a number or a string.
    static func time(_ value: JSONValue?) -> Instant? {
        let text: String?
        switch value {
        case .number(let n)?: text = n
        case .string(let s)?: text = s
        default: text = nil
        }
        guard let t = text.flatMap(EpochTime.init(text:)), t.instant.secondsSinceEpoch > 0 else { return nil }
        return t.instant
    }

    static func malformed(_ detail: String) -> AccountError { .malformed(exchange: exchange, detail: detail) }
}
