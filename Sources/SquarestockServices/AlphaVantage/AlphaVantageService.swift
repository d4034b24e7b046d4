/// Alpha Vantage: quotes and history with a free key.
package enum AlphaVantageService {
    package static let name = "alphavantage"
    package static let displayName = "Alpha Vantage"
    package static let entry = ServiceEntry(
        name: name, aliases: ["alpha-vantage"], displayName: displayName,
        quotes: { _, _ in AlphaVantageSource() })
}
