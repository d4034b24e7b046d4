import SquarestockCore
import SquarestockKit
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `squarestock line` from a warm cache, before the argument parser runs: a status bar calls it
/// every few seconds, and the parser's reflection over every command costs more than the whole
/// answer. Only the plain form is taken here (symbols, `--template`, `--style`, `--separator`,
/// `--max-age`) and only when every symbol is cached; anything else (a first fetch, `--help`,
/// `--source`, a bad value) goes to `LineCommand` through the parser as usual.
enum LineFastPath {
    /// The line to print, or nil to take the usual path.
    static func answer(_ arguments: [String], environment: [String: String]) -> String? {
        guard arguments.first == "line" else { return nil }
        var symbols: [String] = []
        var template = StatusLineWriter.defaultTemplate
        var style = StatusLineWriter.Style.plain
        var separator = "  "
        var maxAge = 60
        var i = 1
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("-") {
                guard i + 1 < arguments.count else { return nil }
                let v = arguments[i + 1]
                switch a {
                case "--template": template = v
                case "--separator": separator = v
                case "--style":
                    guard let s = StatusLineWriter.Style(rawValue: v.lowercased()) else { return nil }
                    style = s
                case "--max-age":
                    guard let m = Int(v), (5...86_400).contains(m) else { return nil }
                    maxAge = m
                default: return nil
                }
                i += 2
            } else {
                guard let s = try? SymbolSyntax.normalize(a).get() else { return nil }
                symbols.append(s)
                i += 1
            }
        }
        guard !symbols.isEmpty else { return nil }
        let cached = LineCache(environment: environment).load()
        guard symbols.allSatisfy({ cached[$0] != nil }) else { return nil }
        let now = ClockOverride.now(environment: environment).secondsSinceEpoch
        if symbols.contains(where: { cached[$0]?.isStale(now: now, maxAge: Int64(maxAge)) ?? false }) {
            LineCommand.spawnRefresh(symbols: symbols, maxAge: maxAge, sourceArguments: [])
        }
        let caps = TerminalCapabilities.resolve(environment: environment, isTTY: false, windowColumns: nil)
        return StatusLineWriter.line(
            LineCommand.items(symbols, cached), template: template, style: style, separator: separator,
            unicode: caps.supportsUnicode)
    }
}
