import SquarestockCore

/// `gen`: the deterministic data sets (same seed, same bytes on every machine).
///
/// * `intraday-lf.csv`: Stooq-style `Date,Time,Open,High,Low,Close,Volume`, 5-minute bars of a
///   market open around the clock, printed as Europe/Warsaw wall clock (so the file crosses every
///   DST edge: spring-forward hours are missing, fall-back hours appear twice), LF endings.
/// * `intraday-crlf-bom.csv`: the same rows with a UTF-8 BOM and CRLF endings.
/// * `yahoo-quotes.csv`: legacy quotes.csv lines (`f=sl1d1t1c1ohgv`): quoted symbol, date
///   (`M/d/yyyy`) and 12-hour time, bare numbers, about 2% `N/A` numbers and 1% `"N/A"` dates.
/// * `*-head.csv`: the first tenth of a file, for peers too slow for the whole file.
enum Generate {
    static func run(_ o: Options) {
        guard let dir = o.values["out"] else { fail("gen needs --out DIR") }
        let rows = o.int("rows", 1_500_000)
        let yahooLines = o.int("yahoo-lines", 1_000_000)
        let seed = UInt64(o.int("seed", 20_260_101))
        let zone = try! ExchangeTimeZone(identifier: "Europe/Warsaw")

        var rng = SplitMix64(seed: seed)
        var lf = ByteWriter()
        lf.bytes.reserveCapacity(rows * 56)
        lf.text("Date,Time,Open,High,Low,Close,Volume\n")
        var headEnd = 0
        // 2011-01-03T00:00:00Z onwards.
        var t = CivilDateTime(year: 2011, month: 1, day: 3).secondsSinceEpochAsUTC
        var cents = 25_000
        for r in 0..<rows {
            let wall = zone.localDateTime(at: Instant(secondsSinceEpoch: t))
            lf.digits(wall.date.year, width: 4)
            lf.byte(45)
            lf.digits(wall.date.month, width: 2)
            lf.byte(45)
            lf.digits(wall.date.day, width: 2)
            lf.byte(44)
            lf.digits(wall.hour, width: 2)
            lf.byte(58)
            lf.digits(wall.minute, width: 2)
            lf.byte(58)
            lf.digits(wall.second, width: 2)
            let open = cents
            var high = open
            var low = open
            var close = open
            for _ in 0..<4 {
                close = max(100, close + Int(rng.below(41)) - 20)
                high = max(high, close)
                low = min(low, close)
            }
            cents = close
            lf.byte(44)
            lf.price(cents: open)
            lf.byte(44)
            lf.price(cents: high)
            lf.byte(44)
            lf.price(cents: low)
            lf.byte(44)
            lf.price(cents: close)
            lf.byte(44)
            lf.number(Int(rng.below(250_000)))
            lf.byte(10)
            t += 300
            if r + 1 == rows / 10 { headEnd = lf.bytes.count }
        }
        lf.write(to: dir + "/intraday-lf.csv")
        var head = ByteWriter()
        head.bytes = Array(lf.bytes[0..<headEnd])
        head.write(to: dir + "/intraday-lf-head.csv")

        var crlf = ByteWriter()
        crlf.bytes.reserveCapacity(lf.bytes.count + rows + 3)
        crlf.bytes.append(contentsOf: [0xEF, 0xBB, 0xBF])
        for b in lf.bytes {
            if b == 10 { crlf.bytes.append(13) }
            crlf.bytes.append(b)
        }
        lf = ByteWriter()
        crlf.write(to: dir + "/intraday-crlf-bom.csv")
        crlf = ByteWriter()

        let symbols = [
            "AAPL", "MSFT", "GOOG", "AMZN", "TSLA", "INTC", "IBM", "ORCL", "CSCO", "NVDA",
            "BP.L", "VOD.L", "AIR.PA", "SAP.DE", "7203.T", "0700.HK", "C6L.SI", "^GSPC", "EURUSD=X", "YHOO",
        ]
        var y = ByteWriter()
        y.bytes.reserveCapacity(yahooLines * 64)
        var yahooHeadEnd = 0
        var day = CivilDate(year: 2012, month: 1, day: 3)
        for i in 0..<yahooLines {
            if i % 2000 == 1999 { day = day.adding(days: 1) }
            let sym = symbols[Int(rng.below(UInt64(symbols.count)))]
            func num(_ cents: Int) {
                if rng.below(50) == 0 { y.text("N/A") } else { y.price(cents: cents) }
            }
            y.byte(34)
            y.string(sym)
            y.byte(34)
            y.byte(44)
            let last = 1000 + Int(rng.below(90_000))
            num(last)
            y.byte(44)
            if rng.below(100) == 0 {
                y.text("\"N/A\",\"N/A\",")
            } else {
                y.byte(34)
                y.number(day.month)
                y.byte(47)
                y.number(day.day)
                y.byte(47)
                y.number(day.year)
                y.byte(34)
                y.byte(44)
                let minuteOfDay = Int(rng.below(24 * 60))
                let h24 = minuteOfDay / 60
                let h12 = h24 % 12 == 0 ? 12 : h24 % 12
                y.byte(34)
                y.number(h12)
                y.byte(58)
                y.digits(minuteOfDay % 60, width: 2)
                y.text(h24 < 12 ? "am" : "pm")
                y.byte(34)
                y.byte(44)
            }
            let change = Int(rng.below(801)) - 400
            if rng.below(50) == 0 {
                y.text("N/A")
            } else {
                if change >= 0 { y.byte(43) }
                y.price(cents: change)
            }
            y.byte(44)
            num(last - change)
            y.byte(44)
            num(last + Int(rng.below(200)))
            y.byte(44)
            num(max(1, last - Int(rng.below(200))))
            y.byte(44)
            if rng.below(50) == 0 { y.text("N/A") } else { y.number(Int(rng.below(90_000_000))) }
            y.byte(10)
            if i + 1 == yahooLines / 10 { yahooHeadEnd = y.bytes.count }
        }
        y.write(to: dir + "/yahoo-quotes.csv")
        var yh = ByteWriter()
        yh.bytes = Array(y.bytes[0..<yahooHeadEnd])
        yh.write(to: dir + "/yahoo-quotes-head.csv")
        for name in [
            "intraday-lf.csv", "intraday-lf-head.csv", "intraday-crlf-bom.csv", "yahoo-quotes.csv",
            "yahoo-quotes-head.csv",
        ] {
            print("\(dir)/\(name) bytes=\(fileSize(dir + "/" + name))")
        }
    }
}
