import SquarestockCore
import SquarestockNetworking

/// `GET /products`: an unsorted array of `{id, base_currency, quote_currency, quote_increment,
/// base_increment, min_market_funds, status, trading_disabled, post_only, limit_only,
/// cancel_only, ...}`. Product ids are already `BASE-QUOTE`. Delisted products are included
/// (232 of 648 in 2024); `base_min_size` was removed in 2022.
package enum CoinbaseProductsDecoder {
    package static func listings(_ response: HTTPResponse) -> Result<[PairListing], QuoteError> {
        CoinbaseResponse.json(response, namesProduct: false).flatMap { body in
            guard let products = body.array else {
                return .failure(CoinbaseResponse.malformed("products is not a list"))
            }
            return .success(products.compactMap(listing))
        }
    }

    package static func listing(_ p: JSONValue) -> PairListing? {
        guard let id = p["id"]?.string, let pair = TradingPair(symbol: id) else { return nil }
        return PairListing(
            pair: pair, nativeName: id, status: status(p), tickSize: CoinbaseResponse.decimal(p["quote_increment"]),
            sizeIncrement: CoinbaseResponse.decimal(p["base_increment"]),
            minimumSize: CoinbaseResponse.decimal(p["base_min_size"]),
            minimumCost: CoinbaseResponse.decimal(p["min_market_funds"]))
    }

    /// `status` and the flags beside it, in the order that matters to a trader.
    package static func status(_ p: JSONValue) -> PairStatus {
        let status = p["status"]?.string ?? "online"
        guard status == "online" else { return PairStatus(wire: status) }
        if p["trading_disabled"] == .bool(true) { return .delisted }
        if p["cancel_only"] == .bool(true) { return .cancelOnly }
        if p["post_only"] == .bool(true) { return .postOnly }
        if p["limit_only"] == .bool(true) { return .limitOnly }
        return .online
    }
}
