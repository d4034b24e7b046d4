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

    package func render(_ trades: [MarketTrade], pair: TradingPair, exchange: String) -> String {
        var out =
            palette.paint(pair.symbol, .bold) + "  "
            + palette.paint("\(exchange) · last \(trades.count) trade\(trades.count == 1 ? "" : "s")", .dim) + "\n"
        guard !trades.isEmpty else { return out + "no trades\n" }
        let local = userZone.flatMap { $0.identifier == "UTC" || $0.identifier == "Etc/UTC" ? nil : $0 }
        // Dates are shown only when the tape spans more than one UTC day.
        let spansDays = trades.first?.time.utc.date != trades.last?.time.utc.date
        func clock(_ t: CivilDateTime) -> String {
            (spansDays ? t.date.description + " " : "") + t.hourMinute + ":" + (t.second < 10 ? "0" : "")
                + String(t.second)
        }
        // One scale per column, so decimal points line up as on the exchange's own tape.
        let prices = AlignedDecimals.texts(trades.map(\.price))
        let sizes = AlignedDecimals.texts(trades.map(\.size))
        let priceWidth = prices.reduce(5) { max($0, $1.count) }
        let sizeWidth = sizes.reduce(4) { max($0, $1.count) }
        let timeWidth = spansDays ? 19 : 8
        func pad(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(0, w - s.count)) + s }
        func padRight(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        var header = "  " + padRight("UTC", timeWidth)
        if let local { header += "  " + padRight(local.identifier, max(timeWidth, local.identifier.count)) }
        header += "  side  " + pad("price", priceWidth) + "  " + pad("size", sizeWidth)
        out += palette.paint(header, .dim) + "\n"
        for (i, t) in trades.enumerated() {
            var line = "  " + padRight(clock(t.time.utc), timeWidth)
            if let local {
                line += "  " + padRight(clock(local.localDateTime(at: t.time)), max(timeWidth, local.identifier.count))
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
}
