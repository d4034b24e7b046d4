/// What can go wrong with a portfolio, each saying what to do next.
public enum PortfolioError: Error, Equatable, CustomStringConvertible {
    case invalidEntry(String)
    case sellingMoreThanHeld(symbol: String, selling: ExactDecimal, held: ExactDecimal, date: CivilDate)
    case noSuchLot(symbol: String, lot: Int64)
    /// A sale from a named lot (`--lot`) larger than what that lot holds then.
    case sellingMoreThanLotHolds(symbol: String, lot: Int64, selling: ExactDecimal, held: ExactDecimal, date: CivilDate)
    /// A trade in another currency than the holding's.
    case currencyMismatch(symbol: String, held: String, given: String, date: CivilDate)
    case unknownCurrency(String)
    case futureDate(CivilDate, today: CivilDate)
    case tooPrecise(String, currency: String, exponent: Int)
    case overflow(String)
    case nothingToUndo
    /// The file exists but is not a squarestock portfolio (another program's database, or not a
    /// database at all); it is never written.
    case foreignFile(path: String, detail: String)
    case busy(path: String)
    /// The file is a link, not a regular file, another user's, or readable by others: refused
    /// with the fix, nothing read or written.
    case unsafeFile(path: String, problem: String)
    /// SQLite's `quick_check` found damage: refused before any write.
    case damaged(path: String, detail: String)
    /// A symbol outside the quote commands' alphabet (it would break the exports).
    case invalidSymbol(String)
    case storage(path: String, detail: String)
    /// A portfolio name the ledger does not hold, with the names it does.
    case unknownPortfolio(String, known: [String] = [])
    case importLine(line: Int, detail: String)
    /// A file to import that cannot be opened or read (the reader's own words).
    case unreadableFile(String)

    /// A refusal of the journal's replay (the entries cannot apply), as opposed to a storage
    /// or file problem.
    public var isBookRefusal: Bool {
        switch self {
        case .invalidEntry, .sellingMoreThanHeld, .sellingMoreThanLotHolds, .noSuchLot, .currencyMismatch, .overflow:
            return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .invalidEntry(let s): return s
        case .sellingMoreThanHeld(let symbol, let selling, let held, let date):
            return
                "cannot sell \(selling) \(symbol) on \(date): the portfolio holds \(held) then; check the quantity, or record the purchase first"
        case .sellingMoreThanLotHolds(let symbol, let lot, let selling, let held, let date):
            return
                "cannot sell \(selling) \(symbol) from lot \(lot) on \(date): that lot holds \(held) then; sell at most \(held) from it, or leave out the lot to sell by the portfolio's method"
        case .noSuchLot(let symbol, let lot):
            return "\(symbol) has no open lot \(lot); `squarestock portfolio lots \(symbol)` lists them"
        case .currencyMismatch(let symbol, let held, let given, let date):
            return
                "\(symbol) is held in \(held) on \(date), not \(given); record the trade with --currency \(held) (its price in \(held))"
        case .unknownCurrency(let code):
            return "unknown currency '\(TerminalText.visible(code))'; use an ISO 4217 code such as USD, EUR, JPY"
        case .futureDate(let date, let today):
            return "\(date) is in the future (today is \(today)); record a trade on or after the day it happened"
        case .tooPrecise(let text, let currency, let exponent):
            return
                "\(text) has more decimals than \(currency) has (\(exponent)); round it to the \(currency) amount actually paid"
        case .overflow(let what): return "\(what) is too large to compute exactly"
        case .nothingToUndo: return "the journal has nothing to undo"
        case .unreadableFile(let detail): return detail
        case .foreignFile(let path, let detail):
            return
                "\(path) is not a squarestock portfolio (\(detail)); it was left untouched: move it away, or set XDG_DATA_HOME to another folder"
        case .busy(let path):
            return "\(path) is busy: another squarestock is writing to it (an import, its preview, a sync); "
                + "try again when it is done"
        case .storage(let path, let detail): return "cannot use \(path): \(detail)"
        case .unsafeFile(let path, let problem): return "refusing to use \(path): \(problem)"
        case .damaged(let path, let detail):
            return
                "\(path) is damaged (\(detail)); nothing was written: restore a copy made with `squarestock portfolio backup`, or salvage it with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite` and move recovered.sqlite in its place"
        case .invalidSymbol(let symbol):
            return
                "'\(TerminalText.visible(symbol))' is not a symbol: use letters, digits and . - ^ = _ (at most 24), as the quote commands take them (AAPL, BRK.B, 7203.T, BTC-USD)"
        case .unknownPortfolio(let name, let known):
            let held =
                known.isEmpty ? "" : " (the ledger holds " + known.map { "'\($0)'" }.joined(separator: ", ") + ")"
            return "no portfolio named '\(name)'\(held); record a trade in it first, or check --portfolio"
        case .importLine(let line, let detail): return "line \(line): \(detail); nothing was imported"
        }
    }
}
