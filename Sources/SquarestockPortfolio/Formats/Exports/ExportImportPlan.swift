import Foundation
import SquarestockCore

/// An export read and checked against the ledger before anything is written: each record marked
/// new, already imported, passed over (with why), folded into another, or refused (with why), and
/// the entries an import would write, in the order they happened. A record is refused when the
/// ledger could not take it where it falls among what the ledger holds (a sale of more than is
/// held: the export starts after the purchase), so an import never stops half-way.
public struct ExportImportPlan: Sendable {
    public enum Status: Sendable, Equatable {
        case new
        case imported
        case skipped(String)
        case refused(String)
        case merged(line: Int)
    }

    /// The file's format (nil for an account's ledger read through its API).
    public let format: ExportFormat?
    /// What was read, for the summary: the format's title, or the account's.
    public let title: String
    /// In the order an import records them (by day; within a day, as they happened).
    public private(set) var records: [ExportRecord]
    public private(set) var status: [Status]
    /// The records marked imported whose entries an `undo` reversed since (by their index in
    /// `records`): they stay out, and the preview says so.
    public private(set) var undone: Set<Int> = []

    /// Reads `path` as `format` (or the format its header names) against the entries the
    /// ledger holds.
    public static func read(
        path: String, format: ExportFormat?, held: [JournalEntry], method: LotMethod, context: ExportContext
    ) throws(PortfolioError) -> ExportImportPlan {
        let bytes: [UInt8]
        switch LocalFileReader.read(path, limit: ExportTable.limit) {
        case .success(let b): bytes = b
        case .failure(let e): throw .unreadableFile(e.description)
        }
        var context = context
        context.heldSymbols.formUnion(held.compactMap(\.symbol))
        let isFlexXML = IBKRFlexXML.isFlex(bytes)
        if format == .ibkrFlexXML || format == nil && isFlexXML {
            guard isFlexXML else {
                throw .importLine(
                    line: 1, detail: "it is not a Flex Query XML (it does not start with FlexQueryResponse)")
            }
            guard let records = IBKRFlexXML.records(bytes, today: context.today, held: context.heldSymbols) else {
                throw .importLine(
                    line: 1, detail: "the Flex Query XML ends inside a tag: the file is cut; download it again")
            }
            guard !records.isEmpty else {
                throw .importLine(
                    line: 1,
                    detail: "the Flex Query XML has no Trade, CashTransaction or CorporateAction: tick those sections "
                        + "in the Flex Query")
            }
            let xml = ExportFormat.ibkrFlexXML
            var plan = ExportImportPlan(format: xml, title: xml.title, records: records, status: [])
            try plan.check(held: held, method: method)
            return plan
        }
        let (table, first) = ExportTable.read(bytes) { cells in
            format.map { $0.isHeader(cells) } ?? (ExportFormat.detect(cells) != nil)
        }
        guard let table, let format = format ?? ExportFormat.detect(table.header) else {
            throw .importLine(line: 1, detail: unknownLayout(first, asked: format))
        }
        // Refused with the rows they stand or fall with (a DEGIRO order's other rows).
        let refused = table.hidden.map { h in
            var r = ExportRecord(line: h.line, .refused(h.reason))
            r.group = format == .degiro ? DEGIROExport.group(of: h.row) : nil
            return r
        }
        var plan = ExportImportPlan(
            format: format, title: format.title, records: format.records(table, context: context) + refused,
            status: [])
        try plan.check(held: held, method: method)
        return plan
    }

    /// An exchange account's ledger rows (all of them, any order) against the ledger: what
    /// `portfolio sync` records, keyed `source:` and each event's id as an import of the
    /// exchange's own export of the same rows is.
    public static func movements(
        _ movements: [AccountMovement], source: String, title: String, held: [JournalEntry], method: LotMethod,
        context: ExportContext
    ) throws(PortfolioError) -> ExportImportPlan {
        var context = context
        context.heldSymbols.formUnion(held.compactMap(\.symbol))
        let ordered = movements.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
        let events = AccountMovementEntries.events(ordered.enumerated().map { ($0.offset + 1, $0.element) })
        let records = events.map { e in
            var r = AccountMovementEntries.record(e, source: source, context: context)
            r.reference = e.legs.map(\.id).joined(separator: "+")
            // An asset bought here is held in that currency for what follows.
            context.heldSymbols.formUnion(r.entries.compactMap(\.symbol))
            return r
        }
        var plan = ExportImportPlan(format: nil, title: title, records: records, status: [])
        try plan.check(held: held, method: method)
        return plan
    }

