import Foundation

/// The money-weighted return: the one yearly rate r at which the owner's flows and the end value
/// balance, sum(c_k / (1 + r)^(t_k / 365)) = 0 with t_k the days since the period's start
/// (actual/365, as spreadsheets' XIRR). Solved for y = ln(1 + r) * T / 365 (the period's log
/// growth, T the period's days), where the sum is sum(c_k * exp(-y * t_k / T)): by Descartes'
/// rule for exponential sums it has at most as many roots as the flows, in date order, change
/// sign. The whole range of period growths from e^-60 to e^60 is scanned for sign changes and
/// each one bisected to the last bit, so the answer always converges or says why there is none:
/// flows that never change sign, flows on one day, or several rates that balance them.
public enum InternalRateOfReturn {
    /// A flow from the owner's side: negative paid in, positive taken out (the end value too).
    public struct Flow: Sendable, Equatable {
        public var day: Int
        public var amount: Double

        public init(day: Int, amount: Double) {
            self.day = day
            self.amount = amount
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// `period`: the return over the part of the period the money was in it, from its first
        /// flow to its last (the start value, else the first money paid in; the end value, else
        /// the last money taken out): a month's 5 % on money paid in a month before the end of a
        /// year is 5 %, not the year's 81 % that rate compounds to, and 10 % made in five days on
        /// money then taken out is 10 %, not 34,000 % over the ten months after; `annual`: r.
        case rate(period: Double, annual: Double)
        case noSolution(String)
        /// Rates (annual) that each balance the flows.
        case several([Double])
    }

    static let span = 60.0
    static let steps = 2400

    /// Same-day flows as one flow, in day order; a day whose flows cancel has none.
    static func merged(_ raw: [Flow]) -> [Flow] {
        var byDay: [Int: Double] = [:]
        for f in raw { byDay[f.day, default: 0] += f.amount }
        return byDay.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { Flow(day: $0.key, amount: $0.value) }
    }

    /// The day of the last of `raw`'s flows (the end value, else the last money taken out): where
    /// the period return of these flows ends, and of others compared with them (a benchmark
    /// given the same flows, which may keep units the portfolio sold).
    public static func lastFlowDay(_ raw: [Flow]) -> Int? { merged(raw).last?.day }

    /// Solves for flows over a period of `days` days (`Flow.day` counted from its start).
    /// `spanEnd`: the day the period return ends (the flows' own last day when nil).
    public static func solve(_ raw: [Flow], days: Int, spanEnd: Int? = nil) -> Outcome {
        let flows = merged(raw)
        guard days > 0 else { return .noSolution("the period has no length") }
        guard let firstDay = flows.first?.day, let lastDay = flows.last?.day else {
            return .noSolution("no money was in the portfolio and none moved in the period")
        }
        guard firstDay != lastDay else {
            return .noSolution("all the money moved on one day, so no rate over time balances it")
        }
        var changes = 0
        for k in 1..<flows.count where (flows[k].amount > 0) != (flows[k - 1].amount > 0) { changes += 1 }
        guard changes > 0 else {
            return .noSolution(
                flows[0].amount < 0
                    ? "money was only paid in and nothing is left, so no rate balances it"
                    : "money was only taken out, never paid in, so no rate balances it")
        }
        let length = Double(days)
        let taus = flows.map { Double($0.day) / length }
        let scale = flows.reduce(0) { max($0, abs($1.amount)) }
        let amounts = flows.map { $0.amount / scale }
        func f(_ y: Double) -> Double {
            var s = 0.0
            for k in amounts.indices { s += amounts[k] * exp(-y * taus[k]) }
            return s
        }
        var roots: [Double] = []
        var lo = -span
        var flo = f(lo)
        for step in 1...steps {
            let hi = -span + 2 * span * Double(step) / Double(steps)
            let fhi = f(hi)
            if flo == 0 {
                roots.append(lo)
            } else if (flo < 0) != (fhi < 0), fhi != 0 {
                roots.append(bisect(f, lo, hi, flo))
            }
            lo = hi
            flo = fhi
        }
        if flo == 0 { roots.append(lo) }
        func annual(_ y: Double) -> Double { expm1(y * 365 / length) }
        switch roots.count {
        case 0:
            return .noSolution("no yearly rate balances these flows")
        case 1:
            // A span that ends before these flows begin (a benchmark dates its purchase a day
            // after the portfolio's money) would be no span: their own last day then.
            let end = spanEnd.flatMap { $0 > firstDay ? $0 : nil } ?? lastDay
            return .rate(period: expm1(roots[0] * Double(end - firstDay) / length), annual: annual(roots[0]))
        default:
            return .several(roots.map(annual))
        }
    }

    /// A root of `f` in [a, b] where f(a) = fa and f(b) have opposite signs, halved until the
    /// interval has no Double between its ends.
    static func bisect(_ f: (Double) -> Double, _ a0: Double, _ b0: Double, _ fa0: Double) -> Double {
        var a = a0
        var b = b0
        var fa = fa0
        while true {
            let m = a + (b - a) / 2
            if m <= a || m >= b { return abs(fa) <= abs(f(b)) ? a : b }
            let fm = f(m)
            if fm == 0 { return m }
            if (fm < 0) == (fa < 0) {
                a = m
                fa = fm
            } else {
                b = m
            }
        }
    }
}
