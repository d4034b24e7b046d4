import SquarestockCore

/// Yahoo keeps a chart's prices as 32-bit floats and prints them as 64-bit ones: 254.56 arrives
/// as `254.55999755859375`, 255.46 as `255.4600067138672`. Those digits were never a price, and
/// JSON and CSV must not carry them as exact values. A number whose double is exactly a float's
/// is taken as that float's shortest text (`254.56`); any other number is kept as sent.
enum YahooFloatPrice {
    /// Below this many characters a number is as short as a float's text already.
    static let shortEnough = 10

    static func decimal(_ value: JSONValue?) -> ExactDecimal? {
        guard case .number(let text)? = value else { return nil }
        guard text.utf8.count > shortEnough, let d = Double(text), d.isFinite else { return ExactDecimal(text) }
        let f = Float(d)
        guard f.isFinite, Double(f) == d else { return ExactDecimal(text) }
        let short = f.description
        guard !short.contains("e"), let shortened = ExactDecimal(short) else { return ExactDecimal(text) }
        return shortened
    }
}
