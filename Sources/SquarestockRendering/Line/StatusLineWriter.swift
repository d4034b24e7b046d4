import SquarestockCore

/// `squarestock line`: quotes as one short line for a status bar, from a template
/// (`{symbol} {price} {change} {changePercent} {currency} {arrow}`), coloured in the bar's own
/// syntax: tmux `#[fg=green]`, polybar `%{F#00c000}`, i3bar's JSON blocks with a `color`; `plain`
/// never holds an escape sequence. Numbers are shown as everywhere else (the venue's own decimals
/// when known, else 2, or 4 below 1).
package enum StatusLineWriter {
    package enum Style: String, CaseIterable, Sendable {
        case plain, tmux, polybar, i3bar
    }

    package static let defaultTemplate = "{symbol} {price} {changePercent}"

    package struct Item: Sendable, Equatable {
        package var symbol: String
        package var price: ExactDecimal?
        package var change: ExactDecimal?
        package var changePercent: ExactDecimal?
        package var currency: String
        /// The venue's price decimals (8 for DASH-BTC), nil when unknown.
        package var decimals: Int?
        /// What the price needs said (`samples, recorded`, `5m old`), after the template's text
        /// in parentheses; empty for a fresh price of the source asked for.
        package var mark = ""

        package init(
            symbol: String, price: ExactDecimal?, change: ExactDecimal?, changePercent: ExactDecimal?, currency: String
        ) {
            self.symbol = symbol
            self.price = price
            self.change = change
            self.changePercent = changePercent
            self.currency = currency
        }
    }

    /// The template's placeholders, as `text` fills them.
    package static let placeholders = ["symbol", "price", "change", "changePercent", "currency", "arrow"]

    /// One item's text from the template; `—` (`-` without Unicode) for what is unknown.
    package static func text(_ item: Item, template: String, unicode: Bool) -> String {
        let missing = unicode ? "—" : "-"
        let direction = item.change?.sign ?? item.changePercent?.sign ?? 0
        let arrow =
            direction > 0 ? (unicode ? "▲" : "+") : (direction < 0 ? (unicode ? "▼" : "-") : (unicode ? "▪" : "="))
        var out = template
        let values: [(String, String)] = [
            ("{symbol}", item.symbol),
            ("{price}", item.price.map { NumberFormatting.price($0, decimals: item.decimals) } ?? missing),
            (
                "{change}",
                item.change.map { NumberFormatting.signedChange($0, reference: item.price, decimals: item.decimals) }
                    ?? missing
            ),
            ("{changePercent}", item.changePercent.map { NumberFormatting.signedPercent($0) } ?? missing),
            ("{currency}", item.currency),
            ("{arrow}", item.price == nil ? missing : arrow),
        ]
        for (key, value) in values { out = out.replacingOccurrences(of: key, with: TerminalText.sanitize(value)) }
        if !item.mark.isEmpty { out += " (" + TerminalText.sanitize(item.mark) + ")" }
        return out
    }

    /// The user's text without escapes or control characters, its line feeds and tabs as spaces:
    /// a status bar shows one line.
    static func oneLine(_ text: String) -> String {
        TerminalText.stripControls(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
            of: "\t", with: " ")
    }

    /// The whole line in `style`. The template and separator lose their control characters
    /// and escape sequences first: `plain` promises none, and the other styles colour in the
    /// bar's syntax, never the terminal's.
    package static func line(
        _ items: [Item], template rawTemplate: String, style: Style, separator rawSeparator: String, unicode: Bool
    ) -> String {
        let template = oneLine(rawTemplate)
        let separator = oneLine(rawSeparator)
        func colour(_ item: Item) -> (tmux: String, hex: String)? {
            let sign = item.change?.sign ?? item.changePercent?.sign ?? 0
            if item.price == nil || sign == 0 { return nil }
            return sign > 0 ? ("green", "#00c000") : ("red", "#e00000")
        }
        switch style {
        case .plain:
            return items.map { text($0, template: template, unicode: unicode) }.joined(separator: separator)
        case .tmux:
            return items.map { item in
                let t = text(item, template: template, unicode: unicode).replacingOccurrences(of: "#", with: "##")
                return colour(item).map { "#[fg=\($0.tmux)]" + t + "#[default]" } ?? t
            }.joined(separator: separator)
        case .polybar:
            return items.map { item in
                let t = text(item, template: template, unicode: unicode).replacingOccurrences(of: "%", with: "%%")
                return colour(item).map { "%{F\($0.hex)}" + t + "%{F-}" } ?? t
            }.joined(separator: separator)
        case .i3bar:
            let s = JSONText.quoted
            return "["
                + items.map { item in
                    "{\"full_text\": \(s(text(item, template: template, unicode: unicode))), \"name\": \(s(item.symbol))"
                        + (colour(item).map { ", \"color\": \(s($0.hex))" } ?? "") + "}"
                }.joined(separator: ", ") + "]"
        }
    }
}
