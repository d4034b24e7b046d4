import Foundation
import SquarestockCore
import SquarestockPortfolio

/// `portfolio import --from`: a broker's or exchange's own export, read whole, checked against
/// the ledger (`ExportImportPlan`), then written in one transaction or not at all.
extension SquarestockApp {
    /// Whether the file at `path` is in squarestock's own CSV layout (its header names `date`
    /// and `kind`), read by `importPortfolio`; otherwise it is a broker's export.
    public func isJournalCSV(path: String) -> Bool { JournalCSV.hasOwnHeader(path: path) }

    /// What importing the export at `path` would do: every row marked, nothing written.
    /// A portfolio that does not exist yet is planned as an empty one, and not made: a preview
    /// keeps nothing (its name made a portfolio row).
    public func planExportImport(path: String, format: ExportFormat?) throws(PortfolioError) -> ExportImportPlan {
        let (store, ledger) = try existingPortfolio()
        return try ExportImportPlan.read(
            path: path, format: format, held: ledger?.entries() ?? [], method: ledger?.method ?? .fifo,
            context: exportContext(store))
    }

    /// Writes the plan's new entries in one transaction: the count written and the ledger's notes.
    /// Refused rows stop it unless `skippingRefused`.
    public func importExport(_ plan: ExportImportPlan, skippingRefused: Bool) throws(PortfolioError) -> (
        written: Int, notes: [String]
    ) {
        if plan.refused > 0, !skippingRefused {
            throw .invalidEntry(
                "\(plan.refused) of the file's rows are refused (the preview without --yes lists them with why); "
                    + "nothing was imported. --skip-refused imports the others")
        }
        let entries = plan.newEntries
        return try portfolioLedger(create: true).stream(keep: true, expectedRows: entries.count) {
            add throws(PortfolioError) in
            for e in entries { _ = try add(e) }
        }
    }

    /// What a reader of an export or an account's ledger may ask of the ledger: today, the base,
    /// a stored close of the day or the last of the week before it (a weekend, a holiday).
    func exportContext(_ store: PortfolioStore) -> ExportContext {
        let closes = StoredCloses(store: store)
        return ExportContext(
            today: portfolioToday, base: (settings.currency ?? "USD").uppercased(),
            close: { symbol, day in
                closes.of(symbol).last { $0.date <= day && day.adding(days: -7) < $0.date }?.close
            })
    }
}

/// Each symbol's stored closes, read from the ledger once per import or sync however many of its
/// events ask (a year of daily staking rewards asks 365 times).
private final class StoredCloses: @unchecked Sendable {
    let store: PortfolioStore
    private let lock = NSLock()
    private var bySymbol: [String: [DailyClose]] = [:]

    init(store: PortfolioStore) { self.store = store }

    func of(_ symbol: String) -> [DailyClose] {
        lock.lock()
        defer { lock.unlock() }
        if let known = bySymbol[symbol] { return known }
        let read = (try? store.dailyCloses([symbol])) ?? []
        bySymbol[symbol] = read
        return read
    }
}
