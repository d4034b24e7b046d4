import Foundation
import SquarestockCore
import SquarestockSearch

extension SquarestockApp {
    /// `squarestock symbols update`: download, validate and install the directory.
    package func updateSymbols() -> Result<SymbolDirectoryUpdater.Report, SymbolDirectoryUpdater.Failure> {
        let context = settings.sourceContext
        return SymbolDirectoryUpdater(store: SymbolDirectoryStore(environment: settings.environment)).update(
            now: context.now, url: context.url, transport: transport)
    }

    /// `squarestock symbols info`: the copy searches use. A damaged downloaded copy is reported
    /// (searches fall back to the shipped one). Needs no settings: it reads the environment only.
    public static func symbolsInfo(environment env: [String: String]) -> SymbolsInfoReport {
        let store = SymbolDirectoryStore(environment: env)
        let candidates = store.candidates
        guard !candidates.isEmpty else {
            return SymbolsInfoReport(text: nil, problems: [SymbolDirectoryStore.LoadError.notFound.description])
        }
        var problems: [String] = []
        for copy in candidates {
            switch store.readDirectory(copy) {
            case .success(let d):
                var out =
                    "in use: \(copy.directory) (\(copy.origin == .downloaded ? "downloaded with `symbols update`" : "shipped with squarestock"))\n"
                let now = ClockOverride.now(environment: env)
                let created = Instant(secondsSinceEpoch: d.creationTime.secondsSinceEpochAsUTC)
                // Nasdaq Trader's footer names no zone: said, so it is not read as the user's.
                out += "file date: \(d.creationTime), zone not given (\(AgeFormatter.ago(from: created, now: now)))\n"
                out += "listings: \(d.listings.count) (\(d.testIssuesSkipped) test issues left out)\n"
                if copy.origin == .shipped, let user = store.userDirectory {
                    out += "`symbols update` would install into \(user)\n"
                }
                return SymbolsInfoReport(text: out, problems: problems)
            case .failure(let e):
                problems.append(
                    copy.origin == .downloaded
                        ? SymbolDirectoryStore.damagedWarning(copy, e, shippedInstead: candidates.count > 1)
                        : Self.shippedProblem(copy.directory, e.description, environment: env)
                )
            }
        }
        return SymbolsInfoReport(text: nil, problems: problems)
    }

    /// Why the shipped directory cannot be used; when `SQUARESTOCK_DATA` names a folder that is
    /// not there, that is the whole story, and the fix is to correct or unset it.
    static func shippedProblem(_ directory: String, _ detail: String, environment: [String: String]) -> String {
        if let data = environment["SQUARESTOCK_DATA"], !data.isEmpty {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: data, isDirectory: &isDirectory) || !isDirectory.boolValue {
                return
                    "SQUARESTOCK_DATA=\(data) is not a folder; unset it, or point it at the data/ folder of a squarestock checkout (or run `squarestock symbols update`)"
            }
        }
        return
            "the shipped symbol directory in \(directory) cannot be used (\(detail)); run `squarestock symbols update`"
    }
}
