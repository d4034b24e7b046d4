import SquarestockCore

/// The symbols last looked up, newest first, at most `limit`: one per line in
/// `$XDG_STATE_HOME/squarestock/recent`, written owner-only and atomically. `squarestock recent`
/// quotes them, and a bare `squarestock` does when there is no watchlist. Failing to remember is
/// never an error for the command that looked them up.
struct RecentSymbols {
    let path: String?
    static let limit = 20

    init(environment: [String: String]) {
        path = PrivateFileStore.stateDirectory(environment: environment).map { $0 + "/recent" }
    }

    /// The remembered symbols, newest first.
    func load() -> [String] {
        guard let path, let bytes = PrivateFileStore.read(path, limit: 64 * 1024) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            try? SymbolSyntax.normalize(String(line)).get()
        }
    }

    /// Puts `symbols` first (in the order given), keeping the rest after them.
    func remember(_ symbols: [String]) {
        guard let path, !symbols.isEmpty else { return }
        var list: [String] = []
        for s in symbols + load() where !list.contains(s) { list.append(s) }
        let text = list.prefix(Self.limit).joined(separator: "\n") + "\n"
        try? PrivateFileStore.write(Array(text.utf8), to: path)
    }

    func clear() {
        guard let path else { return }
        try? PrivateFileStore.write([], to: path)
    }
}
