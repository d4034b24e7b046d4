import SquarestockCore
import SquarestockKit

/// `squarestock chrat AAPL` would quote a ticker CHRAT: the default command takes any word. A
/// first word in lower case that is one or two edits from a command (`qoute`, `wacth`, `doctr`)
/// and is not a listed symbol is taken for a mistyped command, and the command is suggested.
enum CommandTypo {
    /// The message for `arguments` (without the program name), or nil when they are fine.
    static func message(_ arguments: [String], commands: [String], isListed: (String) -> Bool) -> String? {
        guard let word = arguments.first, !commands.contains(word), word.count >= 3, word.count <= 12,
            word.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return nil }
        let allowed = word.count <= 4 ? 1 : 2
        let close = commands.map { ($0, distance(word, $0)) }.filter { $0.1 <= allowed }.min { $0.1 < $1.1 }
        guard let (command, _) = close, !isListed(word) else { return nil }
        return "'\(word)' is not a command; did you mean `squarestock \(command)`? "
            + "To quote a symbol named \(word.uppercased()), write `squarestock quote \(word.uppercased())`"
    }

    /// The message for `help WORD...` where a word is no command at its level (`help serch`,
    /// `help portfolio serch` printed a whole help and exited 0, as if the word had been
    /// understood), or nil. `children` gives the subcommands under a path of command names
    /// (`[]`: the top level), nil for a command that has none.
    static func helpMessage(_ arguments: [String], children: ([String]) -> [String]?) -> String? {
        guard arguments.first == "help" else { return nil }
        var path: [String] = []
        for word in arguments.dropFirst() {
            guard !word.hasPrefix("-"), let names = children(path), !names.isEmpty else { return nil }
            if names.contains(word) || (path.isEmpty && word == "help") {
                path.append(word)
                continue
            }
            let shown = TerminalText.visible(word)
            let lower = word.lowercased()
            let allowed = lower.count <= 4 ? 1 : 2
            let prefix = (["squarestock", "help"] + path).joined(separator: " ")
            if let (command, _) = names.map({ ($0, distance(lower, $0)) }).filter({ $0.1 <= allowed })
                .min(by: { $0.1 < $1.1 })
            {
                return "'\(shown)' is not a command; did you mean `\(prefix) \(command)`?"
            }
            return "'\(shown)' is not a command; `\(prefix)` lists them"
        }
        return nil
    }

    /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in stride(from: 1, through: x.count, by: 1) {
            for j in stride(from: 1, through: y.count, by: 1) {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
