import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockPortfolio
import SquarestockRendering

struct PortfolioUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Reverse the last entry (the journal keeps both).",
        discussion:
            "The entries one row of a broker's or exchange's export made (a Trading 212 trade and its currency conversion) are reversed together; an export that writes a fee or a conversion on rows of its own (DEGIRO) takes an undo each. A row undone stays out when its file is imported again."
    )
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let app = try options.app()
        let pairs = try PortfolioOutput.run { () throws(PortfolioError) in try app.undoPortfolio() }
        if options.format == .json || options.format == .csv {
            return PortfolioOutput.recorded(pairs.map(\.reversal), notes: [], format: options.format)
        }
        for (reversal, undone) in pairs {
            Terminal.writeOut(
                "recorded #\(reversal.id ?? 0): reverses #\(undone.id ?? 0) (\(undone.date) \(undone.kind.rawValue)"
                    + (undone.symbol.map { " " + $0 } ?? "") + ")\n")
        }
        if pairs.count > 1 {
            Terminal.writeOut("(one row of an import made these \(pairs.count) entries: they are undone together)\n")
        }
    }
}

struct PortfolioRename: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Move a symbol's entries to another symbol (a ticker change, FB to META).",
        discussion:
            "Each entry is reversed and recorded again under the new symbol, with its date, amounts and note; the journal keeps both. It also repairs a symbol an older squarestock accepted that the exports cannot write."
    )
    @Argument(help: "The symbol as the ledger holds it.") var old: String
    @Argument(help: "The new symbol.") var new: String
    @Flag(name: .long, help: "Move them even when the new symbol has entries of its own (the two become one).")
    var merge = false
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let app = try options.app()
        let (moved, symbol) = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.renamePortfolioSymbol(old, to: new, merging: merge)
        }
        PortfolioOutput.answer(
            "moved \(moved) \(moved == 1 ? "entry" : "entries") to \(symbol)",
            ["moved": String(moved), "symbol": symbol], format: options.format)
    }
}

struct PortfolioLots: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lots", abstract: "The open lots, with their cost.")
    @Argument(help: "Only this symbol's lots.") var symbol: String?
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let settings = try options.settings()
        let app = try options.app()
        let lots = try PortfolioOutput.run { () throws(PortfolioError) in try app.portfolioLots(symbol) }
        switch options.output(settings).format {
        case .table: Terminal.writeOut(LedgerWriters.lotsTable(lots))
        case .json: Terminal.writeOut(LedgerWriters.lotsJSON(lots))
        case .csv: Terminal.writeOut(LedgerCSVWriters.lots(lots))
        }
    }
}

struct PortfolioRealized: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "realized", abstract: "Each sale: lots used, proceeds, cost basis, fees, gain, short or long.")
    @Option(name: .long, help: "Only sales in this calendar year.") var year: Int?
    @Option(
        name: .long,
        help:
            "Each lot of each sale in this currency, at the rates of the purchase's and the sale's days (for a tax return)."
    ) var base: String?
    @Flag(name: .long, help: "With --base: use only the rates the ledger has; fetch nothing.") var offline = false
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let settings = try options.settings()
        let app = try options.app()
        if let base {
            let (lots, notes) = try PortfolioOutput.run { () throws(ReturnsError) in
                try app.portfolioRealizedLots(year: year, base: base, offline: offline)
            }
            let code = base.uppercased()
            switch options.output(settings).format {
            case .table: Terminal.writeOut(RealizedLotsWriter.table(lots, base: code))
            case .json: Terminal.writeOut(RealizedLotsWriter.json(lots, base: code))
            case .csv: Terminal.writeOut(RealizedLotsWriter.csv(lots, base: code))
            }
            for n in notes { Terminal.writeError("note: " + n + "\n") }
            return
        }
        let sales = try PortfolioOutput.run { () throws(PortfolioError) in try app.portfolioRealized(year: year) }
        switch options.output(settings).format {
        case .table: Terminal.writeOut(LedgerWriters.realizedTable(sales))
        case .json: Terminal.writeOut(LedgerWriters.realizedJSON(sales))
        case .csv: Terminal.writeOut(LedgerCSVWriters.realized(sales))
        }
    }
}

