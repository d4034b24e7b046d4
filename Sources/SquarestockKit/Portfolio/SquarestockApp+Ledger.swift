import SquarestockCore
import SquarestockMarket
import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger commands besides valuation: lots, realized gains, the journal, import and export,
/// undo, backup and the lot method. Each opens the settings' portfolio once.
extension SquarestockApp {
    /// The currency `symbol` is held in, if it is held (a trade's default currency).
    public func portfolioCurrency(of symbol: String) -> String? {
        guard let held = try? EntryFactory.symbol(symbol) else { return nil }
        return (try? portfolioLedger(create: false).book(of: held))?.lots[held]?.first?.currency
    }

    /// The currency of a trade or dividend of `symbol`: `given` (`--currency`), else, with a
    /// note when it was not the holding's, the holding's, else the listing's (SAP.DE in EUR,
    /// 7203.T in JPY, BTC-EUR in EUR), else USD. SAP.DE bought at 190.02 was recorded in
    /// dollars, unsaid. A listing quoted in pence (London) is refused: a price typed in pence
    /// taken as pounds is a hundred times the cost.
    public func tradeCurrency(of symbol: String, given: String?) throws(PortfolioError) -> (
        code: String, note: String?
    ) {
        if let given { return (given, nil) }
        if let held = portfolioCurrency(of: symbol) { return (held, nil) }
        return try listingCurrency(of: symbol) ?? ("USD", nil)
    }

    /// The currency a symbol's own form names, with a note when it is not USD: a pair's quote
    /// currency (BTC-EUR), a listing suffix's exchange (SAP.DE: EUR, 7203.T: JPY); nil for a
    /// symbol that names neither (a plain ticker, a house). A listing quoted in pence (London) is
    /// refused, as is a suffix squarestock does not know (`.NS`): dollars would be a guess.
    func listingCurrency(of symbol: String) throws(PortfolioError) -> (code: String, note: String?)? {
        let s = symbol.uppercased()
        if let dash = s.lastIndex(of: "-"), case let code = String(s[s.index(after: dash)...]),
            CurrencyExponent.of(code) != nil
        {
            return (
                code,
                code == "USD" ? nil : "recorded in \(code), the pair's quote currency (--currency to give another)"
            )
        }
        guard s.contains("."), !s.hasPrefix("^") else { return nil }
        guard let exchange = ExchangeRegistry.standard.exchange(forSymbol: s) else {
            throw .invalidEntry(
                "squarestock does not know the currency of \(TerminalText.visible(s))'s listing; give --currency")
        }
        guard !exchange.isContinuous else { return nil }
        let currency = exchange.currency
        if currency.perMajor != 1 {
            throw .invalidEntry(
                "\(exchange.name) quotes \(s) in \(currency.minorLabel ?? "minor units"); give --currency "
                    + "\(currency.majorCode), with the price or amount in \(currency.majorCode)")
        }
        let code = currency.majorCode
        guard CurrencyExponent.of(code) != nil else { return nil }
        return (
            code,
            code == "USD" ? nil : "recorded in \(code), the currency of \(exchange.name) (--currency to give another)"
        )
    }

    /// The open lots, of one symbol or all, oldest first.
    public func portfolioLots(_ symbol: String?) throws(PortfolioError) -> [Lot] {
        let book = try readLedger().book()
        let symbols = symbol.map { [$0.uppercased()] } ?? book.lots.keys.sorted()
        return symbols.flatMap { book.lots[$0] ?? [] }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    }

    /// Every sale's realized gain, of one calendar year or all.
    public func portfolioRealized(year: Int?) throws(PortfolioError) -> [Disposal] {
        let book = try readLedger().book()
        return book.disposals.filter { d in year.map { d.date.year == $0 } ?? true }
    }

    /// The journal as recorded (reversals included), filtered by symbol and kind.
    public func portfolioHistory(symbol: String?, kind: String?) throws(PortfolioError) -> [JournalEntry] {
        try readLedger().entries().filter { e in
            (symbol.map { e.symbol == $0.uppercased() } ?? true)
                && (kind.map { e.kind.rawValue == $0.lowercased() } ?? true)
        }
    }

    /// What importing the CSV file at `path` would do, after the same check the import makes
    /// (a sale of shares never held is refused here, not only at `--yes`), with nothing kept:
    /// the first `shown` rows, each marked new or already imported, and the counts of all.
    public func previewPortfolioImport(path: String, shown: Int) throws(PortfolioError) -> ImportPreview {
        // A portfolio that does not exist yet is previewed as an empty one in a scratch ledger
        // (`ScratchLedger`): a preview keeps nothing, and leaves the real ledger unwritten.
        if let ledger = try existingPortfolio().ledger { return try preview(path: path, shown: shown, in: ledger) }
        return try ScratchLedger.with(name: settings.portfolioName, environment: settings.environment) {
            ledger throws(PortfolioError) in try preview(path: path, shown: shown, in: ledger)
        }
    }

