import SquarestockCore

/// `GET /orders/historical/fills`: `{"fills":[{"entry_id":"dc74...","trade_id":"19fc...",
/// "order_id":"01b6...","trade_time":"2023-11-26T10:19:47.504Z","trade_type":"FILL","price":"0.392",
/// "size":"10","commission":"0.03136","product_id":"ADA-USDT","side":"SELL","size_in_quote":false,
/// ...}],"cursor":"114994851"}`. Each fill is a trade of two legs, as an exchange's ledger has
/// them: the base asset in or out (`size`, or `size / price` when `size_in_quote`) and the quote
/// asset the other way (`price x size`), the commission charged in the quote asset. Keyed by
/// `entry_id`, one per fill. A derivative's fill (`ADA-PERP-INTX`) is passed on by name. A page
/// with fills and a cursor has a next one.
enum CoinbaseFillsDecoder {
    static func page(_ body: JSONValue) -> Result<AccountMovement.Page, AccountError> {
        guard case .array(let fills)? = body["fills"] else {
            return .failure(.malformed(exchange: "coinbase", detail: "a fills answer without its fills"))
        }
        var movements: [AccountMovement] = []
        for fill in fills {
            guard let id = fill["entry_id"]?.string, let product = fill["product_id"]?.string,
                let side = fill["side"]?.string?.uppercased(), let price = fill["price"]?.numberOrStringDecimal,
                let size = fill["size"]?.numberOrStringDecimal, price.sign > 0, size.sign > 0,
                let timeText = fill["trade_time"]?.string,
                let clock = DateTimeParsing.isoDateTime(String(timeText.prefix(19)))
            else {
                return .failure(
                    .malformed(
                        exchange: "coinbase", detail: "a fill without its id, product, side, price, size or time"))
            }
            let parts = product.split(separator: "-")
            guard parts.count == 2 else {
                // A derivative (`ADA-PERP-INTX`): a position, not an asset held; passed on by
                // name, so the sync refuses it with why and reads the rest.
                movements.append(
                    AccountMovement(
                        id: id, reference: id, time: Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC),
                        kind: .other("fill of \(product)"), asset: String(parts[0]), amount: size))
                continue
            }
            let inQuote = fill["size_in_quote"] == .bool(true)
            guard let base = inQuote ? size.divided(by: price, scale: 10)?.normalized : size,
                let quote = inQuote ? size : price * size
            else { return .failure(.malformed(exchange: "coinbase", detail: "a fill too large to price")) }
            let commission = fill["commission"]?.numberOrStringDecimal ?? .zero
            let buying = side == "BUY"
            let time = Instant(secondsSinceEpoch: clock.secondsSinceEpochAsUTC)
            movements.append(
                AccountMovement(
                    id: id + "/base", reference: id, time: time, kind: .trade, asset: String(parts[0]),
                    amount: buying ? base : base.negated))
            movements.append(
                AccountMovement(
                    id: id + "/quote", reference: id, time: time, kind: .trade, asset: String(parts[1]),
                    amount: buying ? quote.negated : quote, fee: commission))
        }
        let cursor = body["cursor"]?.string ?? ""
        return .success(
            AccountMovement.Page(movements: movements, next: fills.isEmpty || cursor.isEmpty ? nil : cursor))
    }
}
