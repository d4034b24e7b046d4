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

    /// A price the legacy CSV services printed from a 32-bit float to six decimals, trailing
    /// zeros dropped (`650.900024` for 650.9, `782.72998` for 782.73, `94807.6875` for
    /// 94807.69): the float's shortest text when the float, printed to six decimals, is the
    /// number sent. Any other number (more decimals, a price the float does not give back) is
    /// kept as sent, and so is one of 131072 or more, where a float holds no cents.
    static func fromSixDecimals(_ d: ExactDecimal) -> ExactDecimal {
        guard (1...6).contains(d.scale), d.significand.magnitude < 1 << 53 else { return d }
        let f = Float(d.doubleValue)
        // A float has 24 significant bits and 10^6 needs 20, so the product is exact in a
        // double. The service's print rounded it to the sixth decimal, ties either way (C
        // rounds a tie to even, `rounded()` away from zero): within half a unit of the text.
        guard f.isFinite, f.magnitude < 131_072, let sixth = d.rescaled(to: 6),
            (Double(f) * 1_000_000 - Double(sixth.significand)).magnitude <= 0.5
        else { return d }
        let short = f.description
        guard !short.contains("e"), let shortened = ExactDecimal(short), shortened.scale < d.scale else { return d }
        return shortened
    }
}
