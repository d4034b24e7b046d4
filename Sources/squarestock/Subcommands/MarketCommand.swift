import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock market`: whether each exchange is trading now, and its calendar.
struct MarketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "market",
        abstract: "Show which exchanges are open now, or an exchange's holidays and sessions.",
        discussion: """
            squarestock market                      every exchange now
            squarestock market NYSE LSE             some of them
            squarestock market --calendar NYSE --year 2027
            squarestock market --calendar NYSE --from 1990-01-01 --to 2023-12-31 --format csv
            """
    )

    @Argument(help: "Exchanges by id or code (XNYS, NYSE, NASDAQ, LSE, XETRA, TSE, HKEX, ...); all when none.")
    var exchanges: [String] = []

    @Option(name: .long, help: "Print this exchange's calendar instead of the current status.")
    var calendar: String?

    @Option(name: .long, help: "With --calendar: the year whose holidays and early closes to list.")
    var year: Int?

    @Option(name: .long, help: "With --calendar: first date (yyyy-MM-dd) of the sessions to list.")
    var from: String?

    @Option(name: .long, help: "With --calendar: last date (yyyy-MM-dd) of the sessions to list.")
    var to: String?

    @Option(name: .long, help: "table (default on a terminal), json, csv (default when piped).")
    var format: QuoteCommand.Format?

    func validate() throws {
        if calendar == nil && (year != nil || from != nil || to != nil) {
            throw ValidationError("--year, --from and --to go with --calendar EXCHANGE")
        }
        if let c = calendar, !SquarestockApp.knowsExchange(c) { throw ValidationError(Self.unknown(c)) }
        // One unknown name among known ones is said on its own (`run`) and never hides the
        // others; only a board of nothing but unknown names is a usage error.
        if let first = exchanges.first, !exchanges.contains(where: SquarestockApp.knowsExchange) {
            throw ValidationError(Self.unknown(first))
        }
        for (flag, value) in [("--from", from), ("--to", to)] {
            if let v = value, DateTimeParsing.isoDate(v) == nil {
                throw ValidationError("\(flag) takes a date like 2024-01-31 (got '\(TerminalText.visible(v))')")
            }
        }
        if (from == nil) != (to == nil) { throw ValidationError("give both --from and --to") }
        // Two questions: the year's holidays, or the sessions between two dates (--year was
        // passed over without a word).
        if year != nil && from != nil { throw ValidationError("give --year, or --from and --to, not both") }
        if let f = from.flatMap(DateTimeParsing.isoDate), let t = to.flatMap(DateTimeParsing.isoDate), f > t {
            throw ValidationError("--from \(f) comes after --to \(t); give the earlier date first")
        }
        if let y = year, !(1900...2200).contains(y) { throw ValidationError("--year must be between 1900 and 2200") }
    }

    /// An exchange no calendar knows, with the names that work (`market` lists them all).
    static func unknown(_ name: String) -> String {
        "unknown exchange '\(name)'; try one of NYSE, NASDAQ, LSE, XETRA, XPAR (Paris), XAMS (Amsterdam), "
            + "SIX, TSE, HKEX, SGX, ASX, TSX (`squarestock market` lists them all)"
    }

    /// The question `validate()` let through.
    var query: MarketQuery {
        guard let name = calendar else { return .board(exchanges: exchanges.filter(SquarestockApp.knowsExchange)) }
        if let f = from.flatMap(DateTimeParsing.isoDate), let t = to.flatMap(DateTimeParsing.isoDate) {
            return .sessions(calendar: name, from: f, to: t)
        }
        return .year(calendar: name, year: year)
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let caps = TerminalCapabilities.detect(environment: env, fd: 1)
        let chosen = format ?? (caps.isTTY ? .table : .csv)
        let unknown = calendar == nil ? exchanges.filter { !SquarestockApp.knowsExchange($0) } : []
        for name in unknown { Terminal.writeError("squarestock: " + Self.unknown(name) + "\n") }
        switch SquarestockApp.market(query, environment: env, localtimeTarget: LocaltimeLink.target()) {
        case .sessions(let sessions):
            switch chosen {
            case .table: Terminal.writeOut(TradingSessionTable.render(sessions))
            case .json: Terminal.writeOut(TradingSessionJSON.render(sessions))
            case .csv: Terminal.writeOut(TradingSessionCSV.render(sessions))
            }
        case .year(let days, let exchange, let year, let notModelled):
            switch chosen {
            case .table:
                Terminal.writeOut(
                    CalendarYearReport.text(days, exchange: exchange, year: year, notModelled: notModelled))
            case .json:
                Terminal.writeOut(
                    CalendarYearReport.json(days, exchange: exchange, year: year, notModelled: notModelled))
            case .csv: Terminal.writeOut(CalendarYearReport.csv(days))
            }
        case .board(let rows):
            switch chosen {
            case .table:
                Terminal.writeOut(
                    MarketBoardWriter.table(rows, palette: Palette.forTerminal(caps), width: caps.columns))
            case .json: Terminal.writeOut(MarketBoardWriter.json(rows))
            case .csv: Terminal.writeOut(MarketBoardWriter.csv(rows))
            }
        case .unknownCalendar(let name):
            throw ValidationError(Self.unknown(name))
        }
        if !unknown.isEmpty { throw ExitCode(ExitStatus.someFailed.rawValue) }
    }
}
