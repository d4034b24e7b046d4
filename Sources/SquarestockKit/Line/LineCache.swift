import SquarestockCore

/// The status line's cache: `$XDG_CACHE_HOME/squarestock/line-cache`, one tab-separated line per
/// symbol and source asked, read whole (a few hundred bytes) and written atomically, owner-only.
/// Read with bytes and no Foundation formatter, because a bar calls the status line every few
/// seconds and a warm answer must cost almost nothing. Lines of another layout (an older
/// version's) are skipped, so those symbols are fetched again.
public struct LineCache: Sendable {
    public let path: String?

    /// Fields per line: symbol, asked, fetched, priced, price, change, change %, currency,
    /// decimals, recorded, closed until, source, error, traded, trading.
    static let fieldCount = 15

    public init(environment: [String: String]) {
        path = PrivateFileStore.cacheDirectory(environment: environment).map { $0 + "/line-cache" }
    }

    /// The key part naming the source asked for: `--source`, else `SQUARESTOCK_SOURCE`, lowercased,
    /// else empty (the configured default, which is not read here: the fast path must not open
    /// the config file). The same rule in the fast path, the command and its refresher.
    public static func asked(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag.lowercased() }
        if let env = environment["SQUARESTOCK_SOURCE"], !env.isEmpty { return env.lowercased() }
        return ""
    }

    /// The cached quotes by symbol and source asked; empty when there is no cache or it cannot be read.
    public func load() -> [LineKey: LineQuote] {
        guard let path, let bytes = PrivateFileStore.read(path, limit: 256 * 1024) else { return [:] }
        var out: [LineKey: LineQuote] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let f = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard f.count == Self.fieldCount, let fetched = Self.integer(f[2]), let priced = Self.integer(f[3]),
                let closed = Self.integer(f[10])
            else { continue }
            func text(_ i: Int) -> String { String(decoding: f[i], as: UTF8.self) }
            let q = LineQuote(
                symbol: text(0), asked: text(1), source: text(11), fetched: fetched, priced: priced, price: text(4),
                change: text(5), changePercent: text(6), currency: text(7), decimals: Self.integer(f[8]).map(Int.init),
                recorded: f[9].elementsEqual("1".utf8), closedUntil: closed, error: text(12),
                traded: Self.integer(f[13]) ?? 0, trading: f[14].elementsEqual("1".utf8))
            out[q.key] = q
        }
        return out
    }

    /// Writes `quotes` over the cached ones of the same keys, keeping the others as the file
    /// holds them now: read again and written under a lock of its own (`.write-lock`, held for
    /// that alone; the refresher's `.lock` is held across its requests). Two bars' first
    /// fetches at once each wrote what they had read before, and one's symbols were lost.
    ///
    /// `now`: the clock as the quotes are stored, in seconds since the epoch (their `fetched` is
    /// the clock when they were asked). A price on disk fetched after them by another bar, and
    /// not later than `now`, is newer and stays, with its own fetch time: a slow fetch that
    /// finished last wrote its older price over it. One fetched after `now` is from a clock set
    /// back since, and is replaced.
    public func store(_ quotes: [LineQuote], now: Int64 = .max) {
        guard let path, !quotes.isEmpty else { return }
        PrivateFileStore.withExclusiveLock(path + ".write-lock") { merge(quotes, now: now, into: path) }
    }

    /// `store`'s read, merge and write, with the lock held.
    private func merge(_ quotes: [LineQuote], now: Int64, into path: String) {
        var all = load()
        for q in quotes {
            if let disk = all[q.key], !disk.price.isEmpty {
                // A failed fetch carries the price it had; another bar may have stored a newer one.
                if !q.error.isEmpty, disk.priced > q.priced { continue }
                // A price another bar fetched after this one was asked and stored before it
                // (kept by a failed fetch since, too: `priced` is when the price was fetched).
                if disk.priced > q.fetched, disk.priced <= now { continue }
            }
            all[q.key] = q
        }
        func clean(_ s: String) -> String {
            s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        let text =
            all.values.sorted { ($0.symbol, $0.asked) < ($1.symbol, $1.asked) }.map { q -> String in
                [
                    q.symbol, clean(q.asked), String(q.fetched), String(q.priced), q.price, q.change, q.changePercent,
                    q.currency, q.decimals.map(String.init) ?? "", q.recorded ? "1" : "", String(q.closedUntil),
                    clean(q.source), clean(q.error), String(q.traded), q.trading ? "1" : "",
                ].joined(separator: "\t")
            }.joined(separator: "\n") + "\n"
        try? PrivateFileStore.write(Array(text.utf8), to: path, durable: false)
    }

    /// A decimal integer from bytes, without making a String (nil for empty or anything else).
    static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var negative = false
        var n: Int64 = 0
        for (i, b) in bytes.enumerated() {
            if i == 0 && b == UInt8(ascii: "-") && bytes.count > 1 {
                negative = true
                continue
            }
            guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int64(b - UInt8(ascii: "0"))
        }
        return negative ? -n : n
    }
}
