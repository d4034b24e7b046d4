import Foundation
import SquarestockCore
import SquarestockNetworking

/// `squarestock symbols update`: downloads both directory files from Nasdaq Trader, validates
/// them completely (header, every row's fields, the `File Creation Time` footer), and only then
/// replaces the user's copy, each file by an atomic rename. A bad download leaves the old copy.
package struct SymbolDirectoryUpdater: Sendable {
    package static let urls = [
        "https://www.nasdaqtrader.com/dynamic/SymDir/nasdaqlisted.txt",
        "https://www.nasdaqtrader.com/dynamic/SymDir/otherlisted.txt",
    ]

    package enum Failure: Error, Equatable, CustomStringConvertible {
        case notConfigured
        case download(String, TransportError)
        case httpStatus(String, Int)
        case invalid(String, SymbolDirectoryError)
        case write(String)
        /// A footer dated after today (with a day's room for the zone it does not name): a
        /// server's or a file's fault, and a copy that would then look newer than any later one.
        case fromTheFuture(CivilDateTime)

        package var description: String {
            switch self {
            case .notConfigured: return "no data folder (HOME and XDG_DATA_HOME are unset)"
            case .download(let f, let e): return "\(f): \(e.description); the current copy is unchanged"
            case .httpStatus(let f, let s):
                return "\(f): Nasdaq Trader answered HTTP \(s); the current copy is unchanged"
            case .invalid(let f, let e):
                return "\(f): the download is not a valid symbol directory (\(e)); the current copy is unchanged"
            case .write(let m): return m
            case .fromTheFuture(let t):
                return
                    "the download says it was made on \(t), after today; a server's or clock's fault, so it is not installed and the current copy is unchanged"
            }
        }
    }

    package struct Report: Sendable, Equatable {
        package var directory: String
        package var listings: Int
        package var creationTime: CivilDateTime
    }

    package let store: SymbolDirectoryStore

    package init(store: SymbolDirectoryStore) { self.store = store }

    /// Downloads both files (each URL passed through `url`, which applies `--endpoint`) and
    /// switches the directory to them; `now` names the new folder.
    package func update(now: Instant, url: (String) -> String, transport: HTTPTransport) -> Result<Report, Failure> {
        guard let target = store.userDirectory else { return .failure(.notConfigured) }
        SymbolDirectoryLeftovers(store: store).remove()
        let names = SymbolDirectoryStore.files
        let responses = transport.perform(SymbolDirectoryUpdater.urls.map { HTTPRequest(url: url($0)) })
        var bodies: [[UInt8]] = []
        for (name, r) in zip(names, responses) {
            switch r {
            case .failure(let e): return .failure(.download(name, e))
            case .success(let response):
                guard response.isSuccess else { return .failure(.httpStatus(name, response.status)) }
                do {
                    _ = try SymbolDirectoryParser.parse(response.body)
                } catch {
                    return .failure(.invalid(name, error))
                }
                bodies.append(response.body)
            }
        }
        let directory: SymbolDirectory
        do { directory = try SymbolDirectoryParser.parse(nasdaqListed: bodies[0], otherListed: bodies[1]) } catch {
            return .failure(.invalid(names[0], error))
        }
        guard directory.creationTime.secondsSinceEpochAsUTC <= now.secondsSinceEpoch + 86_400 else {
            return .failure(.fromTheFuture(directory.creationTime))
        }
        // Both files go into a new folder; a symbolic link swapped in by rename(2) then switches
        // from the old pair to the new one at once, so no reader ever sees a mixed pair.
        let base = InstalledFiles.parent(target)
        // The folder holding the link must be the user's own, or another user could swap it.
        do { try PrivateFileStore.preparePrivateFolder(base) } catch {
            return .failure(.write("cannot save the symbol directory: \(error)"))
        }
        let folderName = "symbols-\(now.secondsSinceEpoch)-" + PrivateFileStore.uniqueSuffix()
        for (name, body) in zip(names, bodies) {
            do { try PrivateFileStore.write(body, to: base + "/" + folderName + "/" + name) } catch {
                return .failure(.write("cannot save \(name): \(error)"))
            }
        }
        let previous = (try? FileManager.default.destinationOfSymbolicLink(atPath: target))
        var isDirectory: ObjCBool = false
        if previous == nil, FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            // A plain folder from before: move it aside so the link can take its place.
            let aside = target + ".old-" + PrivateFileStore.uniqueSuffix()
            guard rename(target, aside) == 0 else { return .failure(.write("cannot replace \(target)")) }
            try? FileManager.default.removeItem(atPath: aside)
        }
        // symlink(2) never replaces or follows what is there; the name is unpredictable anyway.
        let temporaryLink = target + ".link-" + PrivateFileStore.uniqueSuffix()
        guard symlink(folderName, temporaryLink) == 0, rename(temporaryLink, target) == 0 else {
            unlink(temporaryLink)
            return .failure(.write("cannot switch \(target) to the new copy"))
        }
        if let old = previous, old != folderName { try? FileManager.default.removeItem(atPath: base + "/" + old) }
        return .success(
            Report(directory: target, listings: directory.listings.count, creationTime: directory.creationTime))
    }
}

#if canImport(Glibc)
    import Glibc
#endif
