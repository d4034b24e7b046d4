import SquarestockCore

/// `trades --format table`: the latest trades newest first, each with the exchange's time in UTC
/// and in the user's zone, the taker's side (buys green, sells red on a colour terminal), price
/// and size exactly as sent, and a line totalling buys and sells.
///
/// ```
/// BTC-USD  Coinbase · last 3 trades
///   UTC       Europe/Berlin  side          price        size
///   16:43:33  18:43:33       buy     63212.97  0.00004377
/// buys 2 (0.0001 BTC)  sells 1 (0.5 BTC)
/// ```
package struct TradeTapeTable: Sendable {
    package var palette: Palette
    /// The user's zone; its column is left out when unknown or UTC.
    package var userZone: ExchangeTimeZone?

    package init(palette: Palette, userZone: ExchangeTimeZone?) {
        self.palette = palette
        self.userZone = userZone
    }

    /// `now` decides which trades are today: a tape of the last minutes shows clock times, but
    /// a quiet pair's trades of another day show their date (and of another year, their year),
    /// each column in its own zone, so a trade a year old is never read as one at 00:13:55 today.
    package func render(_ trades: [MarketTrade], pair: TradingPair, exchange: String, now: Instant) -> String {
        var out =
            palette.paint(pair.symbol, .bold) + "  "
            + palette.paint("\(exchange) · last \(trades.count) trade\(trades.count == 1 ? "" : "s")", .dim) + "\n"
        guard !trades.isEmpty else { return out + "no trades\n" }
        let local = userZone.flatMap { $0.identifier == "UTC" || $0.identifier == "Etc/UTC" ? nil : $0 }
        let utcTimes = trades.map(\.time.utc)
        let localTimes = local.map { zone in trades.map { zone.localDateTime(at: $0.time) } }
        let utcStamp = Stamp(utcTimes, today: now.utc.date)
        let localStamp = local.map { Stamp(localTimes ?? [], today: $0.localDateTime(at: now).date) }
        let timeWidth = utcStamp.width
        let localWidth = max(localStamp?.width ?? 0, local?.identifier.count ?? 0)
        // One scale per column, so decimal points line up as on the exchange's own tape.
        let prices = AlignedDecimals.texts(trades.map(\.price))
        let sizes = AlignedDecimals.texts(trades.map(\.size))
        let priceWidth = prices.reduce(5) { max($0, $1.count) }
        let sizeWidth = sizes.reduce(4) { max($0, $1.count) }
        func pad(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(0, w - s.count)) + s }
        func padRight(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        var header = "  " + padRight("UTC", timeWidth)
        if let local { header += "  " + padRight(local.identifier, localWidth) }
        header += "  side  " + pad("price", priceWidth) + "  " + pad("size", sizeWidth)
        out += palette.paint(header, .dim) + "\n"
        for (i, t) in trades.enumerated() {
            var line = "  " + padRight(utcStamp.text(utcTimes[i]), timeWidth)
            if let localStamp, let localTimes {
                line += "  " + padRight(localStamp.text(localTimes[i]), localWidth)
            }
            let side = t.side?.rawValue ?? "?"
            let role: PaletteRole = t.side == .buy ? .up : t.side == .sell ? .down : .flat
            line +=
                "  " + palette.paint(padRight(side, 4), role) + "  " + palette.paint(pad(prices[i], priceWidth), role)
            line += "  " + pad(sizes[i], sizeWidth)
            out += line + "\n"
        }
        return out + totals(trades, base: pair.base) + "\n"
    }

    /// `buys 2 (0.0001 BTC)  sells 1 (0.5 BTC)`, summed exactly.
    func totals(_ trades: [MarketTrade], base: String) -> String {
        func total(_ side: TradeSide) -> String {
            let picked = trades.filter { $0.side == side }
            let sum = picked.reduce(ExactDecimal(0) as ExactDecimal?) { acc, t in acc.flatMap { $0 + t.size } }
            return "\(side == .buy ? "buys" : "sells") \(picked.count) (\(sum?.normalized.description ?? "—") \(base))"
        }
        return palette.paint(total(.buy), .up) + "  " + palette.paint(total(.sell), .down)
    }

    /// How one column shows its times: the clock alone when every trade is of `today` in the
    /// column's zone, else with the month and day, and with the year when one is of another year.
    /// One form for the whole column, so its times line up.
    struct Stamp {
        var date = false
        var year = false

        init(_ times: [CivilDateTime], today: CivilDate) {
            date = times.contains { $0.date != today }
            year = times.contains { $0.date.year != today.year }
        }

        var width: Int { year ? 19 : (date ? 14 : 8) }

        func text(_ t: CivilDateTime) -> String {
            let clock = t.hourMinute + ":" + (t.second < 10 ? "0" : "") + String(t.second)
            guard date else { return clock }
            let day = t.date.description
            return (year ? day : String(day.dropFirst(5))) + " " + clock
        }
    }
}
