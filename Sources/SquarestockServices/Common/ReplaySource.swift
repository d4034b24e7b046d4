import SquarestockCore
import SquarestockNetworking

/// Replays recorded trading days as if they were live, `speed` times faster: the demo that
/// needs no network, and what the end-to-end tests drive to see rows update and flash.
///
/// Each symbol's recording is read once from the wrapped source (normally the offline recordings).
/// A symbol with intraday points replays its own day: its virtual clock starts at its first
/// recorded point and runs at `elapsed() * speed`; a refresh sees only the points up to that
/// moment, the price is the last of them and the day range is theirs, and volume (only known
/// for the moment of recording) is left unknown. Once the recording has played out, the recorded
/// quote is shown as it was for a pause, then the day starts again (`lap`). Symbols without
/// intraday points (daily bars, legacy CSV) stay as recorded. Nothing is invented: every value shown is a recorded one, or unknown.
package final class ReplaySource: QuoteSource, @unchecked Sendable {
    package let name: String
    package let speed: Double
    private let recorded: any QuoteSource
    private let elapsed: @Sendable () -> Double
    private let lock = Lock()
    private var loaded: [String: StockResult] = [:]
    /// The virtual seconds the last refresh read its points at: what the shown quotes are as of.
    private var lastRead: Int64?

    /// `elapsed` gives real seconds since the replay started (a monotonic clock in production,
    /// a constant in tests).
    package init(recorded: any QuoteSource, speed: Double, elapsed: @escaping @Sendable () -> Double) {
        self.recorded = recorded
        self.name = recorded.name
        self.speed = speed.isFinite && speed > 0 ? speed : 1
        self.elapsed = elapsed
    }

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        let missing = lock.withLock { symbols.filter { loaded[$0] == nil } }
        if !missing.isEmpty {
            let fetched = recorded.quotes(for: missing, context: context, transport: transport)
            lock.withLock { for r in fetched { loaded[r.symbol] = r } }
        }
        let seconds = virtualSeconds()
        lock.withLock { lastRead = seconds }
        return symbols.map { symbol in
            guard let r = lock.withLock({ loaded[symbol] }) else {
                return StockResult(symbol: symbol, outcome: .failure(.missingFromResponse(source: name)))
            }
            return StockResult(
                symbol: symbol,
                outcome: r.outcome.map { stock in
                    guard let start = ReplaySource.start(of: stock) else { return stock }
                    return ReplaySource.slice(stock, upTo: start.adding(seconds: ReplaySource.lap(seconds, of: stock)))
                })
        }
    }

    /// Virtual seconds since the start of every replayed day.
    package func virtualSeconds() -> Int64 {
        let v = max(0, elapsed()) * speed
        return v < 1e15 ? Int64(v) : Int64(1e15)
    }

    /// Where `symbol`'s replay starts (its first recorded point), once it has been loaded; nil
    /// for symbols without intraday data.
    package func start(for symbol: String) -> Instant? {
        lock.withLock { loaded[symbol]?.stock }.flatMap(ReplaySource.start(of:))
    }

    /// `symbol`'s virtual "now" (in its own lap), or nil when it does not replay. `asRead`: the
    /// moment the last refresh read its points at, rather than now: at 3000 times real speed a
    /// second between the read and the screen is 50 recorded minutes, and a quote must not be
    /// stamped (or aged) by when a busy machine got round to showing it.
    package func virtualNow(for symbol: String, asRead: Bool = false) -> Instant? {
        guard let stock = lock.withLock({ loaded[symbol]?.stock }), let start = ReplaySource.start(of: stock) else {
            return nil
        }
        return start.adding(seconds: ReplaySource.lap(asRead ? readSeconds() : virtualSeconds(), of: stock))
    }

    /// The virtual seconds the last refresh read its points at (now, before any refresh).
    package func readSeconds() -> Int64 { lock.withLock { lastRead } ?? virtualSeconds() }

    /// Each recording loops: it plays its day from its first point to its last, shows the end
    /// for a pause (a tenth of the day, at least five minutes), then starts again, so a demo
    /// left running keeps moving and no row ends up waiting forever past its recording.
    package static func lap(_ seconds: Int64, of stock: Stock) -> Int64 {
        let times = stock.intraday.map(\.time.secondsSinceEpoch)
        guard let first = times.min(), let last = times.max(), last > first else { return seconds }
        let period = (last - first) + max(300, (last - first) / 10)
        return seconds % period
    }

    /// The first recorded intraday point's time; nil without intraday points.
    package static func start(of stock: Stock) -> Instant? {
        stock.intraday.map(\.time).min()
    }

    /// `stock` as it looked at `t`: the points up to `t`, the last one as the price and trade
    /// time, high and low from them, change derived from the previous close, volume unknown.
    /// At or after the last point, the recorded stock unchanged.
    package static func slice(_ stock: Stock, upTo t: Instant) -> Stock {
        guard let end = stock.intraday.map(\.time).max(), t < end else { return stock }
        let points = stock.intraday.filter { $0.time <= t }
        guard let last = points.last else { return stock }
        var s = stock
        s.intraday = points
        s.price.last = last.price
        s.price.lastTrade = last.time
        s.price.high = points.map(\.price).max()
        s.price.low = points.map(\.price).min()
        s.price.volume = nil
        s.price.change = nil
        s.price.changePercent = nil
        s.price.deriveChange()
        s.extendedHours = nil
        s.reportedStatus = nil
        return s
    }
}
