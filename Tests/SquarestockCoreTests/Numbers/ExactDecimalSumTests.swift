import Testing

@testable import SquarestockCore

/// `ExactDecimal.sum`: every term counted. Exact while the total fits; its last decimals rounded
/// (never a term dropped) when the digits of the terms together do not; nil only when its
/// whole part does not fit.
struct ExactDecimalSumTests {
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    @Test func aTotalThatFitsIsExact() {
        #expect(ExactDecimal.sum([Self.d("0.1"), Self.d("0.2"), Self.d("-0.05")]) == Self.d("0.25"))
        #expect(ExactDecimal.sum([ExactDecimal]()) == .zero)
    }

    /// Kraken's balances (10 decimals) valued at a 5-decimal price: 104498.766 at 13 decimals
    /// and 4201.8 at 15 cannot be added at 15 decimals in 64 bits, and the old total left the
    /// second out.
    @Test func termsWithManyDecimalsAreAllCounted() {
        let values = ["104498.7660000000000", "4201.800000000000000", "25435.2100", "1200.00", "5.00"].map(Self.d)
        let total = ExactDecimal.sum(values)
        #expect(total.map { $0.rounded(toScale: 2) } == Self.d("135340.78"))
        // The pairwise sum the balances used to make (a failed `+` kept the total before it).
        let pairwise = values.reduce(ExactDecimal.zero) { ($0 + $1) ?? $0 }
        #expect(pairwise.rounded(toScale: 2) != Self.d("135340.78"))
    }

    @Test func digitsPastWhatFitsAreRoundedHalfAwayFromZero() {
        // 9e18 - 1 (scale 0) + 0.5: the exact total has 20 digits; rounded to 9e18.
        let total = ExactDecimal.sum([ExactDecimal(significand: 8_999_999_999_999_999_999), Self.d("0.5")])
        #expect(total == ExactDecimal(significand: 9_000_000_000_000_000_000))
        let negative = ExactDecimal.sum([ExactDecimal(significand: -8_999_999_999_999_999_999), Self.d("-0.5")])
        #expect(negative == ExactDecimal(significand: -9_000_000_000_000_000_000))
    }

    @Test func aWholePartTooLargeIsNil() {
        #expect(ExactDecimal.sum([ExactDecimal(significand: .max), ExactDecimal(significand: 1)]) == nil)
    }
}
