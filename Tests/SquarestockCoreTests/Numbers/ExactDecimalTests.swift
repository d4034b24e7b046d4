import Foundation
import Testing

@testable import SquarestockCore

struct ExactDecimalTests {
    @Test(arguments: ["300.46", "35.00", "-0.71", "0.100763", "97676041.83885", "0", "269.70001220703125", "-0.0613"])
    func printsExactlyWhatWasParsed(_ text: String) {
        #expect(ExactDecimal(text)?.description == text)
    }

    @Test func plusSignAndLeadingZerosAreDropped() {
        #expect(ExactDecimal("+0.50")?.description == "0.50")
        #expect(ExactDecimal("007")?.description == "7")
        #expect(ExactDecimal(".5")?.description == "0.5")
    }

    @Test func exponentsAreExact() {
        #expect(ExactDecimal("1.5e2")?.description == "150")
        #expect(ExactDecimal("1.25E-3")?.description == "0.00125")
        #expect(ExactDecimal("1e")?.description == nil)
    }

    @Test(arguments: ["", "-", ".", "1.2.3", "abc", "1,5", "12345678901234567890", "1e99"])
    func rejects(_ text: String) {
        #expect(ExactDecimal(text) == nil)
    }

    @Test func arithmeticIsExact() {
        let a = ExactDecimal("0.1")!
        let b = ExactDecimal("0.2")!
        #expect((a + b)! == ExactDecimal("0.3")!)
        #expect((ExactDecimal("300.63")! - ExactDecimal("297.56")!)!.description == "3.07")
        #expect((ExactDecimal("268.835")! - ExactDecimal("269.0")!)!.description == "-0.165")
        #expect((ExactDecimal("1.5")! * ExactDecimal("2.25")!)!.description == "3.375")
    }

    @Test func divisionRoundsHalfAwayFromZero() {
        #expect(ExactDecimal("3.07")!.divided(by: ExactDecimal("297.56")!, scale: 6)?.description == "0.010317")
        #expect(ExactDecimal("-1")!.divided(by: ExactDecimal("8")!, scale: 2)?.description == "-0.13")
        #expect(ExactDecimal("1")!.divided(by: ExactDecimal("0")!, scale: 2) == nil)
        #expect(ExactDecimal("1")!.divided(by: ExactDecimal("3")!, scale: 18)?.description == "0.333333333333333333")
        #expect(ExactDecimal("-2")!.divided(by: ExactDecimal("3")!, scale: 18)?.description == "-0.666666666666666667")
    }

    /// Once a trap (quote-render fuzzing): a change percent of 298768753006175000 over a previous
    /// close of 0.17687530061750000 scaled the numerator by 10^21, past Int128.
    @Test func divisionTooLargeForInt128IsNilNotATrap() {
        #expect(ExactDecimal("298768753006175000")!.divided(by: ExactDecimal(".17687530061750000")!, scale: 4) == nil)
        let extremes: [Int64] = [.max, -.max, 1, -1, 999_999_999_999_999_999, 5]
        for a in extremes {
            for b in extremes {
                for sa in [0, 9, 18] {
                    for sb in [0, 9, 18] {
                        for rs in [0, 4, 18] {
                            let x = ExactDecimal(significand: a, scale: sa)
                            let y = ExactDecimal(significand: b, scale: sb)
                            guard let q = x.divided(by: y, scale: rs) else {
                                // nil only when the quotient cannot be held at this scale.
                                #expect(
                                    abs(x.doubleValue / y.doubleValue) * pow(10, Double(rs)) > 9.2e18,
                                    "\(x) / \(y) at \(rs)")
                                continue
                            }
                            let expected = x.doubleValue / y.doubleValue
                            #expect(
                                abs(q.doubleValue - expected)
                                    <= max(abs(expected) * 1e-12, pow(10, -Double(rs)) * 0.5000001),
                                "\(x) / \(y) at \(rs) gave \(q)")
                        }
                    }
                }
            }
        }
    }

    @Test func comparisonAndEqualityIgnoreScale() {
        #expect(ExactDecimal("1.50")! == ExactDecimal("1.5")!)
        #expect(ExactDecimal("1.49")! < ExactDecimal("1.5")!)
        #expect(ExactDecimal("-2")! < ExactDecimal("-1.99")!)
        #expect(Set([ExactDecimal("1.50")!, ExactDecimal("1.5")!]).count == 1)
    }

    @Test func rounding() {
        #expect(ExactDecimal("268.835")!.rounded(toScale: 2).description == "268.84")
        #expect(ExactDecimal("-268.835")!.rounded(toScale: 2).description == "-268.84")
        #expect(ExactDecimal("0.004")!.rounded(toScale: 2).description == "0.00")
        #expect(ExactDecimal("2")!.rescaled(to: 2)?.description == "2.00")
    }

    @Test func overflowIsNilNotATrap() {
        let big = ExactDecimal(significand: Int64.max, scale: 0)
        #expect((big + ExactDecimal(1)) == nil)
        #expect((big * ExactDecimal(2)) == nil)
    }
}
