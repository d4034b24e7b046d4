import ArgumentParser
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockPortfolio
import SquarestockRendering

/// What every `portfolio` subcommand takes: which portfolio, how to print, and where quotes
/// come from (for valuing). Resolved into `Settings` once in `validate()`.
struct PortfolioOptions: ParsableArguments {
    @Option(name: .long, help: "The portfolio (default main). Env: SQUARESTOCK_PORTFOLIO. Config: portfolio.")
    var portfolio: String?

    @Option(
        name: .long,
        help:
            "Set the portfolio's lot method first: fifo (default), lifo, hifo, average (kept for later commands; import and sync set it once they write)."
    )
    var method: String?

    @Option(name: .long, help: "Output format: table (default on a terminal), json, csv.")
    var format: QuoteCommand.Format?

    @Flag(name: .long, help: "No colours (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    @OptionGroup var source: SourceOptions

    var resolved = ResolvedSettings()

    mutating func resolveSettings() throws {
        if let name = portfolio, name.isEmpty || name.count > 64 || name.contains(where: \.isNewline) {
            throw ValidationError("--portfolio must be a name of 1 to 64 characters")
        }
        if let method, LotMethod(rawValue: method.lowercased()) == nil {
            throw ValidationError("--method must be one of fifo, lifo, hifo, average")
        }
        var flags = source.flags
        flags.portfolio = portfolio
        resolved.value = try SourceOptions.resolve(flags)
    }

    /// The facade on the resolved settings, with `--method` applied to the portfolio first.
    func app() throws -> SquarestockApp {
        let app = SquarestockApp(settings: try settings())
        try applyMethod(app)
        return app
    }

    /// The facade for a command that may write nothing (an import or sync: a preview, refused
    /// rows): `--method` is set by `applyMethod` once its write has gone ahead, not before (it
    /// recomputes realized gains, and a preview set it). A preview says so.
    func appSettingMethodLater(preview: Bool) throws -> SquarestockApp {
        if preview, method != nil {
            Terminal.writeError("note: a preview changes nothing; --method sets the portfolio's method with --yes\n")
        }
        return SquarestockApp(settings: try settings())
    }

    /// Sets `--method` on the portfolio, saying which realized gains it recomputed.
    func applyMethod(_ app: SquarestockApp) throws {
        guard let m = method.flatMap({ LotMethod(rawValue: $0.lowercased()) }) else { return }
        let (_, note) = try PortfolioOutput.run { () throws(PortfolioError) in try app.portfolioMethod(m) }
        if let note { Terminal.writeError("note: " + note + "\n") }
    }

    func settings() throws -> Settings {
        if let s = resolved.value { return s }
        var flags = source.flags
        flags.portfolio = portfolio
        return try SourceOptions.resolve(flags)
    }

    func output(_ settings: Settings) -> (format: QuoteCommand.Format, caps: TerminalCapabilities) {
        let caps = TerminalCapabilities.detect(environment: settings.environment, fd: 1, forceNoColour: noColor)
        return (format ?? (caps.isTTY ? .table : .csv), caps)
    }
}

/// A ledger error ends the command with its message and exit 1; nothing was written.
enum PortfolioOutput {
    /// Runs `body`; its error (a ledger's or a return's: each says what to do) is printed as
    /// one line and the command exits 1.
    static func run<T, E: Error & CustomStringConvertible>(_ body: () throws(E) -> T) throws -> T {
        do { return try body() } catch {
            Terminal.writeError("squarestock: " + error.description + "\n")
            throw ExitCode(1)
        }
    }

