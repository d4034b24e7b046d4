import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive

/// `squarestock symbols update|info`: the offline symbol universe.
struct SymbolsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbols",
        abstract: "Manage the offline symbol directory (Nasdaq Trader's nasdaqlisted.txt and otherlisted.txt).",
        subcommands: [Update.self, Info.self]
    )

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Download, validate and install the current directory; a bad download changes nothing.")
        @OptionGroup var sourceOptions: SourceOptions

        mutating func validate() throws {
            try sourceOptions.resolveSettings()
        }

        func run() throws {
            let settings = try sourceOptions.settings()
            settings.printCacheWarning()
            switch SquarestockApp(settings: settings).updateSymbols() {
            case .success(let r):
                Terminal.writeOut("installed \(r.listings) listings (file date \(r.creationTime)) in \(r.directory)\n")
            case .failure(let e):
                Terminal.writeError("squarestock: symbols update failed: \(e.description)\n")
                throw ExitCode(ExitStatus.nothingFetched.rawValue)
            }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Say which copy of the directory is in use and how old it is.")

        /// Reports the copy that searches use. A damaged downloaded copy is reported (searches
        /// fall back to the shipped one) and makes the exit status 1, as does no usable copy.
        func run() throws {
            let report = SquarestockApp.symbolsInfo(environment: ProcessInfo.processInfo.environment)
            if let text = report.text { Terminal.writeOut(text) }
            for p in report.problems { Terminal.writeError("squarestock: " + p + "\n") }
            if report.status != 0 { throw ExitCode(report.status) }
        }
    }
}
