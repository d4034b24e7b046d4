import SquarestockCore
import SquarestockNetworking

/// `GET /products/{id}/candles?granularity=G&start=&end=`: rows `[time, low, high, open, close,
/// volume]` **newest first**, as JSON numbers (2018 bodies carry `4.727521520000001`: the text is
/// kept as sent). Buckets without trades are missing, never filled in here. At most 300 buckets
/// per request.
package enum CoinbaseCandlesDecoder {
    /// The granularities Coinbase serves, in seconds (no 4 h, no week).
    static let granularities: [Int64] = [60, 300, 900, 3600, 21600, 86400]
    static let maxBuckets: Int64 = 300

    /// Oldest first, one candle per time.
    package static func candles(_ response: HTTPResponse) -> Result<[Candle], QuoteError> {
        CoinbaseResponse.json(response).flatMap { body in
            guard let rows = body.array else { return .failure(CoinbaseResponse.malformed("candles is not a list")) }
            var out: [Candle] = []
            out.reserveCapacity(rows.count)
            for row in rows.reversed() {
                guard let time = row[0]?.epochInstant, let low = CoinbaseResponse.decimal(row[1]),
                    let high = CoinbaseResponse.decimal(row[2]), let open = CoinbaseResponse.decimal(row[3]),
                    let close = CoinbaseResponse.decimal(row[4])
                else {
                    return .failure(
                        CoinbaseResponse.malformed("a candle is not [time, low, high, open, close, volume]"))
                }
                out.append(
                    Candle(
                        time: time, open: open, high: high, low: low, close: close,
                        volume: CoinbaseResponse.decimal(row[5])))
            }
            return .success(out)
        }
    }

    /// The shortest granularity Coinbase serves that is not shorter than `interval` (a week is
    /// served as days: Coinbase has no weekly candles).
    package static func seconds(for interval: HistoryInterval) -> Int64 {
        let wanted: Int64 = interval.seconds ?? 86_400
        return granularities.first { $0 >= wanted } ?? 86_400
    }

    /// Merges pages (each oldest first) into one series: sorted, one candle per time.
    package static func merge(_ pages: [[Candle]]) -> [Candle] {
        var byTime: [Instant: Candle] = [:]
        for page in pages { for c in page { byTime[c.time] = c } }
        return byTime.values.sorted { $0.time < $1.time }
    }
}
