import SquarestockCore

/// Coinbase's wallet API (`/v2`), whose answers are `{"pagination":{"next_starting_after":"...",
/// "next_uri":"/v2/...?starting_after=...",...},"data":[...]}`: the wallets (`GET /v2/accounts`,
/// one per currency: `{"id":"...","currency":{"code":"BTC"} or "BTC","balance":{...}}`) and each
/// wallet's transactions (`GET /v2/accounts/ID/transactions`: `{"id":"...","type":"send",
/// "status":"completed","amount":{"amount":"-0.0011","currency":"BTC"},"created_at":
/// "2024-03-12T10:14:09-07:00","network":{"transaction_fee":{"amount":"0.0001","currency":"BTC"},
/// "transaction_amount":{"amount":"0.001","currency":"BTC"}}}`), the deposits, withdrawals and
/// rewards that Advanced Trade's fills do not have.
///
/// A transaction is an `AccountMovement` keyed by its id: crypto or money sent out or received
/// (`send` by its sign, `receive`, `fiat_deposit`, `fiat_withdrawal`), the network fee on top;
/// a reward (`staking_reward`, `inflation_reward`, `interest`); a move between Coinbase's own
/// products (`transfer`, `pro_*`, `exchange_*`: the same holding). An Advanced Trade fill is
/// left to the fills; any other type (a Coinbase app `buy`, `sell` or `trade`) is passed on by
/// name, so the sync refuses it with why. Only completed transactions count: one still pending is
/// read when a later sync finds it completed.
enum CoinbaseWalletsDecoder {
    /// The wallets' ids on a page, and where the next page starts.
    static func wallets(_ body: JSONValue) -> Result<(ids: [String], next: String?), AccountError> {
        guard case .array(let data)? = body["data"] else {
            return .failure(.malformed(exchange: "coinbase", detail: "a wallets answer without its data"))
        }
        let ids = data.compactMap { $0["id"]?.string }
        return .success((ids, next(body)))
    }

    /// Where the page after this one starts: `next_starting_after`, else `next_uri`'s.
    static func next(_ body: JSONValue) -> String? {
        let pagination = body["pagination"]
        if let after = pagination?["next_starting_after"]?.string, !after.isEmpty { return after }
        guard let uri = pagination?["next_uri"]?.string, let r = uri.range(of: "starting_after=") else { return nil }
        let after = uri[r.upperBound...].prefix { $0 != "&" }
        return after.isEmpty ? nil : String(after)
    }

    /// A wallet's transactions on a page as movements, and where the next page starts.
    static func transactions(_ body: JSONValue) -> Result<(movements: [AccountMovement], next: String?), AccountError> {
        guard case .array(let data)? = body["data"] else {
            return .failure(.malformed(exchange: "coinbase", detail: "a transactions answer without its data"))
        }
        var out: [AccountMovement] = []
        for t in data {
            guard let id = t["id"]?.string, let type = t["type"]?.string?.lowercased(),
                let moved = t["amount"]?["amount"]?.numberOrStringDecimal,
                let asset = t["amount"]?["currency"]?.string?.uppercased(),
                let created = t["created_at"]?.string, let time = instant(created)
            else {
                return .failure(
                    .malformed(exchange: "coinbase", detail: "a transaction without its id, type, amount or time"))
            }
            guard t["status"]?.string?.lowercased() == "completed" else { continue }
            var amount = moved
            var fee = ExactDecimal.zero
            if let f = t["network"]?["transaction_fee"], f["currency"]?.string?.uppercased() == asset,
                let value = f["amount"]?.numberOrStringDecimal, value.sign > 0, amount.isNegative
            {
                // What was sent and its fee apart: `transaction_amount` when the answer has it (the
                // fee on top of it, or inside `amount`), else `amount` less the fee.
                let total = amount.negated
                var sent = total - value
                if let moved = t["network"]?["transaction_amount"]?["amount"]?.numberOrStringDecimal {
                    guard moved == total || (moved + value) == total else {
                        return .failure(
                            .malformed(
                                exchange: "coinbase",
                                detail: "a send of \(total) \(asset) whose network amount \(moved) and fee \(value) "
                                    + "do not add up"))
                    }
                    sent = moved
                }
                guard let sent, sent.sign >= 0 else {
                    return .failure(.malformed(exchange: "coinbase", detail: "a send smaller than its fee"))
                }
                amount = sent.negated
                fee = value
            }
            let kind: AccountMovement.Kind
            switch type {
            case "send", "receive", "fiat_deposit", "fiat_withdrawal":
                kind = amount.isNegative ? .withdrawal : .deposit
            case "staking_reward", "inflation_reward", "interest", "earn_payout", "reward":
                kind = .reward
            case "transfer", "pro_deposit", "pro_withdrawal", "exchange_deposit", "exchange_withdrawal",
                "portfolio_transfer":
                kind = .transfer
            case "advanced_trade_fill": continue
            default:
                kind = .other("Coinbase app \(type)")
            }
            out.append(
                AccountMovement(id: id, reference: id, time: time, kind: kind, asset: asset, amount: amount, fee: fee))
        }
        return .success((out, next(body)))
    }

    /// An RFC 3339 time (`2024-03-12T10:14:09-07:00`, `...Z`, `...09.123Z`) as an instant.
    static func instant(_ text: String) -> Instant? {
        guard let clock = DateTimeParsing.isoDateTime(String(text.prefix(19))) else { return nil }
        var rest = Substring(text.dropFirst(19))
        if rest.first == "." { rest = rest.dropFirst().drop { $0.isNumber } }
        var offset: Int64 = 0
        if let sign = rest.first, sign == "+" || sign == "-" {
            let digits = rest.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, let hh = Int64(digits.prefix(2)), let mm = Int64(digits.suffix(2)) else {
                return nil
            }
            offset = (hh * 3600 + mm * 60) * (sign == "-" ? -1 : 1)
        } else if !(rest.isEmpty || rest == "Z" || rest == "z") {
            return nil
        }
        return Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC - offset)
    }
}
