/// Why returns cannot be computed, each saying what to do next.
public enum ReturnsError: Error, Equatable, CustomStringConvertible {
    /// No price on or before a day the holding must be valued (its first purchase is a price, so
    /// this means a price in another currency than the holding's, or a benchmark with none).
    case missingPrice(symbol: String, date: CivilDate)
    /// No rate from a currency into the base on or before a day a value or flow needs it.
    case missingRate(from: String, to: String, date: CivilDate)
    /// `missingPrice` after the closes were fetched: what the fetch said of the symbol, if
    /// anything (fetching again would not help).
    case missingPriceFetched(symbol: String, date: CivilDate, fetch: String?)
    /// `missingRate` after the rates were fetched: what the fetch said of the pair, if anything
    /// ("run without --offline" would tell a user who did just that to do it again).
    case missingRateFetched(from: String, to: String, date: CivilDate, fetch: String?)
    case emptyPeriod(from: CivilDate, to: CivilDate)
    /// `--from` after today, with no `--to`.
    case futureStart(from: CivilDate, today: CivilDate)
    /// `--to` after today: the days after it have no prices, and annualizing over them would
    /// count days that have not happened.
    case futureEnd(to: CivilDate, today: CivilDate)
    /// `--to` before the journal's first entry: nothing was held or moved in the period.
    case beforeFirstEntry(to: CivilDate, first: CivilDate)
    case nothingHeld
    case ledger(PortfolioError)
    case overflow(String)

    public var description: String {
        switch self {
        case .missingPrice(let symbol, let date):
            return
                "no price of \(symbol) on or before \(date); fetch prices (run without --offline) or record one: `squarestock portfolio price \(symbol) \(date) PRICE`"
        case .missingPriceFetched(let symbol, let date, let fetch):
            return
                "no price of \(symbol) on or before \(date) (\(fetch ?? "none was fetched or recorded that early")); record one: `squarestock portfolio price \(symbol) \(date) PRICE`"
        case .missingRate(let from, let to, let date):
            return
                "no \(from)→\(to) rate on or before \(date); fetch rates (run without --offline) or record one: `squarestock portfolio price \(from)\(to)=X \(date) RATE --currency \(to)`"
        case .missingRateFetched(let from, let to, let date, let fetch):
            return
                "no \(from)→\(to) rate on or before \(date) (\(fetch ?? "none was fetched or recorded that early")); record one: `squarestock portfolio price \(from)\(to)=X \(date) RATE --currency \(to)`"
        case .emptyPeriod(let from, let to):
            return "the period \(from) to \(to) is empty; give --from before --to"
        case .futureStart(let from, let today):
            return "--from \(from) is in the future (today is \(today)); give a day on or before today"
        case .futureEnd(let to, let today):
            return "--to \(to) is in the future (today is \(today)); leave --to out to end today"
        case .beforeFirstEntry(let to, let first):
            return "--to \(to) is before the portfolio's first entry (\(first)); give a period that reaches it"
        case .nothingHeld: return "the portfolio has no entries yet; record a purchase or a deposit first"
        case .ledger(let e): return e.description
        case .overflow(let what): return "\(what) is too large to compute exactly"
        }
    }
}
