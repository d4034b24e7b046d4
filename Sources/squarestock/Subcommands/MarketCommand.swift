import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockMarket
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
        if let c = calendar, CalendarRegistry.standard.calendar(named: c) == nil {
            throw ValidationError(
                "unknown exchange '\(c)'; try one of NYSE, NASDAQ, LSE, XETRA, XPAR (Paris), XAMS (Amsterdam), SIX, TSE, HKEX, SGX, ASX, TSX"
            )
        }
        for e in exchanges where CalendarRegistry.standard.calendar(named: e) == nil {
            throw ValidationError("unknown exchange '\(e)'")
        }
        for (flag, value) in [("--from", from), ("--to", to)] {
            if let v = value, DateTimeParsing.isoDate(v) == nil {
                throw ValidationError("\(flag) takes a date like 2024-01-31 (got '\(v)')")
            }
        }
        if (from == nil) != (to == nil) { throw ValidationError("give both --from and --to") }
        if let y = year, !(1900...2200).contains(y) { throw ValidationError("--year must be between 1900 and 2200") }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let caps = TerminalCapabilities.detect(environment: env, fd: 1)
        let chosen = format ?? (caps.isTTY ? .table : .csv)
        let now = ClockOverride.now(environment: env)
        if let name = calendar, let cal = CalendarRegistry.standard.calendar(named: name) {
            if let f = from.flatMap(DateTimeParsing.isoDate), let t = to.flatMap(DateTimeParsing.isoDate) {
                let sessions = cal.sessions(from: f, to: t)
                switch chosen {
                case .json:
                    Terminal.writeOut(
                        "[\n"
                            + sessions.map { s in
                                "  {\"date\": \"\(s.date)\", \"open\": \"\(s.open.iso8601UTC)\", \"close\": \"\(s.close.iso8601UTC)\", \"breakStart\": "
                                    + (s.breakStart.map { "\"\($0.iso8601UTC)\"" } ?? "null") + ", \"breakEnd\": "
                                    + (s.breakEnd.map { "\"\($0.iso8601UTC)\"" } ?? "null")
                                    + ", \"earlyClose\": \(s.earlyClose)}"
                            }.joined(separator: ",\n") + (sessions.isEmpty ? "]\n" : "\n]\n"))
                default:
                    Terminal.writeOut(TradingSessionCSV.render(sessions))
                }
                return
            }
            let y = year ?? cal.zone.localDateTime(at: now).date.year
            let days = CalendarYearReport.days(calendar: cal, year: y)
            Terminal.writeOut(
                chosen == .table
                    ? CalendarYearReport.text(days, exchange: cal.exchange, year: y) : CalendarYearReport.csv(days))
            return
        }
        let userZone = UserTimeZone.current(environment: env, localtimeTarget: LocaltimeLink.target())
        let board = MarketBoard.standard
        let wanted = exchanges.compactMap { CalendarRegistry.standard.calendar(named: $0)?.id }
        let shown = board.calendars.calendars.filter {
            wanted.isEmpty ? !["US", "US-INDEX"].contains($0.id) : wanted.contains($0.id)
        }
        var rows: [(id: String, name: String, local: String, status: ExchangeStatus, line: String)] = []
        for cal in shown {
            let st = MarketStatusRules.evaluate(calendar: cal, now: now, lastTrade: nil)
            let local = cal.zone.localDateTime(at: now)
            let localText = local.hourMinute + " " + cal.zone.abbreviation(at: now)
            rows.append(
                (
                    cal.id, cal.exchange.name, localText, st,
                    MarketEventFormatter.statusLine(st, exchangeZone: cal.zone, userZone: userZone, now: now)
                ))
        }
        switch chosen {
        case .table:
            let palette = Palette.forTerminal(caps)
            let nameWidth = rows.map { TerminalText.displayWidth($0.name) }.max() ?? 10
            var out = ""
            for r in rows {
                let role: PaletteRole = r.status.report.status == .open ? .up : .dim
                out +=
                    TerminalText.padRight(r.id, toWidth: 7) + "  " + TerminalText.padRight(r.name, toWidth: nameWidth)
                    + "  "
                    + TerminalText.padRight(r.local, toWidth: 12) + "  " + palette.paint(r.line, role) + "\n"
            }
            Terminal.writeOut(out)
        case .json:
            let s = QuoteJSONWriter.string
            Terminal.writeOut(
                "[\n"
                    + rows.map { r in
                        "  {\"exchange\": \(s(r.id)), \"name\": \(s(r.name)), \"localTime\": \(s(r.local)), \"status\": \(s(r.status.report.status.rawValue)), "
                            + "\"reason\": \(r.status.report.reason.map(s) ?? "null"), \"next\": "
                            + (r.status.next.map {
                                "{\"kind\": \(s($0.kind.rawValue)), \"time\": \(s($0.at.iso8601UTC))}"
                            } ?? "null") + "}"
                    }.joined(separator: ",\n") + "\n]\n")
        case .csv:
            Terminal.writeOut(
                (["exchange,name,localTime,status,reason,next"]
                    + rows.map { r in
                        [r.id, r.name, r.local, r.status.report.status.rawValue, r.status.report.reason ?? "", r.line]
                            .map(QuoteCSVWriter.field).joined(separator: ",")
                    }).joined(separator: "\n") + "\n")
        }
    }

}
