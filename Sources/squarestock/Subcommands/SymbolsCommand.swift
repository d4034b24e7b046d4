import ArgumentParser
import Foundation
import SquarestockKit

/// `squarestock symbols update|info`: the offline symbol universe.
struct SymbolsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbols",
        abstract: "Manage the offline symbol directory (Nasdaq Trader's nasdaqlisted.txt and otherlisted.txt).",
        subcommands: [Update.self, Info.self]
    )

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download, validate and install the current directory; a bad download changes nothing.")
        @OptionGroup var sourceOptions: SourceOptions

        mutating func validate() throws {
            try sourceOptions.resolveSettings()
        }

        func run() throws {
            let settings = try sourceOptions.settings()
            let env = settings.environment
            settings.printCacheWarning()
            let (context, options) = (settings.sourceContext, settings.transportOptions)
            let store = SymbolDirectoryStore(environment: env)
            switch SymbolDirectoryUpdater(store: store).update(
                now: context.now, url: context.url, transport: CurlTransport(options: options))
            {
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
            abstract: "Say which copy of the directory is in use and how old it is.")

        /// Reports the copy that searches use. A damaged downloaded copy is reported (searches
        /// fall back to the shipped one) and makes the exit status 1, as does no usable copy.
        func run() throws {
            let env = ProcessInfo.processInfo.environment
            let store = SymbolDirectoryStore(environment: env)
            let candidates = store.candidates
            guard !candidates.isEmpty else {
                Terminal.writeError("squarestock: " + SymbolDirectoryStore.LoadError.notFound.description + "\n")
                throw ExitCode(1)
            }
            var problems: [String] = []
            for copy in candidates {
                switch store.readDirectory(copy) {
                case .success(let d):
                    var out =
                        "in use: \(copy.directory) (\(copy.origin == .downloaded ? "downloaded with `symbols update`" : "shipped with squarestock"))\n"
                    let now = ClockOverride.now(environment: env)
                    let created = Instant(secondsSinceEpoch: d.creationTime.secondsSinceEpochAsUTC)
                    out += "file date: \(d.creationTime) (\(AgeFormatter.ago(from: created, now: now)))\n"
                    out += "listings: \(d.listings.count) (\(d.testIssuesSkipped) test issues left out)\n"
                    if copy.origin == .shipped, let user = store.userDirectory {
                        out += "`symbols update` would install into \(user)\n"
                    }
                    Terminal.writeOut(out)
                    for p in problems { Terminal.writeError("squarestock: " + p + "\n") }
                    if !problems.isEmpty { throw ExitCode(1) }
                    return
                case .failure(let e):
                    problems.append(
                        copy.origin == .downloaded
                            ? SymbolDirectoryStore.damagedWarning(copy, e, shippedInstead: candidates.count > 1)
                            : "the shipped symbol directory in \(copy.directory) cannot be used (\(e.description)); run `squarestock symbols update`"
                    )
                }
            }
            for p in problems { Terminal.writeError("squarestock: " + p + "\n") }
            throw ExitCode(1)
        }
    }
}
