import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

extension ChartStyle: CaseInsensitiveArgument {}

/// `squarestock chart AAPL --range 1y`: a price chart of one symbol, or its bars as CSV or JSON.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a price chart of one symbol, or print its bars (--format csv or json).",
        discussion: """
            Time is laid out by trading sessions: nights, weekends and holidays take no room, and a session \
            missing from the data is a gap. Intraday ranges (1d, 5d) draw the previous close as a dotted line.
            Exit codes: 0 charted, 1 no chart for this symbol, 2 usage error, 3 nothing could be fetched.
            """
    )

    enum Format: String, CaseInsensitiveArgument, CaseIterable {
        case table, csv, json
    }

    static let ranges = ChartRange.allCases.map(\.rawValue).joined(separator: ", ")

    @Argument(help: "The symbol, Yahoo style: AAPL, BRK.B, 7203.T, AIR.PA, ^GSPC.")  // service-names: notation
    var symbol: String

    @Option(name: .customLong("range"), help: "How much history: \(ChartCommand.ranges).")
    var rangeName = ChartRange.day1.rawValue

    /// Checked in `validate()`, so a wrong value is one line (ArgumentParser would list the nine).
    var range: ChartRange { ChartRange(rawValue: rangeName.lowercased()) ?? .day1 }

    @Option(name: .long, help: "Rows of the drawing (default: the terminal's height).")
    var height: Int?

    @Option(name: .long, help: "Columns of the drawing (default: the terminal's width).")
    var width: Int?

    @Option(name: .long, help: "line (the default on a UTF-8 terminal), braille, blocks, or ascii (any terminal).")
    var style: ChartStyle?

    @Flag(name: .long, help: "Volume bars under the price.")
    var volume = false

    @Option(name: .long, help: "Zone of the time labels: exchange, local, or an IANA zone such as Europe/London.")
    var tz = "exchange"

    @OptionGroup var sourceOptions: SourceOptions

    @Option(
        name: .long,
        help:
            "table: the drawing (default on a terminal); csv (default when piped) or json: the bars, with UTC and exchange-local times."
    )
    var format: Format?

    @Flag(name: .long, help: "No colours (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    mutating func validate() throws {
        try sourceOptions.resolveSettings()
        if ChartRange(rawValue: rangeName.lowercased()) == nil {
            throw ValidationError("unknown --range '\(rangeName)'; use one of \(ChartCommand.ranges)")
        }
        let minimum = ChartSize.minimum
        if let w = width, !(minimum.width...1000).contains(w) {
            throw ValidationError("--width takes \(minimum.width) to 1000 columns")
        }
        if let h = height, !(minimum.height...500).contains(h) {
            throw ValidationError("--height takes \(minimum.height) to 500 rows")
        }
        _ = try labelZone(try sourceOptions.settings())
    }

    /// nil for the exchange's own zone; `local` is the user's (`settings.userZone`).
    func labelZone(_ settings: Settings) throws -> ExchangeTimeZone? {
        switch tz {
        case "exchange":
            return nil
        case "local":
            guard let zone = settings.userZone else {
                throw ValidationError(
                    "the local time zone '\(settings.userZoneIdentifier)' is not known to ICU; name one instead, e.g. --tz Europe/London"
                )
            }
            return zone
        default:
            guard let zone = try? ExchangeTimeZone(identifier: tz) else {
                throw ValidationError(
                    "unknown time zone '\(tz)' for --tz; use exchange, local or an IANA zone such as Europe/London or America/New_York"
                )
            }
            return zone
        }
    }

    func run() throws {
        let settings = try sourceOptions.settings()
        let env = settings.environment
        settings.printWarnings()
        let report: ChartReport
        switch SquarestockApp(settings: settings).chart(symbol, range: range) {
        case .success(let r):
            report = r
        case .failure(let failure):
            Terminal.writeError("squarestock: " + failure.message + "\n")
            throw ExitCode(failure.exitStatus.rawValue)
        }
        let labelZone = try labelZone(settings)
        let caps = TerminalCapabilities.detect(environment: env, fd: 1, forceNoColour: noColor)
        var (data, notes) = (report.data, report.notes)
        if volume, format ?? (caps.isTTY ? .table : .csv) == .table,
            !data.series.bars.contains(where: { ($0.volume?.sign ?? 0) > 0 })
        {
            notes.append("--volume: \(data.source) sent no volume for these bars, so none is drawn")
        }

        switch format ?? (caps.isTTY ? .table : .csv) {
        case .table:
            let fit = ChartSize.fitting(
                columns: caps.columns, rows: TerminalCapabilities.rows(fd: 1, environment: env),
                reservedRows: 2 + notes.count)
            let palette = Palette.forTerminal(caps)
            var text =
                ChartRenderer.render(
                    series: data.series, size: ChartSize(width: width ?? fit.width, height: height ?? fit.height),
                    style: style ?? (caps.supportsUnicode ? .line : .ascii), palette: palette,
                    options: data.chartOptions(showVolume: volume, labelZone: labelZone)) + "\n"
            for n in notes { text += palette.paint("note: " + n, .dim) + "\n" }
            Terminal.writeOut(text)
        case .csv:
            Terminal.writeOut(ChartDataCSVWriter.render(data))
        case .json:
            Terminal.writeOut(ChartDataJSONWriter.render(data))
        }
        // Why a source was skipped goes to standard error, as for quotes; the rest stays with the data.
        for n in report.skipNotes { Terminal.writeError("squarestock: note: " + n + "\n") }
        // CSV rows have no room for the notes: a recording, stale bars, a bar still forming or
        // bars left out are said on standard error, or the CSV reads as live and whole.
        if format ?? (caps.isTTY ? .table : .csv) == .csv {
            for n in notes { Terminal.writeError("squarestock: note: " + n + "\n") }
        }
    }
}
