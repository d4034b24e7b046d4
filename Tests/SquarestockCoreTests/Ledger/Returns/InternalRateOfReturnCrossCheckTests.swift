import Foundation
import TestSupport
import Testing

@testable import SquarestockCore

/// The money-weighted return against an independent implementation: 200 seeded cases (money
/// paid in on random days over up to six years, some taken out, a value at the end; one sign
/// change, so one answer) solved by `Tests/Fixtures/returns/xirr_crosscheck.py` (scipy's
/// `brentq` on r, or its own bisection where scipy is missing), to 1e-6.
struct InternalRateOfReturnCrossCheckTests {
    @Test func agreesWithAnIndependentSolver() throws {
        var random = SeededRandom(seed: 31)
        var cases: [(flows: [InternalRateOfReturn.Flow], days: Int)] = []
        for _ in 0..<200 {
            let days = 30 + random.below(6 * 365)
            var flows: [InternalRateOfReturn.Flow] = []
            var paid = 0.0
            for _ in 0..<(1 + random.below(12)) {
                let amount = Double(100 + random.below(1_000_000)) / 100
                flows.append(.init(day: random.below(days / 2), amount: -amount))
                paid += amount
            }
            // An end value from a 90 % loss to a 300 % gain on what was paid.
            let end = paid * (0.1 + Double(random.below(3_000)) / 1_000)
            flows.append(.init(day: days, amount: (end * 100).rounded() / 100))
            cases.append((flows, days))
        }
        let input = cases.map { c in
            "{\"flows\": [" + c.flows.map { "[\($0.day), \($0.amount)]" }.joined(separator: ", ") + "]}"
        }.joined(separator: "\n")
        let theirs = try Self.python(input).split(separator: "\n").map { Double($0)! }
        #expect(theirs.count == cases.count)
        for (c, their) in zip(cases, theirs) {
            guard case .rate(_, let ours) = InternalRateOfReturn.solve(c.flows, days: c.days) else {
                Issue.record("no rate for \(c.flows)")
                continue
            }
            #expect(abs(ours - their) <= 1e-6 * max(1, abs(their)), "ours \(ours), theirs \(their): \(c.flows)")
        }
    }

    static func python(_ input: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Fixture.testsDirectory + "/Fixtures/returns/xirr_crosscheck.py"]
        let stdin = Pipe()
        let stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        try p.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return String(decoding: out, as: UTF8.self)
    }
}