    static func unknownLayout(_ first: [String], asked: ExportFormat?) -> String {
        let found = first.isEmpty ? "an empty file" : "the columns " + first.prefix(20).joined(separator: ",")
        let formats = ExportFormat.allCases.map { "\($0.rawValue) (\($0.title))" }.joined(separator: "; ")
        if let asked {
            return "this is not a \(asked.title): its header was not found (\(found)); the formats are: \(formats)"
        }
        return "no export layout has this header (\(found)); name one with --from: \(formats), "
            + "or use squarestock's own columns: " + JournalCSV.columns.joined(separator: ",")
    }

    /// Orders the records by day, marks those already imported, and refuses those the ledger
    /// could not take, replaying them after what it holds as a write would.
    mutating func check(held: [JournalEntry], method: LotMethod) throws(PortfolioError) {
        // By day, then as they came; rows with no entries keep their place after them all.
        let day = records.map { $0.entries.first?.date ?? $0.holding?.date ?? $0.split?.date }
        let order = records.indices.sorted { a, b in
            switch (day[a], day[b]) {
            case (let x?, let y?): return x != y ? x < y : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return records[a].line < records[b].line
            }
        }
        records = order.map { records[$0] }
        let keys = Set(held.compactMap(\.importKey))
        // A row the ledger holds under the key rows had before keys named their columns keeps it.
        for i in records.indices {
            if let former = records[i].formerKeyBase, former != records[i].keyBase, keys.contains(former) {
                records[i] = ExportRowKeys.rekeyed(records[i], base: former)
            }
        }
        // The ledger's entries and the new ones in the order the ledger will apply them: by day,
        // what it holds before what is added on the same day.
        let inEffect = PortfolioBook.effective(held)
        var book = PortfolioBook(method: method)
        var next = 0
        func applyHeld(through day: CivilDate?) throws(PortfolioError) {
            while next < inEffect.count, day.map({ inEffect[next].date <= $0 }) ?? true {
                do { try book.apply(inEffect[next]) } catch {
                    throw .invalidEntry(
                        "after this import the ledger's entry of \(inEffect[next].date) would fail: "
                            + error.description)
                }
                next += 1
            }
        }
        var status: [Status] = []
        for (i, r) in records.enumerated() {
            if let split = r.split {
                try applyHeld(through: split.date)
                if keys.contains(split.key) {
                    // Recorded before: its ratio was found then, against the holding before it.
                    status.append(.imported)
                    continue
                }
                switch Self.entry(split, book: book) {
                case .failure(let why):
                    status.append(.refused(why.reason))
                case .success(let e):
                    records[i].outcome = .entries([e])
                    status.append(Self.apply([e], to: &book))
                }
                continue
            }
            if let need = r.holding {
                try applyHeld(through: need.date)
                if let short = Self.shortfall(need, in: book) {
                    status.append(.refused(short))
                    continue
                }
            }
            switch r.outcome {
            case .skipped(let why): status.append(.skipped(why))
            case .refused(let why): status.append(.refused(why))
            case .merged(let line): status.append(.merged(line: line))
            case .entries(let entries):
                let fresh = entries.filter { !keys.contains($0.importKey ?? "") }
                guard let first = fresh.first else {
                    status.append(.imported)
                    continue
                }
                try applyHeld(through: first.date)
                status.append(Self.apply(fresh, to: &book))
            }
        }
        try applyHeld(through: nil)
        // A tax folded into a dividend the ledger already holds without it (imported from an
        // export before the tax was listed), or into one not recorded, is recorded on its own, as
        // the fee it was, rather than lost with the fold; so is a commission folded into a trade
        // held without it (imported before DEGIRO's fees were folded: its fee row is held too,
        // so nothing is new).
        let statusOfLine = Dictionary(zip(records.map(\.line), status), uniquingKeysWith: { a, _ in a })
        let recordOfLine = Dictionary(records.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
        var heldByKey: [String: JournalEntry] = [:]
        for e in held { if let k = e.importKey { heldByKey[k] = e } }
        for (i, r) in records.enumerated() {
            guard case .merged(let line) = r.outcome, statusOfLine[line] != .new, !r.folded.isEmpty else { continue }
            if let into = recordOfLine[line]?.entries.first, let key = into.importKey,
                let held = heldByKey[key], held.withheld == into.withheld, held.fee == into.fee
            {
                continue  // the ledger's dividend has this tax already (or its trade this fee)
            }
            let fresh = r.folded.filter { !keys.contains($0.importKey ?? "") }
            status[i] = fresh.isEmpty ? .imported : Self.apply(fresh, to: &book)
            if status[i] == .new { records[i].outcome = .entries(r.folded) }
        }
        // The rows of one order stand or fall together: a trade refused leaves its fee and its
        // currency legs out too (with `--skip-refused` they had moved the cash of a trade that
        // was not recorded).
        var refusedLine: [String: Int] = [:]
        for (i, r) in records.enumerated() {
            if let g = r.group, case .refused = status[i], refusedLine[g] == nil { refusedLine[g] = r.line }
        }
        for (i, r) in records.enumerated() {
            guard let g = r.group, let line = refusedLine[g], status[i] == .new else { continue }
            status[i] = .refused(
                "part of the order of line \(line), which is refused: fix that row, or --skip-refused leaves the whole order out"
            )
        }
        self.status = status
        noteLikelyDuplicates(inEffect)
        let undoneKeys = Self.undoneKeys(held)
        undone = Set(
            records.indices.filter { i in
                status[i] == .imported
                    && (records[i].entries.contains { undoneKeys.contains($0.importKey ?? "") }
                        || records[i].split.map { undoneKeys.contains($0.key) } ?? false)
            })
    }

    /// `undone` rows of an earlier import (of any file) that `undo` reversed, and why they stay out; nil when none.
    public static func undoneNote(_ undone: Int) -> String? {
        guard undone > 0 else { return nil }
        return "\(undone) \(undone == 1 ? "row was" : "rows were") imported before and then undone; "
            + "an undone row is not imported again (record one by hand: `portfolio buy`, `sell`, `dividend`, ...)"
    }

    /// Notes each new row whose entry is like one the ledger holds from no export (typed, or read
    /// from squarestock's own CSV: a book rebuilt from its export keeps none of the brokers' keys,
    /// and their export imported again after it doubled every trade without a word).
    private mutating func noteLikelyDuplicates(_ inEffect: [JournalEntry]) {
        struct Likeness: Hashable {
            let kind: EntryKind
            let date: CivilDate
            let symbol: String?
            /// Compared as numbers (`1.50` is `1.5`).
            let quantity: ExactDecimal?
            let amount: Int64
            let currency: String
        }
        func likeness(_ e: JournalEntry) -> Likeness {
            Likeness(
                kind: e.kind, date: e.date, symbol: e.symbol, quantity: e.quantity, amount: e.amount,
                currency: e.currency)
        }
        var typed: [Likeness: [Int64]] = [:]
        for e in inEffect where e.kind != .reversal && !(e.importKey.map(ImportKeyGroup.isFromExport) ?? false) {
            if let id = e.id { typed[likeness(e), default: []].append(id) }
        }
        guard !typed.isEmpty else { return }
        for i in records.indices where status[i] == .new {
            // Each held entry stands for one new entry at most (two like fills are two).
            var like: [Int64] = []
            for e in records[i].entries {
                guard let id = typed[likeness(e)]?.first(where: { !like.contains($0) }) else { continue }
                like.append(id)
            }
            guard !like.isEmpty else { continue }
            records[i].notes.append(
                "like " + like.map { "#\($0)" }.joined(separator: ", ")
                    + " of the ledger, which no export recorded (same day, symbol, quantity and amount): "
                    + "if the same, this records \(like.count == 1 ? "it" : "them") twice")
        }
    }

    /// The import keys of the held entries an `undo` reversed, as `PortfolioStore.undoneImportKeys`
    /// finds them in the ledger.
    static func undoneKeys(_ held: [JournalEntry]) -> Set<String> {
        let undoneIDs = Set(
            held.compactMap { $0.kind == .reversal && $0.note == PortfolioLedger.undoNote ? $0.reverses : nil })
        guard !undoneIDs.isEmpty else { return [] }
        return Set(held.compactMap { e in e.id.map(undoneIDs.contains) == true ? e.importKey : nil })
    }

    /// The split entry of shares added to what `book` holds of the symbol on the day: `held +
    /// added` for `held`, as a ratio of whole numbers up to 1,000 (9 added to 1 held is 10:1).
    static func entry(_ split: ExportRecord.SplitByAdded, book: PortfolioBook) -> Result<JournalEntry, ExportRowRefusal>
    {
        let held = book.quantity(of: split.symbol)
        let what = "a split adding \(split.added.normalized) \(split.symbol) on \(split.date)"
        guard held.sign > 0 else {
            return .failure(
                ExportRowRefusal(
                    what + ", but the ledger holds none then: record the purchase first, or the split with "
                        + "`squarestock portfolio split \(split.symbol) NEW:OLD --date \(split.date)`"))
        }
        guard let total = held + split.added, total.sign > 0 else {
            return .failure(ExportRowRefusal(what + ": too large a number"))
        }
        let scale = max(held.normalized.scale, total.normalized.scale)
        guard let n = total.rescaled(to: scale)?.significand, let d = held.rescaled(to: scale)?.significand else {
            return .failure(ExportRowRefusal(what + ": too large a number"))
        }
        var (a, b) = (n, d)
        while b != 0 { (a, b) = (b, a % b) }
        let (num, den) = (n / a, d / a)
        guard num <= 1_000, den <= 1_000, num != den else {
            return .failure(
                ExportRowRefusal(
                    what + ": \(split.added.normalized) added to the \(held.normalized) held is no whole ratio; "
                        + "record it with `squarestock portfolio split \(split.symbol) NEW:OLD --date \(split.date)`"))
        }
        do {
            var e = try EntryFactory.split(
                symbol: split.symbol, ratio: "\(num):\(den)", date: split.date, today: split.today)
            e.note = split.note
            e.importKey = split.key
            return .success(e)
        } catch {
            return .failure(ExportRowRefusal(error.description))
        }
    }

    /// Why `book` cannot have moved what `need` says the user held, or nil when it holds enough.
    static func shortfall(_ need: ExportRecord.HoldingNeeded, in book: PortfolioBook) -> String? {
        let prefix = need.asset + "-"
        var held = ExactDecimal(0)
        for (symbol, lots) in book.lots where symbol.hasPrefix(prefix) {
            for lot in lots { held = (held + lot.quantity) ?? held }
        }
        guard held < need.quantity else { return nil }
        let symbol = book.lots.keys.filter { $0.hasPrefix(prefix) }.sorted().first ?? need.symbol
        let currency = symbol.dropFirst(prefix.count)
        return "\(need.what) on \(need.date), a move between wallets of yours, but the ledger holds "
            + (held.isZero ? "no \(need.asset)" : "only \(held.normalized) \(need.asset)")
            + " then: record how you came by it (`squarestock portfolio buy \(symbol) QUANTITY --price PRICE "
            + "--currency \(currency) --date DATE`, or import that account's history) and run this again"
    }

    /// Applies `entries` to a copy of `book`, kept when every one applies.
    static func apply(_ entries: [JournalEntry], to book: inout PortfolioBook) -> Status {
        var trial = book
        for e in entries {
            do { try trial.apply(e) } catch { return .refused(error.description) }
        }
        book = trial
        return .new
    }

    /// The entries to write: the new records' (and with `skippingRefused` false, none when any
    /// record is refused).
    public var newEntries: [JournalEntry] {
        zip(records, status).flatMap { r, s in s == .new ? r.entries : [] }
    }

    public var refused: Int { status.filter { if case .refused = $0 { return true } else { return false } }.count }
    public var new: Int { status.filter { $0 == .new }.count }
}
