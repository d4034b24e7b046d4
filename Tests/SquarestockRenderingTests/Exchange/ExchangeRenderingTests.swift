import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// The book, tape and market list print exact decimals as sent, sum sizes exactly, and keep
/// escape codes out of plain output.
struct ExchangeRenderingTests {
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }
    static let pair = TradingPair(base: "BTC", quote: "USD")
    static let book = OrderBook(
        pair: pair,
        bids: [
            BookLevel(price: d("84036.00000"), size: d("0.250")), BookLevel(price: d("84035.5"), size: d("1.1")),
            BookLevel(price: d("84030.0"), size: d("0.00000001")),
        ],
        asks: [
            BookLevel(price: d("84036.10000"), size: d("2.000"), orders: 3),
            BookLevel(price: d("84040"), size: d("0.5")),
        ])

    @Test func spreadAndMidAreExact() {
        #expect(Self.book.spread == Self.d("0.1"))
        #expect(Self.book.mid?.description == "84036.05")
        let odd = OrderBook(
            pair: Self.pair, bids: [BookLevel(price: Self.d("0.00000001"), size: Self.d("1"))],
            asks: [BookLevel(price: Self.d("0.00000002"), size: Self.d("1"))])
        #expect(odd.mid?.description == "0.000000015")
        #expect(OrderBook(pair: Self.pair, bids: [], asks: Self.book.asks).mid == nil)
        #expect(Self.book.cut(to: 1).bids.count == 1)
        #expect(Self.book.cut(to: 1).asks.count == 1)
    }

    /// A spread too narrow for four places is not shown as 0 %.
    @Test func aHairlineSpreadIsNotZeroPercent() {
        let book = OrderBook(
            pair: Self.pair, bids: [BookLevel(price: Self.d("60000.00"), size: Self.d("1"))],
            asks: [BookLevel(price: Self.d("60000.01"), size: Self.d("1"))])
        let summary = OrderBookTable(width: 80, palette: .plain, glyphs: .ascii, chartHeight: 4).summary(book)
        #expect(summary.hasPrefix("spread 0.01 (<0.0001%)"), "\(summary)")
    }

    @Test func theTableShowsBothSidesWithRunningTotals() {
        let text = OrderBookTable(width: 80, palette: .plain, glyphs: .ascii, chartHeight: 4).render(
            Self.book, exchange: "Kraken")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "BTC-USD  Kraken · order book, 3 levels a side")
        #expect(lines[1] == " cum. size        size      bid | ask            size   cum. size")
        #expect(lines[2] == "0.25000000  0.25000000  84036.0 | 84036.1  2.00000000  2.00000000")
        #expect(lines[3] == "1.35000000  1.10000000  84035.5 | 84040.0  0.50000000  2.50000000")
        #expect(lines[4] == "1.35000001  0.00000001  84030.0 |")
        #expect(lines[5] == "spread 0.1 (0.0001%)  mid 84036.05")
        // Four chart rows and an axis, ASCII only, as wide as asked.
        #expect(lines[6..<10].allSatisfy { $0.count == 80 && $0.allSatisfy { " #.".contains($0) } })
        #expect(lines[10].hasPrefix("84030 ") && lines[10].hasSuffix(" 84040") && lines[10].contains("bids <  > asks"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func unicodeChartsUseBlocksAndColourOnlyWithAPalette() {
        let text = OrderBookTable(width: 60, palette: .ansi, glyphs: .unicode, chartHeight: 3).render(
            Self.book, exchange: "Kraken")
        #expect(text.contains("█"))
        #expect(text.contains("│"))
        #expect(text.contains(Palette.ansi.up) && text.contains(Palette.ansi.down))
    }

    @Test func jsonAndCSVCarryEveryLevelExactly() {
        let json = OrderBookWriter.json(Self.book, exchange: "kraken")
        #expect(json.contains("\"spread\": 0.1,"))
        #expect(json.contains("\"mid\": 84036.05,"))
        #expect(json.contains("{\"price\": 84030, \"size\": 0.00000001, \"cumulative\": 1.35000001, \"orders\": null}"))
        #expect(json.contains("{\"price\": 84036.1, \"size\": 2, \"cumulative\": 2, \"orders\": 3}"))
        let csv = OrderBookWriter.csv(Self.book, exchange: "kraken").split(separator: "\n")
        #expect(csv.first == "exchange,pair,side,level,price,size,cumulative,orders")
        #expect(csv.count == 6)
        #expect(csv[3] == "kraken,BTC-USD,bid,3,84030,0.00000001,1.35000001,")
        #expect(csv[4] == "kraken,BTC-USD,ask,1,84036.1,2,2,3")
    }

    static let trades = [
        MarketTrade(
            time: Instant(secondsSinceEpoch: 1_781_887_413), nanoseconds: 16_274_911, side: .buy,
            price: d("63212.97000000"),
            size: d("0.00004377"), id: "7"),
        MarketTrade(
            time: Instant(secondsSinceEpoch: 1_781_887_400), side: .sell, price: d("63210.5"), size: d("0.5"), id: "6"),
        MarketTrade(
            time: Instant(secondsSinceEpoch: 1_781_887_400), side: .buy, price: d("63210.5"), size: d("0.1"), id: nil),
    ]

    @Test func theTapeShowsUTCAndTheUsersClockAndTotalsExactly() throws {
        let berlin = try ExchangeTimeZone(identifier: "Europe/Berlin")
        let text = TradeTapeTable(palette: .plain, userZone: berlin).render(
            Self.trades, pair: Self.pair, exchange: "Coinbase", now: Instant(secondsSinceEpoch: 1_781_887_500))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "BTC-USD  Coinbase · last 3 trades")
        #expect(lines[1].contains("UTC") && lines[1].contains("Europe/Berlin"))
        #expect(lines[2].hasPrefix("  16:43:33  18:43:33") && lines[2].contains("buy   63212.97  0.00004377"))
        #expect(lines[3].contains("sell  63210.50") && lines[3].hasSuffix("0.50000000"))
        #expect(lines.last == "buys 2 (0.10004377 BTC)  sells 1 (0.5 BTC)")
    }

    /// A trade of another day shows its date, of another year its year, each column judged in
    /// its own zone: once `00:13:55` for a trade a year old.
    @Test func aTradeNotOfTodayShowsItsDate() throws {
        let berlin = try ExchangeTimeZone(identifier: "Europe/Berlin")
        let table = TradeTapeTable(palette: .plain, userZone: berlin)
        // 2025-06-19T00:13:55Z, 02:13:55 in Berlin; a year later.
        let old = [
            MarketTrade(
                time: Instant(secondsSinceEpoch: 1_750_292_035), side: .buy, price: Self.d("1"), size: Self.d("1"))
        ]
        let yearLater = table.render(
            old, pair: Self.pair, exchange: "Kraken", now: Instant(secondsSinceEpoch: 1_781_887_500))
        #expect(yearLater.contains("\n  2025-06-19 00:13:55  2025-06-19 02:13:55  buy"), "\(yearLater)")
        // The next day in UTC, and in Berlin (01:00 there) too.
        let nextDay = table.render(
            old, pair: Self.pair, exchange: "Kraken", now: Instant(secondsSinceEpoch: 1_750_292_035 + 86_400))
        #expect(nextDay.contains("\n  06-19 00:13:55  06-19 02:13:55  buy"), "\(nextDay)")
        // 23:30 UTC the same day is already the next day in Berlin: only that column has a date.
        let lateSameDay = table.render(
            old, pair: Self.pair, exchange: "Kraken", now: Instant(secondsSinceEpoch: 1_750_375_800))
        #expect(lateSameDay.contains("\n  00:13:55  06-19 02:13:55  buy"), "\(lateSameDay)")
    }

    @Test func tapeJSONKeepsTheFractionOfASecond() {
        let json = TradeTapeWriter.json(Self.trades, pair: Self.pair, exchange: "coinbase")
        #expect(json.contains("\"time\": \"2026-06-19T16:43:33.016274911Z\", \"side\": \"buy\", \"price\": 63212.97"))
        #expect(json.contains("\"time\": \"2026-06-19T16:43:20Z\""))
        let csv = TradeTapeWriter.csv(Self.trades, pair: Self.pair, exchange: "coinbase").split(separator: "\n")
        #expect(csv[1] == "coinbase,BTC-USD,2026-06-19T16:43:33.016274911Z,buy,63212.97,0.00004377,7")
        #expect(ExchangeJSON.time(Instant(secondsSinceEpoch: 0), nanoseconds: 500_000_000) == "1970-01-01T00:00:00.5Z")
    }

    /// Every value counts in the balances' total, whatever its decimals (a sum that could not
    /// hold them all at once used to skip one without a word).
    @Test func theBalancesTotalCountsEveryValue() {
        let balances = [
            AssetBalance(
                asset: "BTC", total: Self.d("1.2435"), available: Self.d("1.2435"), held: .zero,
                value: Self.d("104498.7660000000000")),
            AssetBalance(
                asset: "BTC", total: Self.d("0.0500000000"), available: Self.d("0.0500000000"), held: .zero,
                value: Self.d("4201.800000000000000"), kind: .rewards),
            AssetBalance(
                asset: "USD", total: Self.d("25435.21"), available: Self.d("25435.21"), held: .zero,
                value: Self.d("25435.21")),
        ]
        let text = BalanceWriter.table(balances, currency: "USD", exchange: "kraken")
        #expect(text.contains("134,135.78") || text.contains("134135.78"))
    }

    /// Nothing valued is no total of 0.00, and what is left out is named.
    @Test func unpricedBalancesAreNamedAndNoneValuedHasNoTotal() {
        let btc = AssetBalance(
            asset: "BTC", total: Self.d("0.01"), available: Self.d("0.01"), held: .zero, value: nil)
        let usd = AssetBalance(
            asset: "USD", total: Self.d("9694.94"), available: Self.d("9694.94"), held: .zero, value: nil)
        let none = BalanceWriter.table([btc, usd], currency: "USD", exchange: "kraken paper account")
        #expect(!none.contains("0.00 (priced assets)"), "\(none)")
        #expect(none.contains("not valued in USD (no price read from the exchange): BTC, USD; no total"), "\(none)")
        var valuedUSD = usd
        valuedUSD.value = usd.total
        let some = BalanceWriter.table([btc, valuedUSD], currency: "USD", exchange: "kraken")
        #expect(some.contains("9,694.94 (priced assets)") || some.contains("9694.94 (priced assets)"), "\(some)")
        #expect(some.contains("not valued in USD (no price read from the exchange): BTC\n"), "\(some)")
    }

    @Test func theMarketListShowsStatusAndMinimums() {
        let listings = [
            PairListing(
                pair: Self.pair, nativeName: "XBTUSD", priceDecimals: 1, minimumSize: Self.d("0.00005"),
                minimumCost: Self.d("0.5")),
            PairListing(
                pair: TradingPair(base: "SOL", quote: "USD"), nativeName: "SOLUSD", status: .cancelOnly,
                tickSize: Self.d("0.01")),
        ]
        let table = MarketListWriter.table(listings, exchange: "Kraken", palette: .plain).split(separator: "\n")
        #expect(table[0] == "pair     exchange name  status       tick  min size  min cost")
        #expect(table[1] == "BTC-USD  XBTUSD         online        0.1   0.00005       0.5")
        #expect(table[2] == "SOL-USD  SOLUSD         cancel-only  0.01         —         —")
        #expect(table[3] == "2 pairs on Kraken")
        let json = MarketListWriter.json(listings, exchange: "kraken")
        #expect(json.contains("\"priceDecimals\": 1, \"tickSize\": null"))
        #expect(json.contains("\"status\": \"cancel-only\", \"priceDecimals\": 2, \"tickSize\": 0.01"))
    }
}
