import Foundation
import SquarestockCore

/// The vertical scale of a chart: the value range mapped onto the rows, and round tick values
/// (1, 2 or 5 times a power of ten) spaced far enough apart to be read.
///
/// Tick values are exact decimals built from integers (`k × m × 10^e`), so a label reads
/// `0.00015` or `97,500`, never `0.00015000000000000001`.
struct PriceScale {
    /// Bottom and top of the plotted range.
    let low: Double
    let high: Double
    /// Tick values within the range, lowest first.
    let ticks: [ExactDecimal]
    /// Digits after the point in every tick label.
    let decimals: Int

    /// Digits after the point for single prices (legend, markers): cents, or two more than the
    /// ticks on sub-cent scales so a 0.0000927 price keeps three significant digits.
    var priceDecimals: Int { decimals <= 2 ? 2 : min(decimals + 2, ExactDecimal.maxScale) }

    /// `rows` text rows (of any number of dot rows each) show `low...high`.
    static func make(low rawLow: Double, high rawHigh: Double, rows: Int) -> PriceScale {
        var low = rawLow
        var high = rawHigh
        if !(high > low) {
            // A flat series: centre it in a band of about 2% of its magnitude.
            let v = low.isFinite ? low : 0
            let unit = v == 0 ? 1 : pow(10, (log10(abs(v))).rounded(.down) - 2)
            low = v - unit
            high = v + unit
        }
        let span = high - low
        let usable = Double(max(rows - 1, 1))
        // Labels at least 2.5 rows apart (1.5 on tiny charts): dense enough to read values off.
        let minGap: Double = rows >= 8 ? 2.5 : 1.5
        // Steps from well below the span upwards, the first far enough apart wins.
        let startExponent = Int((log10(span)).rounded(.down)) - 3
        var chosen: (mantissa: Int64, exponent: Int)? = nil
        var candidates: [(Int64, Int)] = []
        search: for e in startExponent...(startExponent + 8) {
            for m in [Int64(1), 2, 5] {
                let step = Double(m) * pow(10, Double(e))
                candidates.append((m, e))
                if step / span * usable >= min(minGap, usable) {
                    chosen = (m, e)
                    break search
                }
            }
        }
        var (mantissa, exponent) = chosen ?? candidates.last!
        var ticks = tickValues(low: low, high: high, mantissa: mantissa, exponent: exponent)
        // Fewer than two ticks: a finer step, as long as ticks stay on separate rows.
        if ticks.count < 2, var i = candidates.firstIndex(where: { $0 == (mantissa, exponent) }) {
            while ticks.count < 2 && i > 0 {
                i -= 1
                let (m, e) = candidates[i]
                guard Double(m) * pow(10, Double(e)) / span * usable >= 1 else { break }
                (mantissa, exponent) = (m, e)
                ticks = tickValues(low: low, high: high, mantissa: m, exponent: e)
            }
        }
        // Money reads with cents, never with one decimal (`172.80`, not `172.8`).
        let decimals = max(0, -exponent)
        return PriceScale(low: low, high: high, ticks: ticks, decimals: decimals == 1 ? 2 : decimals)
    }

    /// Multiples of `m × 10^e` inside `low...high`, exactly.
    static func tickValues(low: Double, high: Double, mantissa m: Int64, exponent e: Int) -> [ExactDecimal] {
        let step = Double(m) * pow(10, Double(e))
        // A tiny tolerance so a tick sitting on an end is not lost to rounding.
        let eps = step * 1e-9
        let a = ((low - eps) / step).rounded(.up)
        let b = ((high + eps) / step).rounded(.down)
        // A span far below the values' own precision: no tick is worth printing.
        guard a.magnitude < 9e15, b.magnitude < 9e15 else { return [] }
        let first = Int64(a)
        let last = Int64(b)
        guard last >= first, last - first < 1000 else { return [] }
        var out: [ExactDecimal] = []
        for k in first...last {
            let (units, o1) = k.multipliedReportingOverflow(by: m)
            if o1 { continue }
            if e >= 0 {
                let (v, o2) = units.multipliedReportingOverflow(by: ExactDecimal.powerOfTen(e))
                if !o2 { out.append(ExactDecimal(significand: v, scale: 0)) }
            } else if -e <= ExactDecimal.maxScale {
                out.append(ExactDecimal(significand: units, scale: -e))
            }
        }
        return out
    }

    /// 0 at `low`, 1 at `high`.
    @inline(__always) func fraction(_ v: Double) -> Double {
        let f = (v - low) / (high - low)
        return f.isFinite ? min(max(f, 0), 1) : 0.5
    }

    /// Row (0 at the top) of `v` among `rows` rows.
    @inline(__always) func row(_ v: Double, rows: Int) -> Int {
        (rows - 1) - Int((fraction(v) * Double(rows - 1)).rounded())
    }
}
