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
        static let configuration = CommandConfiguration(abstract: "Download, validate and install the current directory; a bad download changes nothing.")
        @OptionGroup var sourceOptions: SourceOptions

        func run() throws {
            let env = ProcessInfo.processInfo.environment
            let (_, context, options) = try sourceOptions.resolve(environment: env)
            let store = SymbolDirectoryStore(environment: env)
            switch SymbolDirectoryUpdater(store: store).update(context: context, transport: CurlTransport(options: options)) {
            case .success(let r):
                Terminal.writeOut("installed \(r.listings) listings (file date \(r.creationTime)) in \(r.directory)\n")
            case .failure(let e):
                Terminal.writeError("squarestock: symbols update failed: \(e.description)\n")
                throw ExitCode(ExitStatus.nothingFetched.rawValue)
            }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say which copy of the directory is in use and how old it is.")

        func run() throws {
            let env = ProcessInfo.processInfo.environment
            let store = SymbolDirectoryStore(environment: env)
            guard let copy = store.current else {
                Terminal.writeError("squarestock: " + SymbolDirectoryStore.LoadError.notFound.description + "\n")
                throw ExitCode(1)
            }
            var out = "in use: \(copy.directory) (\(copy.origin == .downloaded ? "downloaded with `symbols update`" : "shipped with squarestock"))\n"
            let files = SymbolDirectoryStore.files.map { copy.directory + "/" + $0 }
            if let a = PrivateFileStore.read(files[0]), let b = PrivateFileStore.read(files[1]),
               let d = try? SymbolDirectoryParser.parse(nasdaqListed: a, otherListed: b) {
                let now = ClockOverride.now(environment: env)
                let created = Instant(secondsSinceEpoch: d.creationTime.secondsSinceEpochAsUTC)
                out += "file date: \(d.creationTime) (\(AgeFormatter.ago(from: created, now: now)))\n"
                out += "listings: \(d.listings.count) (\(d.testIssuesSkipped) test issues left out)\n"
            } else {
                out += "the files could not be read; run `squarestock symbols update`\n"
            }
            if copy.origin == .shipped, let user = store.userDirectory { out += "`symbols update` would install into \(user)\n" }
            Terminal.writeOut(out)
        }
    }
}
