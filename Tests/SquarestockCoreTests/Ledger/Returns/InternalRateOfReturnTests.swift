import Foundation
import Testing

@testable import SquarestockCore

/// The money-weighted return's solver on flows with known answers, and on flows that have none
/// or several (it must say so, never return a number).
struct InternalRateOfReturnTests {
    typealias Flow = InternalRateOfReturn.Flow

    static func annual(_ o: InternalRateOfReturn.Outcome) -> Double? {
        if case .rate(_, let annual) = o { return annual }
        return nil
    }

    @Test func aYearAtTenPercent() {
        let o = InternalRateOfReturn.solve([Flow(day: 0, amount: -1000), Flow(day: 365, amount: 1100)], days: 365)
        guard case .rate(let period, let annual) = o else {
            Issue.record("\(o)")
            return
        }
        #expect(abs(annual - 0.10) < 1e-12)
        #expect(abs(period - 0.10) < 1e-12)
    }

    /// The example of spreadsheets' XIRR documentation: 2008-01-01 -10,000; 2008-03-01 2,750;
    /// 2008-10-30 4,250; 2009-02-15 3,250; 2009-04-01 2,750, whose answer is 0.373362535.
    @Test func theSpreadsheetExample() {
        let start = CivilDate(year: 2008, month: 1, day: 1)
        func day(_ y: Int, _ m: Int, _ d: Int) -> Int {
            Int(CivilDate(year: y, month: m, day: d).daysSinceEpoch - start.daysSinceEpoch)
        }
        let flows = [
            Flow(day: 0, amount: -10000), Flow(day: day(2008, 3, 1), amount: 2750),
            Flow(day: day(2008, 10, 30), amount: 4250), Flow(day: day(2009, 2, 15), amount: 3250),
            Flow(day: day(2009, 4, 1), amount: 2750),
        ]
        let annual = Self.annual(InternalRateOfReturn.solve(flows, days: day(2009, 4, 1)))
        #expect(annual.map { abs($0 - 0.373362535) < 1e-8 } == true, "\(String(describing: annual))")
    }

    @Test func flowsOnTheSameDayAreOne() {
        let split = InternalRateOfReturn.solve(
            [Flow(day: 0, amount: -600), Flow(day: 0, amount: -400), Flow(day: 200, amount: 1080)], days: 200)
        let joined = InternalRateOfReturn.solve([Flow(day: 0, amount: -1000), Flow(day: 200, amount: 1080)], days: 200)
        #expect(split == joined)
        guard case .rate(let period, _) = joined else {
            Issue.record("\(joined)")
            return
        }
        #expect(abs(period - 0.08) < 1e-12)
    }

    /// Money paid in a month before the period's end and 5 % up at it: the period's return is
    /// the money's 5 %, not the rate compounded over the eleven months before it came in.
    @Test func thePeriodReturnCountsFromTheFirstMoney() {
        let o = InternalRateOfReturn.solve([Flow(day: 335, amount: -1000), Flow(day: 365, amount: 1050)], days: 365)
        guard case .rate(let period, let annual) = o else {
            Issue.record("\(o)")
            return
        }
        #expect(abs(period - 0.05) < 1e-12)
        #expect(abs(annual - (pow(1.05, 365.0 / 30) - 1)) < 1e-9)
    }

    @Test func noSolutionIsSaidWithItsReason() {
        let allIn = InternalRateOfReturn.solve([Flow(day: 0, amount: -100), Flow(day: 30, amount: -50)], days: 60)
        guard case .noSolution(let why) = allIn else {
            Issue.record("\(allIn)")
            return
        }
        #expect(why.contains("only paid in"))
        let oneDay = InternalRateOfReturn.solve([Flow(day: 5, amount: -100), Flow(day: 5, amount: 90)], days: 5)
        guard case .noSolution(let sameDay) = oneDay else {
            Issue.record("\(oneDay)")
            return
        }
        #expect(sameDay.contains("one day"))
    }

    /// -100, +230, -132 a year apart: both 10 % and 20 % balance them (Descartes allows two
    /// roots: the signs change twice), so there is no single money-weighted return.
    @Test func severalRatesAreNamed() {
        let o = InternalRateOfReturn.solve(
            [Flow(day: 0, amount: -100), Flow(day: 365, amount: 230), Flow(day: 730, amount: -132)], days: 730)
        guard case .several(let rates) = o else {
            Issue.record("\(o)")
            return
        }
        #expect(rates.count == 2)
        #expect(abs(rates[0] - 0.10) < 1e-9 && abs(rates[1] - 0.20) < 1e-9, "\(rates)")
    }

    @Test func aLossOfNearlyEverythingStillConverges() {
        let o = InternalRateOfReturn.solve([Flow(day: 0, amount: -1_000_000), Flow(day: 30, amount: 1)], days: 30)
        guard case .rate(let period, _) = o else {
            Issue.record("\(o)")
            return
        }
        #expect(abs(period - (-0.999999)) < 1e-12)
    }
}
