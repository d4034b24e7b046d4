import TestSupport
import Testing

@testable import SquarestockCore

/// `MinorUnits.amount` rounds a product that fits in 64 bits by a 64-bit division; it must give
/// what the 128-bit path gives for every product, ties (half away from zero) and signs included.
struct MinorUnitsAmountTests {
    static func oracle(_ q: ExactDecimal, _ p: ExactDecimal, _ exponent: Int) -> Int64? {
        MinorUnits.rescale(
            Int128(q.significand) * Int128(p.significand), fromScale: q.scale + p.scale, toScale: exponent)
    }

    @Test func tiesRoundAwayFromZero() {
        // 1 x 0.125 to cents: 12.5 cents is 13; -0.125 is -13; 0.124 is 12.
        #expect(MinorUnits.amount(quantity: ExactDecimal(1), price: ExactDecimal("0.125")!, exponent: 2) == 13)
        #expect(MinorUnits.amount(quantity: ExactDecimal(-1), price: ExactDecimal("0.125")!, exponent: 2) == -13)
        #expect(MinorUnits.amount(quantity: ExactDecimal(1), price: ExactDecimal("0.124")!, exponent: 2) == 12)
        #expect(MinorUnits.amount(quantity: ExactDecimal("2.5")!, price: ExactDecimal("0.3")!, exponent: 0) == 1)
    }

    @Test func the64BitPathAgreesWithThe128BitOne() {
        var g = SeededRandom(seed: 64)
        for _ in 0..<200_000 {
            let magnitude = Int64.random(in: 1...18, using: &g)
            let bound = ExactDecimal.powerOfTen(Int(magnitude))
            let q = ExactDecimal(
                significand: Int64.random(in: -bound...bound, using: &g), scale: Int.random(in: 0...8, using: &g))
            let p = ExactDecimal(
                significand: Int64.random(in: -999_999_999...999_999_999, using: &g),
                scale: Int.random(in: 0...10, using: &g))
            let exponent = Int.random(in: 0...3, using: &g)
            let got = MinorUnits.amount(quantity: q, price: p, exponent: exponent)
            let want = Self.oracle(q, p, exponent)
            #expect(got == want, "\(q) x \(p) to \(exponent) digits")
            if got != want { return }
        }
    }
}
