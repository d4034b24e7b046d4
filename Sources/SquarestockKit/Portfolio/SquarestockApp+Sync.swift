import Foundation
import SquarestockCore
import SquarestockPortfolio
import SquarestockServices

/// `portfolio sync`: the settings' exchange account's own ledger read through its private API,
/// page by page, made entries as an import of its export would be (`ExportImportPlan.movements`),
/// and written a page of events at a time, so an interrupted sync keeps what it wrote and the
/// next one adds only the rest (each entry is keyed by the exchange's own ids).
extension SquarestockApp {
    /// Times a throttled page is asked again, the account's pacing interval apart (at least a
    /// second), before the sync stops. The pages are read as fast as the account's
    /// `historyPacing` allows: a burst, then one per interval.
    static let syncRetries = 3

    /// Every row of the account's ledger from `since` on (all of it without), oldest first.
    /// `tradesOnly` stops once the account says no trade follows (after an order: its fill).
    public func accountMovements(since: CivilDate?, tradesOnly: Bool = false) -> Result<[AccountMovement], AccountError>
    {
        account().flatMap { account in
            var all: [AccountMovement] = []
            var seen = Set<String>()
            var calls = 0
            var cursor: String?
            let start = since.map { Instant(secondsSinceEpoch: $0.daysSinceEpoch * 86_400) }
            let pacing = account.historyPacing
            while true {
                var retries = 0
                var page: AccountMovement.Page
                while true {
                    if calls >= pacing.burst { Thread.sleep(forTimeInterval: pacing.interval) }
                    calls += 1
                    switch account.movements(since: start, cursor: cursor, transport: privateTransport) {
                    case .success(let p): page = p
                    case .failure(.throttled) where retries < Self.syncRetries:
                        retries += 1
                        Thread.sleep(forTimeInterval: max(1, pacing.interval))
                        continue
                    case .failure(let e): return .failure(e)
                    }
                    break
                }
                // A row met again on the next page (the pages shifted as a new one arrived) is kept
                // once. The reading ends where the account says, or at a cursor that does not move.
                all += page.movements.filter { seen.insert($0.id).inserted }
                if tradesOnly && page.tradesComplete { break }
                guard let next = page.next, next != cursor else { break }
                cursor = next
            }
            return .success(all.sorted { ($0.time, $0.id) < ($1.time, $1.id) })
        }
    }

    /// What recording `movements` would do, against the ledger.
    public func planSync(_ movements: [AccountMovement]) throws(PortfolioError) -> ExportImportPlan {
        let ledger = try portfolioLedger(create: true)
        let exchange = settings.exchangeName
        let title = (settings.catalog.entry(named: exchange)?.displayName ?? exchange) + " account"
        return try ExportImportPlan.movements(
            movements, source: exchange, title: title, held: ledger.entries(), method: ledger.method,
            context: exportContext(ledger.store))
    }

    /// Events written per transaction.
    static let syncEventsPerWrite = 50

    /// Writes the plan's new entries, `syncEventsPerWrite` events a transaction; the count written
    /// and the ledger's notes. Refused events stop it unless `skippingRefused`.
    public func writeSync(_ plan: ExportImportPlan, skippingRefused: Bool) throws(PortfolioError) -> (
        written: Int, notes: [String]
    ) {
        if plan.refused > 0, !skippingRefused {
            throw .invalidEntry(
                "\(plan.refused) of the account's events are refused (the preview without --yes lists them with "
                    + "why); nothing was recorded. --skip-refused records the others")
        }
        let events = zip(plan.records, plan.status).filter { $0.1 == .new }.map(\.0.entries)
        let ledger = try portfolioLedger(create: true)
        var written = 0
        var notes: [String] = []
        var i = 0
        while i < events.count {
            let chunk = events[i..<min(i + Self.syncEventsPerWrite, events.count)].flatMap { $0 }
            let (w, n): (Int, [String])
            do {
                (w, n) = try ledger.stream(keep: true, expectedRows: chunk.count) { add throws(PortfolioError) in
                    for e in chunk { _ = try add(e) }
                }
            } catch {
                // What was written stays (each page its own transaction); say so, and how to go on.
                guard written > 0 else { throw error }
                throw .invalidEntry(
                    "\(written) entries were recorded, then: \(error.description); run the sync again to record the rest"
                )
            }
            written += w
            notes += n
            i += Self.syncEventsPerWrite
        }
        return (written, Self.cashNotesAtTheEnd(notes, cash: (try? ledger.book().cash) ?? [:]))
    }

    /// A page's "cash USD is now -18478.69" is the cash after that page, not after the sync:
    /// each such note says the cash at the end instead (once a currency), or goes when the cash
    /// at the end is no longer below zero.
    static func cashNotesAtTheEnd(_ notes: [String], cash: [String: Int64]) -> [String] {
        var said: Set<String> = []
        return notes.compactMap { note in
            let words = note.split(separator: " ", maxSplits: 4)
            guard words.count == 5, words[0] == "cash", words[2] == "is", words[3] == "now",
                let colon = note.firstIndex(of: ":")
            else { return note }
            let currency = String(words[1])
            guard said.insert(currency).inserted else { return nil }
            guard let minor = cash[currency] else { return note }
            // A later page paid it back in: no shortfall to speak of.
            guard minor < 0 else { return nil }
            return "cash \(currency) is now \(MinorUnits.text(minor, currency: currency))" + note[colon...]
        }
    }

    /// After an order is placed at `placedAt`: the account's events since then (its fill, when
    /// the exchange has booked it) recorded as `portfolio sync` records them, with the same keys,
    /// so a later sync does not double them. The count recorded, and what to know.
    public func recordFills(placedAt: Instant) -> Result<(written: Int, notes: [String]), AccountError> {
        accountMovements(since: CivilDateTime(secondsSinceEpochUTC: placedAt.secondsSinceEpoch).date, tradesOnly: true)
            .map { all in
                let since = all.filter { $0.time.secondsSinceEpoch >= placedAt.secondsSinceEpoch }
                do throws(PortfolioError) {
                    let plan = try planSync(since)
                    if plan.new == 0 {
                        return (0, ["the fill is not booked yet: `squarestock portfolio sync` records it once it is"])
                    }
                    let (written, notes) = try writeSync(plan, skippingRefused: true)
                    return (
                        written,
                        notes
                            + (plan.refused > 0
                                ? ["\(plan.refused) events were not recorded: `squarestock portfolio sync` says why"]
                                : [])
                    )
                } catch {
                    return (0, ["not recorded in the ledger: " + error.description])
                }
            }
    }
}
