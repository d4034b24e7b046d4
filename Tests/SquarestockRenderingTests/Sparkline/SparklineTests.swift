import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// One sparkline layout, written the way a reader checks it: the text in both styles, plus one
/// direction mark per column (`+` up, `-` down, `=` flat, space for a gap).
struct SparklineCase: Sendable, CustomTestStringConvertible {
    var name: String
    var points: [(Int64, Double)]
    var window: ClosedRange<Int64>? = nil
    var baseline: Double? = nil
    var width: Int
    var unicode: String
    var ascii: String
    var directions: String

    var testDescription: String { name }
}

private let t0: Int64 = 1_761_744_600  // 2025-10-29T13:30:00Z, a NYSE open

private func instant(_ seconds: Int64) -> Instant { Instant(secondsSinceEpoch: seconds) }

private func render(_ c: SparklineCase) -> SparklineOutcome {
    Sparkline.render(
        points: c.points.map { SparklinePoint(time: instant(t0 + $0.0), value: $0.1) },
        window: c.window.map { instant(t0 + $0.lowerBound)...instant(t0 + $0.upperBound) },
        baseline: c.baseline,
        width: c.width
    )
}

private func directionMarks(_ cells: [SparkCell]) -> String {
    String(
        cells.map { cell -> Character in
            switch cell {
            case .gap: return " "
            case .level(_, .up): return "+"
            case .level(_, .down): return "-"
            case .level(_, .flat): return "="
            }
        })
}

@Suite("Sparkline layout")
struct SparklineTests {
    static let cases: [SparklineCase] = [
        SparklineCase(
            name: "rising, no baseline: all flat-coloured",
            points: [(0, 1), (60, 2), (120, 3), (180, 4)], width: 4,
            unicode: "▁▃▆█", ascii: "_,=\"", directions: "===="),
        SparklineCase(
            name: "falling through the previous close",
            points: [(0, 4), (60, 3), (120, 2), (180, 1)], baseline: 2.5, width: 4,
            unicode: "█▆▃▁", ascii: "\"=,_", directions: "++--"),
        SparklineCase(
            name: "flat series sits at the middle level 3",
            points: [(0, 5), (60, 5), (120, 5)], width: 3,
            unicode: "▄▄▄", ascii: "---", directions: "==="),
        SparklineCase(
            name: "flat series equal to the baseline",
            points: [(0, 5), (60, 5), (120, 5)], baseline: 5, width: 3,
            unicode: "▄▄▄", ascii: "---", directions: "==="),
        SparklineCase(
            name: "flat series above the baseline is at the top",
            points: [(0, 5), (60, 5), (120, 5)], baseline: 4, width: 3,
            unicode: "███", ascii: "\"\"\"", directions: "+++"),
        SparklineCase(
            name: "baseline outside the data widens the scale",
            points: [(0, 10), (60, 11)], baseline: 12, width: 2,
            unicode: "▁▅", ascii: "_~", directions: "--"),
        SparklineCase(
            name: "single point, no window: slice 0",
            points: [(30, 7)], width: 5,
            unicode: "▄    ", ascii: "-    ", directions: "=    "),
        SparklineCase(
            name: "single point placed by time inside the window",
            points: [(30, 10)], window: 0...120, baseline: 9, width: 4,
            unicode: " █  ", ascii: " \"  ", directions: " +  "),
        SparklineCase(
            name: "missing bars in the middle stay gaps",
            points: [(0, 1), (100, 2), (400, 3), (500, 4)], window: 0...600, baseline: 2.5, width: 6,
            unicode: "▁▃  ▆█", ascii: "_,  =\"", directions: "--  ++"),
        SparklineCase(
            name: "session in progress: the rest stays empty",
            points: [(0, 10), (100, 11), (200, 12)], window: 0...600, baseline: 11, width: 6,
            unicode: "▁▅█   ", ascii: "_~\"   ", directions: "-=+   "),
        SparklineCase(
            name: "points outside the window widen it",
            points: [(0, 1), (200, 2), (400, 3)], window: 100...300, width: 4,
            unicode: "▁ ▅█", ascii: "_ ~\"", directions: "= =="),
        SparklineCase(
            name: "NaN and infinities are absent, even for the time range",
            points: [(0, 1), (90, -.infinity), (120, .nan), (180, 4), (1000, .nan)], width: 4,
            unicode: "▁  █", ascii: "_  \"", directions: "=  ="),
        SparklineCase(
            name: "several points in a slice: the latest wins, whatever the input order",
            points: [(150, 3), (0, 5), (399, 4), (50, 1), (200, 9)], window: 0...400, width: 2,
            unicode: "▁█", ascii: "_\"", directions: "=="),
        SparklineCase(
            name: "equal times: the one given last wins",
            points: [(0, 1), (60, 9), (60, 2)], width: 2,
            unicode: "▁█", ascii: "_\"", directions: "=="),
        SparklineCase(
            name: "unsorted input is placed by time",
            points: [(180, 4), (0, 1), (120, 3), (60, 2)], width: 4,
            unicode: "▁▃▆█", ascii: "_,=\"", directions: "===="),
        SparklineCase(
            name: "eight evenly spaced values use all eight levels",
            points: (0..<8).map { (Int64($0) * 10, Double($0)) }, width: 8,
            unicode: "▁▂▃▄▅▆▇█", ascii: "_.,-~=^\"", directions: "========"),
    ]

