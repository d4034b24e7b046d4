/// Kraken's names for assets, and the common names users write.
///
/// Bitcoin is `XBT` and Dogecoin `XDG` in Kraken's altnames and REST wsnames; assets listed
/// before about 2019 carry an `X` (crypto) or `Z` (fiat) prefix in asset codes and pair keys
/// (`XXBT`, `ZUSD`, `XXBTZUSD`), newer ones none (`SOL`, `USDT`), and not even one asset is
/// consistent (`XDGUSD` and `XXDGXXBT` both exist). So prefixes are stripped only from the
/// codes known to carry them.
enum KrakenAssetNames {
    /// Kraken's own spelling → the common one.
    static let aliases = ["XBT": "BTC", "XDG": "DOGE"]

    /// Legacy four-letter codes with a one-letter prefix.
    static let prefixed: Set<String> = [
        "XXBT", "XETH", "XLTC", "XXRP", "XXMR", "XXDG", "XXLM", "XETC", "XZEC", "XREP", "XMLN", "XICN", "XNMC",
        "XXVN", "ZUSD", "ZEUR", "ZGBP", "ZJPY", "ZCAD", "ZAUD", "ZCHF", "ZKRW",
    ]

    /// `XXBT` → `BTC`, `ZUSD` → `USD`, `XBT` → `BTC`, `SOL` → `SOL`.
    static func common(_ code: String) -> String {
        let upper = code.uppercased()
        let bare = prefixed.contains(upper) ? String(upper.dropFirst()) : upper
        return aliases[bare] ?? bare
    }
}