    /// `previewPortfolioImport` in `ledger`: the import's stream, rolled back.
    private func preview(path: String, shown: Int, in ledger: PortfolioLedger) throws(PortfolioError)
        -> ImportPreview
    {
        var preview = ImportPreview()
        let today = portfolioToday
        let rows = JournalCSV.estimatedRows(path: path)
        var lines = EntryLines()
        let lineOf: (Int64) -> Int? = { lines.line(of: $0) }
        let undone = try ledger.undoneImportKeys()
        _ = try ledger.stream(keep: false, expectedRows: rows, lineOf: lineOf) {
            add, vouch throws(PortfolioError) in
            try JournalCSV.read(path: path, today: today, method: ledger.method, vouch: vouch) {
                e, line throws(PortfolioError) in
                let (id, isNew) = try add(e)
                preview.count(e, isNew: isNew, undone: Self.wasUndone(e, isNew: isNew, keys: undone), shown: shown)
                if isNew { lines.add(id: id, line: line) }
                return (id, isNew)
            }
        }
        return preview
    }

    /// Imports a CSV file of any size in one transaction, read as it is written: all of its new
    /// rows, or nothing; the count written and the notes on likely slips (a dividend of a symbol
    /// never held, cash gone negative). The file's estimated size in rows lets a large import
    /// build the journal's indexes once at the end (`JournalWriter`). `rows`: the file's data
    /// rows, new or not (0: a header alone).
    public func importPortfolio(path: String) throws(PortfolioError) -> (written: Int, notes: [String], rows: Int) {
        let today = portfolioToday
        let rows = JournalCSV.estimatedRows(path: path)
        // The line of each new entry, so a row the check refuses (a sale of more than is held,
        // found once every row is in) is named by its line as a row the reader refuses is.
        var lines = EntryLines()
        let lineOf: (Int64) -> Int? = { lines.line(of: $0) }
        let ledger = try portfolioLedger(create: true)
        let undoneKeys = try ledger.undoneImportKeys()
        var (read, undone) = (0, 0)
        let (written, notes) = try ledger.stream(keep: true, expectedRows: rows, lineOf: lineOf) {
            add, vouch throws(PortfolioError) in
            try JournalCSV.read(path: path, today: today, method: ledger.method, vouch: vouch) {
                e, line throws(PortfolioError) in
                let (id, isNew) = try add(e)
                read += 1
                if isNew { lines.add(id: id, line: line) }
                if Self.wasUndone(e, isNew: isNew, keys: undoneKeys) { undone += 1 }
                return (id, isNew)
            }
        }
        return (written, notes + [ExportImportPlan.undoneNote(undone)].compactMap { $0 }, read)
    }

    /// Whether `e`, held already (not new), is held by an entry `undo` reversed (`keys`, the
    /// ledger's `undoneImportKeys`).
    private static func wasUndone(_ e: JournalEntry, isNew: Bool, keys: Set<String>) -> Bool {
        !isNew && !keys.isEmpty && (keys.contains(e.importKey ?? "") || keys.contains(e.formerImportKey ?? ""))
    }

    /// The journal in effect as CSV (the import layout), JSON or an hledger journal.
    public func exportPortfolio(format: String) throws(PortfolioError) -> String {
        let ledger = try readLedger()
        let entries = try ledger.entries()
        switch format {
        case "csv": return JournalCSV.write(entries, method: ledger.method)
        case "json": return JournalJSON.write(entries, method: ledger.method)
        default: return try LedgerJournalWriter.write(entries, method: ledger.method)
        }
    }

    /// Reverses the last entry in effect.
    public func undoPortfolio() throws(PortfolioError) -> [(reversal: JournalEntry, undone: JournalEntry)] {
        try portfolioLedger(create: false).undo(today: portfolioToday)
    }

    /// A consistent copy of the ledger file (SQLite's online backup). An interrupt removes the
    /// copy made so far (opened later, it read as an empty ledger), once this command made it:
    /// never a file that was there before.
    public func backupPortfolio(to path: String) throws(PortfolioError) {
        let store = try readLedger().store
        var caught: CaughtSignals?
        defer { caught?.release() }
        try store.backup(to: path) {
            caught = CaughtSignals([SIGINT, SIGTERM, SIGHUP], label: "squarestock.backup.signals") { sig in
                PortfolioStore.removeCopy(path)
                _exit(128 + sig)
            }
        }
    }

    /// The portfolio's lot method, set when `method` is given, and a note naming the years whose
    /// realized gains the change recomputes (a tax year already filed must not change without a
    /// word), with how to go back.
    public func portfolioMethod(_ method: LotMethod?) throws(PortfolioError) -> (method: LotMethod, note: String?) {
        // Shown only: a named portfolio that does not exist is not made by asking its method (the
        // default one is made by a first run, as every read of it does).
        guard let method else { return (try readLedger().method, nil) }
        // Set only if the journal replays under it (a named-lot sale, say, has no lot to name in
        // an average-cost pool).
        var ledger = try portfolioLedger(create: true)
        let old = ledger.method
        let changes = try ledger.setMethod(method)
        guard !changes.isEmpty else { return (method, nil) }
        let years = changes.map(\.text)
        return (
            method,
            "realized gains recomputed under \(method.rawValue) (were \(old.rawValue)): "
                + years.joined(separator: ", ")
                + "; if a tax year among them is filed, `squarestock portfolio method \(old.rawValue)` sets the method back"
        )
    }
}

extension SquarestockApp {
    /// Moves the entries of `old` (as stored, any text) to the symbol `new` (`PortfolioLedger.rename`).
    public func renamePortfolioSymbol(_ old: String, to new: String, merging: Bool) throws(PortfolioError) -> (
        moved: Int, symbol: String
    ) {
        try portfolioLedger(create: false).rename(old, to: new, merging: merging, today: portfolioToday)
    }
}
