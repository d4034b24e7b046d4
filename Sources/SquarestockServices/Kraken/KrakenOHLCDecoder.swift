import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/OHLC?pair=XBTUSD&interval=M`: rows `[time, open, high, low, close, vwap,
/// volume, count]`, oldest first, at most 720 committed rows **plus the unfinished one last**.
/// A minute without trades is sent as a bar at the previous close with a VWAP of `0.0` and no
/// volume: the bar is kept (it is Kraken's), its VWAP dropped.
package enum KrakenOHLCDecoder {
    /// The intervals Kraken serves, in minutes; anything else is `EGeneral:Invalid arguments`.
    static let intervals = [1, 5, 15, 30, 60, 240, 1440, 10080, 21600]

    package static func candles(
        _ response: HTTPResponse, pair: TradingPair, minutes: Int
    ) -> Result<CandleSeries, QuoteError> {
        KrakenEnvelope.result(response).flatMap { result in
            KrakenPairAnswer.only(result, "OHLC").flatMap { rows in
                guard let rows = rows.array else {
                    return .failure(
                        .malformed(source: KrakenEnvelope.source, line: 1, column: 1, detail: "OHLC is not a list"))
                }
                var out: [Candle] = []
                out.reserveCapacity(rows.count)
                for (i, row) in rows.enumerated() {
                    guard var candle = candle(row) else {
                        return .failure(
                            .malformed(
                                source: KrakenEnvelope.source, line: 1, column: 1,
                                detail: "an OHLC row is not [time, open, high, low, close, vwap, volume, count]"))
                    }
                    candle.isComplete = i < rows.count - 1
                    // Rows are oldest first and one per time; a repeated or older time is dropped.
                    if let last = out.last, !(last.time < candle.time) { continue }
                    out.append(candle)
                }
                return .success(CandleSeries(pair: pair, seconds: Int64(minutes) * 60, candles: out))
            }
        }
    }

    package static func candle(_ row: JSONValue) -> Candle? {
        guard let time = row[0]?.epochInstant, let open = KrakenEnvelope.decimal(row[1]),
            let high = KrakenEnvelope.decimal(row[2]), let low = KrakenEnvelope.decimal(row[3]),
            let close = KrakenEnvelope.decimal(row[4])
        else { return nil }
        let vwap = KrakenEnvelope.decimal(row[5]).flatMap { $0.isZero ? nil : $0 }
        let count = KrakenEnvelope.integer(row[7]).flatMap { $0 >= 0 && $0 <= Int64(Int32.max) ? Int($0) : nil }
        return Candle(
            time: time, open: open, high: high, low: low, close: close, volume: KrakenEnvelope.decimal(row[6]),
            vwap: vwap, tradeCount: count)
    }

    /// The shortest interval Kraken serves that is not shorter than `interval`.
    package static func minutes(for interval: HistoryInterval) -> Int {
        let wanted: Int
        switch interval {
        case .minutes(let m): wanted = m
        case .daily: wanted = 1440
        case .weekly: wanted = 10080
        case .monthly: wanted = 21600
        }
        return intervals.first { $0 >= wanted } ?? intervals[intervals.count - 1]
    }
}
