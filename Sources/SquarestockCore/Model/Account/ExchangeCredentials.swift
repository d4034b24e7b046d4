/// An exchange key and its secret (Kraken: API key and base64 private key; Coinbase: key name
/// and EC private key in PEM; TradeOgre: key and secret). Printing one never shows either part:
/// `description` and `debugDescription` are fixed text, so a stray interpolation or a crash
/// report cannot leak them.
public struct ExchangeCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var key: String
    public var secret: String

    public init(key: String, secret: String) {
        self.key = key
        self.secret = secret
    }

    public var description: String { "ExchangeCredentials(REDACTED)" }
    public var debugDescription: String { description }
}