struct PortfolioHistory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "The journal as recorded, reversals included.")
    @Option(name: .long, help: "Only this symbol.") var symbol: String?
    @Option(name: .long, help: "Only this kind: buy, sell, dividend, split, deposit, withdraw, reversal.") var kind:
        String?
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws {
        try options.resolveSettings()
        if let kind, EntryKind(rawValue: kind.lowercased()) == nil {
            throw ValidationError("--kind must be one of " + EntryKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    func run() throws {
        let settings = try options.settings()
        let app = try options.app()
        let entries = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.portfolioHistory(symbol: symbol, kind: kind)
        }
        switch options.output(settings).format {
        case .table:
            if entries.isEmpty && (symbol != nil || kind != nil) {
                // The journal may hold entries, just none of these.
                let asked = [symbol.map { "--symbol \(TerminalText.visible($0))" }, kind.map { "--kind \($0)" }]
                Terminal.writeOut("no entry matches " + asked.compactMap { $0 }.joined(separator: " ") + "\n")
            } else {
                Terminal.writeOut(LedgerWriters.historyTable(entries))
            }
        case .json: Terminal.writeOut(JournalJSON.write(entries, asRecorded: true))
        case .csv: Terminal.writeOut(LedgerCSVWriters.history(entries))
        }
    }
}

struct PortfolioImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import trades from squarestock's CSV layout or a broker's or exchange's export.",
        discussion: """
            squarestock's own columns: \(JournalCSV.columns.joined(separator: ",")). Exports read as they are: \
            \(ExportFormat.allCases.map { "\($0.rawValue) (\($0.title))" }.joined(separator: "; ")); the format is \
            found from the header, or named with --from. Without --yes it shows what would be imported: each row \
            new or already imported (an export's also skipped or refused, with why). Rows already imported are \
            skipped, so a file can be imported again safely. A file with refused rows imports nothing: \
            squarestock's own CSV names its first refused row (fix it and import again); an export's other rows \
            are imported with --skip-refused.
            """
    )
    @Argument(help: "The CSV file.") var file: String
    @Option(name: .long, help: "The file's layout: squarestock, or an export (see above).") var from: String?
    @Flag(name: .long, help: "Import (without it, only a preview).") var yes = false
    @Flag(name: .long, help: "Import the other rows of an export whose rows are partly refused.")
    var skipRefused = false
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws {
        try options.resolveSettings()
        if let from, from.lowercased() != "squarestock", ExportFormat(rawValue: from.lowercased()) == nil {
            throw ValidationError(
                "--from must be squarestock or one of "
                    + ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// The rows a preview lists; the rest are counted.
    static let shownRows = 1000

    func run() throws {
        let app = try options.appSettingMethodLater(preview: !yes)
        let format = from.flatMap { ExportFormat(rawValue: $0.lowercased()) }
        if format == nil, from?.lowercased() == "squarestock" || app.isJournalCSV(path: file) {
            try importJournalCSV(app)
        } else {
            try importExport(app, format: format)
        }
    }

    func importJournalCSV(_ app: SquarestockApp) throws {
        // Its rows are checked and written in one pass, in bounded memory (a file of any size), so
        // the whole file is taken or none of it: there is no other row to keep.
        if skipRefused {
            throw ValidationError(
                "--skip-refused is for a broker's or exchange's export; squarestock's own CSV is imported whole "
                    + "or not at all: fix the row it names and import it again (rows already imported are skipped)")
        }
        if !yes {
            let preview = try PortfolioOutput.run { () throws(PortfolioError) in
                try app.previewPortfolioImport(path: file, shown: Self.shownRows)
            }
            guard preview.total > 0 else {
                Terminal.writeOut("the file has no rows after its header; nothing to import\n")
                return
            }
            Terminal.writeOut(
                LedgerWriters.historyTable(preview.rows, marks: preview.marks))
            if preview.total > preview.rows.count {
                Terminal.writeOut("(the first \(preview.rows.count) rows of \(preview.total))\n")
            }
            let undoneSince = preview.undone > 0 ? " (\(preview.undone) of them undone since)" : ""
            Terminal.writeOut(
                preview.new == 0
                    ? "\(preview.total) \(preview.total == 1 ? "row" : "rows"), all already imported\(undoneSince); nothing to import\n"
                    : "\(preview.total) \(preview.total == 1 ? "row" : "rows"), \(preview.new) new, \(preview.total - preview.new) already imported\(undoneSince); run again with --yes to import\n"
            )
            if let note = ExportImportPlan.undoneNote(preview.undone) { Terminal.writeOut("note: " + note + "\n") }
            return
        }
        let (written, notes, rows) = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.importPortfolio(path: file)
        }
        try options.applyMethod(app)
        // A file of a header alone says so, as its preview does.
        PortfolioOutput.answer(
            rows == 0
                ? "the file has no rows after its header; nothing imported"
                : "imported \(written) \(written == 1 ? "entry" : "entries")", ["imported": String(written)],
            format: options.format)
        for n in notes { Terminal.writeError("note: " + n + "\n") }
    }

    func importExport(_ app: SquarestockApp, format: ExportFormat?) throws {
        let plan = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.planExportImport(path: file, format: format)
        }
        if yes, plan.new == 0, plan.refused == 0 || skipRefused {
            PortfolioOutput.answer(
                plan.refused > 0
                    ? "nothing to import: of the \(plan.records.count) rows, \(plan.refused) \(plan.refused == 1 ? "is" : "are") refused (the preview "
                        + "without --yes lists them with why) and the others are imported or passed over"
                    : "nothing to import: the \(plan.records.count) rows are all imported or passed over",
                ["imported": "0", "refused": String(plan.refused)], format: options.format)
            for n in ExportImportText.undoneNote(plan) { Terminal.writeError("note: " + n + "\n") }
            return
        }
        if !yes || (plan.refused > 0 && !skipRefused) {
            Terminal.writeOut(ExportImportText.preview(plan))
            if yes {
                Terminal.writeError(
                    "error: \(plan.refused == 1 ? "1 row is" : "\(plan.refused) rows are") refused; nothing was imported. "
                        + "--skip-refused imports the others\n")
                throw ExitCode(1)
            }
            return
        }
        let (written, notes) = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.importExport(plan, skippingRefused: skipRefused)
        }
        try options.applyMethod(app)
        PortfolioOutput.answer(
            "imported \(written) \(written == 1 ? "entry" : "entries") from \(plan.new) \(plan.new == 1 ? "row" : "rows") (\(plan.title))",
            ["imported": String(written), "rows": String(plan.new), "format": plan.title], format: options.format)
        for n in ExportImportText.rowNotes(plan) + ExportImportText.undoneNote(plan) + notes {
            Terminal.writeError("note: " + n + "\n")
        }
    }
}

