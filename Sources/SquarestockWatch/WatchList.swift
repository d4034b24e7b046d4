import SquarestockCore

/// Where watch gets its symbols: the command line, a watchlist file (`--list FILE`, one symbol
/// a line, `#` comments) and the config file's `watchlist` key (comma-separated), read and
/// checked once so a typo on line 12 is reported as such instead of as a failing row.
package enum WatchList {
    /// A symbol as written, with where it came from for error messages.
    package struct Item: Sendable, Equatable {
        package var text: String
        package var origin: String

        package init(text: String, origin: String) {
            self.text = text
            self.origin = origin
        }
    }

    /// Symbols of a watchlist file: one per line; `#` starts a comment (whole line or the rest
    /// of a line); blank lines are skipped; commas and spaces also separate symbols, so a pasted
    /// `AAPL, MSFT` line works.
    package static func parseFile(_ text: String, name: String) -> [Item] {
        var items: [Item] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" || $0 == ";" })
            {
                items.append(Item(text: String(token), origin: "\(name):\(n + 1)"))
            }
        }
        return items
    }

    /// The config file's `watchlist = AAPL, MSFT, 7203.T`.
    package static func parseConfig(_ value: String) -> [Item] {
        value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == ";" }).map {
            Item(text: String($0), origin: "config watchlist")
        }
    }

    /// Command-line symbols then the file's, or the config's when neither gave any; upper-cased,
    /// de-duplicated (first place wins), each checked with `SymbolSyntax`. Problems name the
    /// origin: `watchlist.txt:3: "A B": not a valid symbol ...`.
    package static func resolve(commandLine: [Item], file: [Item], config: [Item]) -> (
        symbols: [String], problems: [String]
    ) {
        var chosen = commandLine + file
        if chosen.isEmpty { chosen = config }
        var symbols: [String] = []
        var problems: [String] = []
        for item in chosen {
            switch SymbolSyntax.normalize(item.text) {
            case .success(let s):
                if !symbols.contains(s) { symbols.append(s) }
            case .failure(let e):
                problems.append("\(item.origin): '\(TerminalText.visible(item.text))': \(e.detail)")
            }
        }
        return (symbols, problems)
    }
}
