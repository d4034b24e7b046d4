import SquarestockCore

/// The status line's cache: `$XDG_CACHE_HOME/squarestock/line-cache`, one tab-separated line per
/// symbol, read whole (a few hundred bytes) and written atomically, owner-only. Read with bytes
/// and no Foundation formatter, because a bar calls the status line every few seconds and a warm
/// answer must cost almost nothing.
public struct LineCache: Sendable {
    public let path: String?

    public init(environment: [String: String]) {
        path = PrivateFileStore.cacheDirectory(environment: environment).map { $0 + "/line-cache" }
    }

    /// The cached quotes by symbol; empty when there is no cache or it cannot be read.
    public func load() -> [String: LineQuote] {
        guard let path, let bytes = PrivateFileStore.read(path, limit: 256 * 1024) else { return [:] }
        var out: [String: LineQuote] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let f = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard f.count == 8, let fetched = Int64(f[1]), let closed = Int64(f[6]) else { continue }
            out[f[0]] = LineQuote(
                symbol: f[0], fetched: fetched, price: f[2], change: f[3], changePercent: f[4], currency: f[5],
                closedUntil: closed, error: f[7])
        }
        return out
    }

    /// Writes `quotes` over the cached ones of the same symbols (`previous`, when the caller
    /// has just read them, else read here), keeping the others.
    public func store(_ quotes: [LineQuote], over previous: [String: LineQuote]? = nil) {
        guard let path, !quotes.isEmpty else { return }
        var all = previous ?? load()
        for q in quotes { all[q.symbol] = q }
        let text =
            all.keys.sorted().map { k -> String in
                let q = all[k]!
                return [
                    q.symbol, String(q.fetched), q.price, q.change, q.changePercent, q.currency, String(q.closedUntil),
                    q.error.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " "),
                ].joined(separator: "\t")
            }.joined(separator: "\n") + "\n"
        try? PrivateFileStore.write(Array(text.utf8), to: path)
    }
}