struct PortfolioSync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Record an exchange account's trades, deposits, withdrawals and rewards in the ledger.",
        discussion: """
            Reads the account's own ledger through its private API (the key of `account login`), page by \
            page, and shows what would be recorded: each event new, already recorded, passed over or refused, \
            with why. --yes records the new ones, a page of events at a time: a sync run again, or after an \
            interrupted one, records nothing twice. Entries are keyed by the exchange's own ids, as an import \
            of its ledgers export is, so the two never double each other. Crypto bought with money is held as \
            ASSET-CURRENCY (BTC-EUR); a trade of one crypto asset for another, and a reward, are valued at the \
            stored close of their day (`portfolio price` records one).
            """)
    @Option(
        name: .long,
        help:
            "Exchange: \(Settings.exchangeNames.joined(separator: ", ")). Env: SQUARESTOCK_EXCHANGE. Config: exchange.")
    var exchange: String?
    @Option(name: .long, help: "Only the account's history from this day on (YYYY-MM-DD).") var since: String?
    @Flag(name: .long, help: "Record (without it, only a preview).") var yes = false
    @Flag(name: .long, help: "Record the other events when some are refused.") var skipRefused = false
    @OptionGroup var options: PortfolioOptions

    mutating func validate() throws {
        if let since, DateTimeParsing.isoDate(since) == nil { throw ValidationError("--since must be YYYY-MM-DD") }
        var flags = options.source.flags
        flags.portfolio = options.portfolio
        flags.exchange = exchange
        options.resolved.value = try SourceOptions.resolve(flags)
    }

    func run() throws {
        let app = try options.appSettingMethodLater(preview: !yes)
        let movements = try AccountOutput.value(
            app.accountMovements(since: since.flatMap { DateTimeParsing.isoDate($0) }))
        let plan = try PortfolioOutput.run { () throws(PortfolioError) in try app.planSync(movements) }
        if yes, plan.new == 0, plan.refused == 0 || skipRefused {
            PortfolioOutput.answer(
                plan.refused > 0
                    ? "nothing to record: of the \(plan.records.count) events, \(plan.refused) \(plan.refused == 1 ? "is" : "are") refused (the preview "
                        + "without --yes lists them with why) and the others are recorded or passed over"
                    : "nothing to record: the \(plan.records.count) events are all recorded or passed over",
                ["recorded": "0", "refused": String(plan.refused)], format: options.format)
            return
        }
        if !yes || (plan.refused > 0 && !skipRefused) {
            Terminal.writeOut(ExportImportText.preview(plan))
            if yes {
                Terminal.writeError(
                    "error: \(plan.refused) events are refused; nothing was recorded. --skip-refused records the others\n"
                )
                throw ExitCode(1)
            }
            return
        }
        let (written, notes) = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.writeSync(plan, skippingRefused: skipRefused)
        }
        try options.applyMethod(app)
        PortfolioOutput.answer(
            "recorded \(written) entries from \(plan.new) events (\(plan.title))",
            ["recorded": String(written), "events": String(plan.new), "source": plan.title], format: options.format)
        for n in ExportImportText.rowNotes(plan) + notes { Terminal.writeError("note: " + n + "\n") }
    }
}