    @Test(arguments: cases)
    func layout(_ c: SparklineCase) throws {
        guard case .rendered(let rendering) = render(c) else {
            Issue.record("expected a rendering, got noData")
            return
        }
        #expect(rendering.cells.count == c.width)
        #expect(rendering.text(style: .unicode, palette: .plain) == c.unicode)
        #expect(rendering.text(style: .ascii, palette: .plain) == c.ascii)
        #expect(directionMarks(rendering.cells) == c.directions)
    }

    static let noDataCases: [SparklineCase] = [
        SparklineCase(name: "no points", points: [], width: 10, unicode: "", ascii: "", directions: ""),
        SparklineCase(
            name: "no points, window given", points: [], window: 0...600, width: 10,
            unicode: "", ascii: "", directions: ""),
        SparklineCase(
            name: "only NaN and infinity", points: [(0, .nan), (60, .infinity)], width: 10,
            unicode: "", ascii: "", directions: ""),
        SparklineCase(name: "width 0", points: [(0, 1)], width: 0, unicode: "", ascii: "", directions: ""),
        SparklineCase(name: "negative width", points: [(0, 1)], width: -3, unicode: "", ascii: "", directions: ""),
    ]

    @Test(arguments: noDataCases)
    func noData(_ c: SparklineCase) {
        #expect(render(c) == .noData)
    }

    @Test func levelsAndDirectionsAreExposedAsCells() {
        let outcome = Sparkline.render(
            points: [SparklinePoint(time: instant(t0), value: 99), SparklinePoint(time: instant(t0 + 60), value: 101)],
            window: nil, baseline: 100, width: 3)
        #expect(outcome == .rendered(SparklineRendering(cells: [.level(0, .down), .gap, .level(7, .up)])))
    }

    @Test func extremeInstantsDoNotOverflow() {
        let outcome = Sparkline.render(
            points: [
                SparklinePoint(time: Instant(secondsSinceEpoch: .min), value: 1),
                SparklinePoint(time: Instant(secondsSinceEpoch: .max), value: 2),
            ],
            window: nil, baseline: nil, width: 3)
        #expect(outcome == .rendered(SparklineRendering(cells: [.level(0, .flat), .gap, .level(7, .flat)])))
    }

    @Test func hugeValuesDoNotOverflowTheScale() {
        let big = Double.greatestFiniteMagnitude
        let outcome = Sparkline.render(
            points: [
                SparklinePoint(time: instant(t0), value: -big), SparklinePoint(time: instant(t0 + 1), value: big),
            ],
            window: nil, baseline: 0, width: 2)
        #expect(outcome == .rendered(SparklineRendering(cells: [.level(0, .down), .level(7, .up)])))
    }

    @Test func fullSessionOfMinuteBarsFillsEveryColumn() throws {
        // NYSE regular session, 6.5 h of one-minute bars, in a 200-column chart.
        let points = (0..<390).map { SparklinePoint(time: instant(t0 + Int64($0) * 60), value: Double($0 % 17)) }
        let outcome = Sparkline.render(
            points: points, window: instant(t0)...instant(t0 + 23_400), baseline: 8, width: 200)
        guard case .rendered(let rendering) = outcome else {
            Issue.record("expected a rendering")
            return
        }
        #expect(rendering.cells.count == 200)
        #expect(!rendering.cells.contains(.gap))
    }

    @Test func halfSessionLeavesTheRightHalfEmpty() throws {
        let points = (0..<195).map { SparklinePoint(time: instant(t0 + Int64($0) * 60), value: 100 + Double($0 % 5)) }
        let outcome = Sparkline.render(
            points: points, window: instant(t0)...instant(t0 + 23_400), baseline: 101, width: 100)
        guard case .rendered(let rendering) = outcome else {
            Issue.record("expected a rendering")
            return
        }
        #expect(!rendering.cells[0..<50].contains(.gap))
        #expect(rendering.cells[50...].allSatisfy { $0 == .gap })
        #expect(rendering.text(style: .unicode, palette: .plain).hasSuffix(String(repeating: " ", count: 50)))
    }
}

/// More cells than bars: the cells between two consecutive bars show the earlier one, and only a
/// real hole in the data stays a gap.
struct SparklineWideTests {
    @Test func wideWindowsShowNoFalseHoles() {
        let start = Instant(secondsSinceEpoch: 1_761_744_600)
        var points = (0..<40).map {
            SparklinePoint(time: start.adding(seconds: Int64($0) * 300), value: Double($0 % 7))
        }
        let window = start...start.adding(seconds: 39 * 300)
        guard case .rendered(let wide) = Sparkline.render(points: points, window: window, baseline: nil, width: 160)
        else {
            Issue.record("not rendered")
            return
        }
        #expect(!wide.cells.contains(.gap), "\(wide.cells)")
        // An hour missing in the middle stays a gap.
        points.removeAll { $0.time > start.adding(seconds: 15 * 300) && $0.time < start.adding(seconds: 28 * 300) }
        guard case .rendered(let holed) = Sparkline.render(points: points, window: window, baseline: nil, width: 160)
        else { return }
        #expect(holed.cells.contains(.gap))
        #expect(holed.cells.first != .gap && holed.cells.last != .gap)
    }
}
