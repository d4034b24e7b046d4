import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// `quotes`: quote batches as the sources receive them, decoded and turned into stocks. Stooq
/// rows go through `StooqDecoder.quotes` (every price field read as an exact decimal, the close
/// checked for text that is neither a number nor N/D); legacy Yahoo lines through
/// `YahooCSVStockReader`, one per answer as `YahooCSVSource.quotes` uses it, whose change percent is derived (an exact division) because the
/// lines carry `N/A` there. Prints rows per second for each.
enum QuoteBench {
    static func run(_ o: Options) {
        let rows = o.int("rows", 10_000)
        let n = o.int("count", 50)
        let context = SourceContext(now: Instant(secondsSinceEpoch: 1_588_881_600))

        var stooq = "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\n"
        var yahoo = ""
        for i in 0..<rows {
            let c = 100 + i % 900
            let f = (i * 37) % 100
            if i % 50 == 49 {
                stooq += "X\(i).US,N/D,N/D,N/D,N/D,N/D,N/D,N/D,X\(i).US\n"
            } else {
                stooq +=
                    "S\(i).US,2020-05-06,22:00:01,\(c).\(f),\(c + 1).5,\(c - 1).25,\(c).\(f / 10),\(1000 + i),NAME \(i)\n"
            }
            yahoo +=
                "\"S\(i)\",\"Name \(i)\",\"NMS\",\"USD\",\(c).\(f),\"5/6/2020\",\"4:00pm\",+1.\(f % 10)5,\"N/A\",\(c - 1).5,\(c - 1).\(f),\(c + 1).5,\(c - 2).25,\(1000 + i)\n"
        }
        let stooqResponse = HTTPResponse(status: 200, body: Array(stooq.utf8))
        let yahooResponse = HTTPResponse(status: 200, body: Array(yahoo.utf8))
        let codes = YahooFieldCode.split(YahooFieldCode.standard) ?? []

        var quoted = 0
        let t0 = now()
        for _ in 0..<n {
            guard case .success(let decoded) = StooqDecoder.quotes(stooqResponse) else {
                fail("stooq body did not decode")
            }
            for r in decoded where r.hasData { quoted += 1 }
        }
        let stooqSeconds = (now() - t0) / Double(n)
        var percents = 0
        let t1 = now()
        for _ in 0..<n {
            guard case .success(let decoded) = YahooCSVDecoder.rows(yahooResponse, codes: codes) else {
                fail("yahoo body did not decode")
            }
            var reader = YahooCSVStockReader(context: context, sourceName: "bench")
            for r in decoded {
                if case .success(let s) = reader.stock(symbol: r.symbol, row: r), s.price.changePercent != nil {
                    percents += 1
                }
            }
        }
        let yahooSeconds = (now() - t1) / Double(n)
        guard quoted == n * (rows - rows / 50), percents == n * rows else {
            fail("unexpected results: \(quoted) quoted, \(percents) percents")
        }
        print(
            "rows=\(rows) stooq_rows_per_s=\(fmt(Double(rows) / stooqSeconds, 0)) yahoo_stocks_per_s=\(fmt(Double(rows) / yahooSeconds, 0))"
        )
    }
}
