import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/AssetPairs`: key → {altname, wsname, base, quote, pair_decimals, lot_decimals,
/// tick_size, ordermin, costmin, status, ...}. The pair is named from `wsname` (`XBT/USD`) when
/// there is one, else from the `base` and `quote` asset codes; dark-pool keys (`XXBTZUSD.d`) are
/// skipped (they cannot be quoted). `status` is absent in older answers: then online.
package enum KrakenAssetPairsDecoder {
    package static func listings(_ response: HTTPResponse) -> Result<[PairListing], QuoteError> {
        KrakenEnvelope.result(response).flatMap(listings(in:))
    }

    package static func listings(in result: JSONValue) -> Result<[PairListing], QuoteError> {
        KrakenEnvelope.members(result, "AssetPairs").map { members in
            members.compactMap { key, info in listing(key: key, info: info) }
        }
    }

    package static func listing(key: String, info: JSONValue) -> PairListing? {
        guard !key.hasSuffix(".d"), let pair = pair(info) else { return nil }
        let altname = info["altname"]?.string ?? key
        let lotDecimals = KrakenEnvelope.integer(info["lot_decimals"]).flatMap { (0...18).contains($0) ? Int($0) : nil }
        return PairListing(
            pair: pair, nativeName: altname, responseKey: key == altname ? nil : key,
            status: info["status"]?.string.map(PairStatus.init(wire:)) ?? .online,
            priceDecimals: KrakenEnvelope.integer(info["pair_decimals"]).flatMap {
                (0...18).contains($0) ? Int($0) : nil
            },
            tickSize: KrakenEnvelope.decimal(info["tick_size"]),
            sizeIncrement: lotDecimals.map { ExactDecimal(significand: 1, scale: $0) },
            minimumSize: KrakenEnvelope.decimal(info["ordermin"]),
            minimumCost: KrakenEnvelope.decimal(info["costmin"]))
    }

    /// `XBT/USD` → BTC-USD; else the asset codes (`XXBT`, `ZUSD`) without their prefixes.
    package static func pair(_ info: JSONValue) -> TradingPair? {
        if let ws = info["wsname"]?.string {
            let parts = ws.split(separator: "/")
            if parts.count == 2 {
                return validated(KrakenAssetNames.common(String(parts[0])), KrakenAssetNames.common(String(parts[1])))
            }
        }
        guard let base = info["base"]?.string, let quote = info["quote"]?.string else { return nil }
        return validated(KrakenAssetNames.common(base), KrakenAssetNames.common(quote))
    }

    /// Only names a user could type back (letters and digits).
    package static func validated(_ base: String, _ quote: String) -> TradingPair? {
        TradingPair(symbol: base + "-" + quote)
    }
}
