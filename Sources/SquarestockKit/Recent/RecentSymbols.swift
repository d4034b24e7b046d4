import SquarestockCore

/// The symbols last looked up, newest first, at most `limit`, each with the source it was
/// quoted through: one `SYMBOL<tab>source` per line in `$XDG_STATE_HOME/squarestock/recent`,
/// written owner-only and atomically. `squarestock recent` quotes them again through those
/// sources (a pair quoted from Kraken is not asked of Yahoo), and a bare `squarestock` does when
/// there is no watchlist. A line without a source (an older version's) is quoted through the
/// source in use. Failing to remember is never an error for the command that looked them up.
struct RecentSymbols {
    let path: String?
    static let limit = 20

    /// One remembered symbol; `source` is nil when the line named none.
    struct Entry: Equatable {
        var symbol: String
        var source: String?
    }

    init(environment: [String: String]) {
        path = PrivateFileStore.stateDirectory(environment: environment).map { $0 + "/recent" }
    }

    /// The remembered symbols, newest first.
    func load() -> [Entry] {
        guard let path, let bytes = PrivateFileStore.read(path, limit: 64 * 1024) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard let symbol = try? SymbolSyntax.normalize(String(fields[0])).get() else { return nil }
            let source = fields.count > 1 ? String(fields[1]).lowercased() : ""
            // Only a name of the catalog's alphabet is kept: the file is ours, but is read back
            // into a command line's meaning.
            let valid =
                !source.isEmpty && source.count <= 32 && source.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
            return Entry(symbol: symbol, source: valid ? source : nil)
        }
    }

    /// Puts `entries` first (in the order given), keeping the rest after them; a symbol is kept
    /// once, with the source it was quoted through last. Read and written under a lock: quotes
    /// run at once (a shell loop with `&`, panes of a status bar) each wrote the list it had read,
    /// and the others' symbols were lost.
    func remember(_ entries: [Entry]) {
        guard let path, !entries.isEmpty else { return }
        PrivateFileStore.withExclusiveLock(path + ".lock") {
            var list: [Entry] = []
            for e in entries + load() where !list.contains(where: { $0.symbol == e.symbol }) { list.append(e) }
            let text =
                list.prefix(Self.limit).map { e in e.symbol + (e.source.map { "\t" + $0 } ?? "") }
                .joined(separator: "\n") + "\n"
            try? PrivateFileStore.write(Array(text.utf8), to: path, durable: false)
        }
    }

    /// Under the lock `remember` takes: a quote remembering meanwhile wrote the old list back.
    func clear() {
        guard let path else { return }
        PrivateFileStore.withExclusiveLock(path + ".lock") { try? PrivateFileStore.write([], to: path) }
    }
}