struct PortfolioExport: ParsableCommand {
    enum Kind: String, CaseInsensitiveArgument, CaseIterable { case csv, json, ledger }
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "The journal as CSV (the import layout), JSON, or a journal hledger reads.")
    @Option(name: .customLong("as"), help: "csv (default), json or ledger (hledger's journal); --format csv|json too.")
    var kind: Kind?
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws {
        try options.resolveSettings()
        switch (kind, options.format) {
        case (_, nil): break
        case (nil, .csv), (.csv, .csv), (nil, .json), (.json, .json): break
        case (nil, .table): throw ValidationError("export writes csv, json or ledger (--as), not a table")
        default: throw ValidationError("--as and --format name different formats; give one")
        }
    }

    func run() throws {
        let app = try options.app()
        let chosen = kind ?? (options.format == .json ? .json : .csv)
        let text = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.exportPortfolio(format: chosen.rawValue)
        }
        Terminal.writeOut(text)
    }
}

struct PortfolioBackup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the ledger file safely, even while another squarestock writes.")
    @Argument(help: "The new file.") var file: String
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let app = try options.app()
        try PortfolioOutput.run { () throws(PortfolioError) in try app.backupPortfolio(to: file) }
        PortfolioOutput.answer("backed up to \(file)", ["file": file], format: options.format)
    }
}

struct PortfolioMethod: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "method", abstract: "Show or set the lot method: fifo (default), lifo, hifo, average.")
    @Argument(help: "The method to set.") var method: String?
    @OptionGroup var options: PortfolioOptions
    mutating func validate() throws {
        try options.resolveSettings()
        if let method, LotMethod(rawValue: method.lowercased()) == nil {
            throw ValidationError("the method must be one of fifo, lifo, hifo, average")
        }
    }

    func run() throws {
        let app = try options.app()
        let (m, note) = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.portfolioMethod(method.flatMap { LotMethod(rawValue: $0.lowercased()) })
        }
        PortfolioOutput.answer("lot method: \(m.rawValue)", ["method": m.rawValue], format: options.format)
        if let note { Terminal.writeError("note: " + note + "\n") }
    }
}
