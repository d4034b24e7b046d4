import Foundation
import SquarestockCore

/// The three shapes of `squarestock search` output; pure, like the quote writers.
package enum SearchResultWriter {
    package static func table(_ rows: [SearchResultRow], width: Int, palette: Palette) -> String {
        guard !rows.isEmpty else { return "" }
        let symbolWidth = max(6, rows.map { TerminalText.displayWidth($0.symbol) }.max() ?? 6)
        let exchangeWidth = min(18, max(8, rows.map { TerminalText.displayWidth($0.exchange) }.max() ?? 8))
        let typeWidth = 9
        let fixed = symbolWidth + exchangeWidth + typeWidth + 5 + 14 + 8
        let nameWidth = max(12, width - fixed)
        func line(_ cols: [String], symbolRole: PaletteRole? = nil) -> String {
            let symbol = TerminalText.padRight(cols[0], toWidth: symbolWidth)
            return [
                symbolRole.map { palette.paint(symbol, $0) } ?? symbol, TerminalText.fit(cols[1], toWidth: nameWidth),
                TerminalText.fit(cols[2], toWidth: exchangeWidth), TerminalText.padRight(cols[3], toWidth: typeWidth),
                TerminalText.padLeft(cols[4], toWidth: 5), cols[5],
            ].joined(separator: "  ")
        }
        var out = palette.paint(line(["SYMBOL", "NAME", "EXCHANGE", "TYPE", "SCORE", "ORIGIN"]), .dim) + "\n"
        for r in rows {
            out += line([r.symbol, r.name, r.exchange, r.type, String(r.score), r.origin], symbolRole: .bold) + "\n"
        }
        return out
    }

    package static func json(_ rows: [SearchResultRow]) -> String {
        if rows.isEmpty { return "[]\n" }
        let s = JSONText.quoted
        return "[\n"
            + rows.map {
                "  {\"symbol\": \(s($0.symbol)), \"name\": \(s($0.name)), \"exchange\": \(s($0.exchange)), \"type\": \(s($0.type)), \"score\": \($0.score), \"origin\": \(s($0.origin))}"
            }.joined(separator: ",\n") + "\n]\n"
    }

    package static func csv(_ rows: [SearchResultRow]) -> String {
        // Names come from the directory and `--online`: marked where a spreadsheet would evaluate them.
        let f = SpreadsheetCell.csv
        return
            (["symbol,name,exchange,type,score,origin"]
            + rows.map {
                [f($0.symbol), f($0.name), f($0.exchange), f($0.type), String($0.score), f($0.origin)].joined(
                    separator: ",")
            }).joined(separator: "\n") + "\n"
    }
}