    /// `text` as an exact decimal, or the reason it is not one: a number with more digits than
    /// an exact decimal keeps (18 in all, 18 after the point) is too large or too precise, not
    /// "not a number".
    static func number(_ text: String, _ what: String) throws -> ExactDecimal {
        try plainDigits(text, what)
        if let d = ExactDecimal(text) { return d }
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? Substring(text.dropFirst()) : Substring(text)
        guard ExactDecimal.isPlainDecimalText(body.utf8) else {
            throw ValidationError("\(what) must be a number (got '\(TerminalText.visible(text))')")
        }
        let whole = body.utf8.prefix { $0 != UInt8(ascii: ".") }.drop { $0 == UInt8(ascii: "0") }.count
        throw ValidationError(
            whole > 18
                ? "\(what) \(text) is too large: squarestock keeps numbers exactly up to 18 digits"
                : "\(what) \(text) has more digits than squarestock keeps exactly (18 in all, at most 18 after the point)"
        )
    }

    /// Refuses a typed amount written with an exponent (`--fee 1e1` was a fee of 10.00, a price
    /// of `1.5e2` 150): digits as they are read. Anything else is left to the value's own check.
    static func plainDigits(_ text: String?, _ what: String) throws {
        guard let text, ExactDecimal(text) != nil else { return }
        guard ExactDecimal.isWrittenOut(text) else {
            throw ValidationError(
                "\(what) must be written out in digits, without an exponent (got '\(TerminalText.visible(text))')")
        }
    }

    /// `--date YYYY-MM-DD`, else today.
    static func date(_ text: String?, app: SquarestockApp) throws -> CivilDate {
        guard let text else { return app.portfolioToday }
        guard let d = DateTimeParsing.isoDate(text) else {
            throw ValidationError("--date must be YYYY-MM-DD (got '\(TerminalText.visible(text))')")
        }
        return d
    }

    /// One line per recorded entry, then the notes; with `--format json` or `csv` given, the
    /// entries as `history` writes them (ids, exact amounts), for a script to read.
    static func recorded(_ entries: [JournalEntry], notes: [String], format: QuoteCommand.Format?) {
        defer { for n in notes { Terminal.writeError("note: " + n + "\n") } }
        switch format {
        case .json:
            Terminal.writeOut(JournalJSON.write(entries, asRecorded: true))
            return
        case .csv:
            Terminal.writeOut(LedgerCSVWriters.history(entries))
            return
        case .table, nil: break
        }
        for e in entries {
            var line = "recorded #\(e.id ?? 0): \(e.date) \(e.kind.rawValue)"
            if let s = e.symbol { line += " " + s }
            if let q = e.quantity { line += " \(q)" }
            if let p = e.price { line += " @ \(p) \(e.currency)" }
            if e.kind == .split { line += " \(e.splitNumerator ?? 0):\(e.splitDenominator ?? 0)" }
            if e.kind != .split {
                line += ", " + MinorUnits.text(e.amount, exponent: e.exponent) + " " + e.currency
            }
            if e.fee != 0 { line += " + fee " + MinorUnits.text(e.fee, exponent: e.exponent) }
            if e.withheld != 0 { line += ", withheld " + MinorUnits.text(e.withheld, exponent: e.exponent) }
            if let r = e.fxRate { line += " (1 \(e.currency) = \(r)" + (e.fxBase.map { " " + $0 } ?? "") + ")" }
            Terminal.writeOut(line + "\n")
        }
    }

    /// A command's one answer: its sentence, or with `--format json` or `csv` given, its fields
    /// (an object of strings; a header and a row).
    static func answer(_ sentence: String, _ fields: KeyValuePairs<String, String>, format: QuoteCommand.Format?) {
        switch format {
        case .json:
            let members = fields.map { JSONText.quoted($0.key) + ": " + JSONText.quoted($0.value) }
            Terminal.writeOut("{" + members.joined(separator: ", ") + "}\n")
        case .csv:
            Terminal.writeOut(
                fields.map(\.key).joined(separator: ",") + "\n"
                    + fields.map { CSVText.quoted($0.value) }.joined(separator: ",") + "\n")
        case .table, nil:
            Terminal.writeOut(sentence + "\n")
        }
    }
}
