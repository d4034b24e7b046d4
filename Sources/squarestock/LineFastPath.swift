import SquarestockCore
import SquarestockKit
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `squarestock line` from a warm cache, before the argument parser runs: a status bar calls it
/// every few seconds, and the parser's reflection over every command costs more than the whole
/// answer. Only the plain form is taken here (symbols, `--template`, `--style`, `--separator`,
/// `--max-age`, `--source`) and only when every symbol is cached for the source asked for;
/// anything else (a first fetch, `--help`, `--endpoint`, a bad value) goes to `LineCommand`
/// through the parser as usual.
enum LineFastPath {
    /// The line to print, or nil to take the usual path.
    static func answer(_ arguments: [String], environment: [String: String]) -> String? {
        guard arguments.first == "line" else { return nil }
        var symbols: [String] = []
        var template = StatusLineWriter.defaultTemplate
        var style = StatusLineWriter.Style.plain
        var separator = "  "
        var maxAge = 60
        var source: String?
        var i = 1
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("-") {
                guard i + 1 < arguments.count else { return nil }
                let v = arguments[i + 1]
                switch a {
                case "--template": template = v
                case "--separator": separator = v
                case "--source": source = v
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
        // A template the command refuses is refused there, warm cache or not.
        guard !symbols.isEmpty, LineTemplateCheck.problem(template) == nil else { return nil }
        let asked = LineCache.asked(flag: source, environment: environment)
        let cached = LineCache(environment: environment).load()
        guard symbols.allSatisfy({ cached[LineKey(symbol: $0, asked: asked)] != nil }) else { return nil }
        let now = ClockOverride.now(environment: environment).secondsSinceEpoch
        if symbols.contains(where: {
            cached[LineKey(symbol: $0, asked: asked)]?.isStale(now: now, maxAge: Int64(maxAge)) ?? false
        }) {
            LineCommand.spawnRefresh(
                symbols: symbols, maxAge: maxAge, sourceArguments: source.map { ["--source", $0] } ?? [])
        }
        let caps = TerminalCapabilities.resolve(environment: environment, isTTY: false, windowColumns: nil)
        return StatusLineWriter.line(
            LineChoice.items(symbols, asked: asked, cached: cached, now: now, maxAge: Int64(maxAge)),
            template: template, style: style, separator: separator, unicode: caps.supportsUnicode)
    }
}
