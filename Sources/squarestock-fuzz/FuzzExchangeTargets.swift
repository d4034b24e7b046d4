import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockServices

/// One fuzz target per exchange decoder: each must return a value or a typed error for any body,
/// whatever the status, and never trap. Bodies are tried as HTTP 200 (Kraken and TradeOgre send
/// errors that way) and, for Coinbase, with an error status too.
enum FuzzExchangeTargets {
    static let names = [
        "kraken-assetpairs", "kraken-ticker", "kraken-depth", "kraken-trades", "kraken-ohlc", "kraken-status",
        "coinbase-products", "coinbase-ticker", "coinbase-book", "coinbase-trades", "coinbase-candles",
        "tradeogre-markets", "tradeogre-book", "tradeogre-history", "pair-cache", "kraken-account",
        "coinbase-account", "tradeogre-account", "coinbase-stream", "yahoo-stream", "kraken-book", "kraken-stream",
        "tradernet-stream",
    ]

    static let pair = TradingPair(base: "BTC", quote: "USD")

    /// False for a name that is not an exchange target.
    static func run(_ target: String, _ bytes: [UInt8]) -> Bool {
        let ok = HTTPResponse(status: 200, body: bytes)
        switch target {
        case "kraken-assetpairs":
            if case .success(let listings) = KrakenAssetPairsDecoder.listings(ok) {
                _ = PairDirectory(exchange: "kraken", listings: listings).resolve("BTC-USD")
            }
        case "kraken-ticker": _ = KrakenTickerDecoder.tickers(ok) { _ in pair }
        case "kraken-depth": _ = KrakenDepthDecoder.book(ok, pair: pair)
        case "kraken-trades": _ = KrakenTradesDecoder.trades(ok)
        case "kraken-ohlc": _ = KrakenOHLCDecoder.candles(ok, pair: pair, minutes: 60)
        case "kraken-status": _ = KrakenStatusDecoder.status(ok)
        case "coinbase-products": _ = CoinbaseProductsDecoder.listings(ok)
        case "coinbase-ticker":
            // The same bytes as ticker and stats, and as an error answer.
            _ = CoinbaseTickerDecoder.ticker(pair: pair, ticker: ok, stats: ok)
            _ = CoinbaseTickerDecoder.ticker(pair: pair, ticker: HTTPResponse(status: 429, body: bytes), stats: nil)
        case "coinbase-book": _ = CoinbaseBookDecoder.book(ok, pair: pair)
        case "coinbase-trades":
            _ = CoinbaseTradesDecoder.trades(ok)
            _ = CoinbaseTradesDecoder.trades(HTTPResponse(status: 404, body: bytes))
        case "coinbase-candles":
            if case .success(let c) = CoinbaseCandlesDecoder.candles(ok) { _ = CoinbaseCandlesDecoder.merge([c, c]) }
        case "tradeogre-markets":
            if case .success(let m) = TradeOgreMarketsDecoder.markets(ok) { _ = TradeOgreMarketsDecoder.listings(m) }
        case "tradeogre-book": _ = TradeOgreBookDecoder.book(ok, pair: pair)
        case "tradeogre-history": _ = TradeOgreHistoryDecoder.trades(ok)
        case "kraken-account":
            // Any body as each private answer: envelope, balances, orders, an order placed, a count.
            for method in ["BalanceEx", "OpenOrders", "AddOrder"] {
                guard case .success(let result) = KrakenPrivateEnvelope.result(ok, method: method) else { continue }
                _ = KrakenAccountDecoder.balances(result)
                _ = KrakenAccountDecoder.orders(result, under: "open", pairs: { _ in pair })
                _ = KrakenAccountDecoder.orders(result, under: nil, pairs: { _ in nil })
                _ = KrakenAccountDecoder.placed(result, validateOnly: method == "AddOrder")
                _ = KrakenAccountDecoder.cancelled(result)
            }
        case "coinbase-account":
            for status in [200, 400, 404] {
                guard
                    case .success(let body) = CoinbaseAccountDecoder.answer(
                        HTTPResponse(status: status, body: bytes), path: "/orders/historical/x")
                else { continue }
                _ = CoinbaseAccountDecoder.accounts(body)
                _ = CoinbaseAccountDecoder.orders(body)
                _ = CoinbaseAccountDecoder.placed(body, validateOnly: status == 400)
                _ = CoinbaseAccountDecoder.cancelled(body, ids: ["x"])
            }
        case "tradeogre-account":
            if case .success(let body) = TradeOgreAccountDecoder.answer(ok) {
                _ = TradeOgreAccountDecoder.totals(body)
                _ = TradeOgreAccountDecoder.available(body)
                _ = TradeOgreAccountDecoder.orders(body, pairs: { _ in pair })
                _ = TradeOgreAccountDecoder.order(id: "x", body, pairs: { _ in nil })
            }
        case "coinbase-stream":
            // Messages of one connection in a row: the state (last sequence, last trade) carries over.
            var state = CoinbaseStreamFeed.State()
            for message in bytes.split(separator: UInt8(ascii: "\n")) {
                for event in CoinbaseStreamDecoder.decode(Array(message), state: &state) {
                    if case .quote(let q) = event { precondition(!q.symbol.isEmpty, "a quote without a symbol") }
                    FuzzOracle.requireInert(StreamLineWriter.plain(event, source: "coinbase") ?? "", "a stream line")
                }
            }
        case "yahoo-stream":
            // The bytes as a protobuf payload, and as a frame carrying base64.
            _ = YahooPricingDecoder.quote(bytes)
            if let payload = YahooPricingDecoder.payload(of: bytes) { _ = YahooPricingDecoder.quote(payload) }
        case "kraken-stream":
            var state = KrakenStreamFeed.State()
            for message in bytes.split(separator: UInt8(ascii: "\n")) {
                for event in KrakenStreamFeed().decode(Array(message), state: &state) {
                    FuzzOracle.requireInert(StreamLineWriter.plain(event, source: "kraken") ?? "", "a stream line")
                }
            }
        case "tradernet-stream":
            // Messages in a row: a merged quote always has the price it was last sent.
            // Books: a book that agrees has its levels in falling price order.
            var state = TradernetStreamFeed.State()
            let books = TradernetStreamFeed(channel: .books)
            for message in bytes.split(separator: UInt8(ascii: "\n")) {
                for case .quote(let q) in TradernetStreamFeed().decode(Array(message), state: &state) {
                    precondition(state.quotes[q.symbol]?.last == q.price, "a quote that is not the merge")
                }
                for case .book(let live) in books.decode(Array(message), state: &state) where live.check == .unchecked {
                    let prices = live.book.asks.reversed().map(\.price) + live.book.bids.map(\.price)
                    precondition(
                        zip(prices, prices.dropFirst()).allSatisfy { $0 > $1 }, "an agreeing book out of order")
                }
            }
        case "kraken-book":
            // Messages in a row on one book: it never holds more than its depth a side.
            // The same messages through the live-book feed: every book it reports is cut to depth.
            var book = KrakenBookState(depth: 10)
            let feed = KrakenStreamFeed(channel: .book(depth: 10))
            var state = KrakenStreamFeed.State()
            for message in bytes.split(separator: UInt8(ascii: "\n")) {
                _ = book.apply(Array(message))
                precondition(book.bids.count <= 10 && book.asks.count <= 10, "a book over its depth")
                for case .book(let live) in feed.decode(Array(message), state: &state) {
                    precondition(live.book.bids.count <= 10 && live.book.asks.count <= 10, "a live book over its depth")
                }
            }
        case "pair-cache":
            let now = Instant(secondsSinceEpoch: 1_790_000_000)
            if let listings = PairListCache.decode(bytes, exchange: "kraken", origin: "o", now: now) {
                _ = PairListCache.encode(listings, exchange: "kraken", origin: "o", now: now)
            }
        default: return false
        }
        return true
    }
}
