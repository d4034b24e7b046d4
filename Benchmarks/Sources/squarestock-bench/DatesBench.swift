import Foundation
import SquarestockCore

/// `dates`: wall clock to UTC in a named zone.
///
/// * default: sequential wall clocks (one a minute from 2000-01-01, so every DST edge of the
///   zone in the range, gaps and overlaps included) converted in bulk with
///   `WallClockConverter.convert`; then every answer is checked against
///   `ExchangeTimeZone.instant(for:)` (untimed) and the mismatches are printed.
/// * `--text`: `yyyy-MM-dd HH:mm:ss` strings parsed and converted one by one.
/// * `--foundation`: the same strings through Foundation's `DateFormatter` (the peer).
enum DatesBench {
    static func run(_ o: Options) {
        let zoneID = o.values["zone"] ?? "Europe/Warsaw"
        let zone = try! ExchangeTimeZone(identifier: zoneID)
        let start = CivilDateTime(year: 2000, month: 1, day: 1).secondsSinceEpochAsUTC
        let step = Int64(o.int("step", 60))
        let reps = o.int("reps", 5)
        if o.flags.contains("foundation") || o.flags.contains("text") {
            let n = o.int("count", o.flags.contains("foundation") ? 100_000 : 5_000_000)
            // Fixed-width lines `yyyy-MM-dd HH:mm:ss\n`.
            var text = ByteWriter()
            text.bytes.reserveCapacity(n * 20)
            for i in 0..<n {
                let w = CivilDateTime(secondsSinceEpochUTC: start + Int64(i) * step)
                text.string(w.description)
                text.byte(10)
            }
            var times: [Double] = []
            var check: Int64 = 0
            if o.flags.contains("foundation") {
                let f = DateFormatter()
                f.locale = Locale(identifier: "en_US_POSIX")
                f.timeZone = TimeZone(identifier: zoneID)
                f.dateFormat = "yyyy-MM-dd HH:mm:ss"
                let strings = (0..<n).map { i in String(decoding: text.bytes[(i * 20)..<(i * 20 + 19)], as: UTF8.self) }
                for _ in 0..<reps {
                    let t0 = now()
                    for s in strings { check &+= Int64(f.date(from: s)?.timeIntervalSince1970 ?? 0) }
                    times.append(now() - t0)
                }
            } else {
                for _ in 0..<reps {
                    var converter = zone.wallClockConverter()
                    let t0 = now()
                    text.bytes.withUnsafeBytes { raw in
                        for i in 0..<n {
                            let field = UnsafeRawBufferPointer(rebasing: raw[(i * 20)..<(i * 20 + 19)])
                            if let w = DateTimeParsing.isoDateTime(field) {
                                check &+= converter.instant(forWallSeconds: w.secondsSinceEpochAsUTC)
                            }
                        }
                    }
                    times.append(now() - t0)
                }
            }
            let s = median(times)
            print("values=\(n) seconds=\(fmt(s, 6)) per_second=\(fmt(Double(n) / s, 0)) checksum=\(check)")
            return
        }
        let n = o.int("count", 20_000_000)
        var walls = [Int64](repeating: 0, count: n)
        for i in 0..<n { walls[i] = start + Int64(i) * step }
        var out = [Int64](repeating: 0, count: n)
        // Timed in slices of 64 Ki values, each converted while it is in cache, as bars are when a
        // parser converts them as it goes; `--stream` times the whole array in one call instead.
        let slice = o.flags.contains("stream") ? n : 65_536
        var times: [Double] = []
        var lookups = 0
        for _ in 0..<reps {
            var converter = zone.wallClockConverter()
            var total = 0.0
            walls.withUnsafeBufferPointer { w in
                out.withUnsafeMutableBufferPointer { o in
                    var i = 0
                    while i < n {
                        let m = min(slice, n - i)
                        let src = UnsafeBufferPointer(rebasing: w[i..<(i + m)])
                        let dst = UnsafeMutableBufferPointer(rebasing: o[i..<(i + m)])
                        // Bring the slice into cache (untimed), then convert it.
                        var touch: Int64 = 0
                        if slice != n {
                            for v in src { touch &+= v }
                            dst[0] = touch
                        }
                        let t0 = now()
                        converter.convert(src, into: dst)
                        total += now() - t0
                        i += m
                    }
                }
            }
            times.append(total)
            lookups = converter.intervalLookups
        }
        // Correctness on every value, DST edges included (untimed).
        var mismatches = 0
        var edges = 0
        for i in 0..<n {
            let expected = zone.instant(for: CivilDateTime(secondsSinceEpochUTC: walls[i])).secondsSinceEpoch
            if out[i] != expected { mismatches += 1 }
            if i > 0 && out[i] - out[i - 1] != step { edges += 1 }
        }
        let s = median(times)
        let last = CivilDateTime(secondsSinceEpochUTC: walls[n - 1])
        print(
            "values=\(n) seconds=\(fmt(s, 6)) per_second=\(fmt(Double(n) / s, 0)) zone=\(zoneID) through=\(last.date) icu_interval_lookups=\(lookups) dst_edge_values=\(edges) mismatches=\(mismatches)"
        )
        if mismatches != 0 { exit(1) }
    }
}
