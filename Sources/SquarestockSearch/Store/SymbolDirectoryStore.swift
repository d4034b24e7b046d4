import Foundation
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where the offline symbol universe comes from, and how it is loaded fast.
///
/// The user's own copy (`squarestock symbols update`, in `$XDG_DATA_HOME/squarestock/symbols`)
/// wins over the copy shipped with the tool (`data/symbols` of the checkout, or
/// `share/squarestock/symbols` beside an installed binary, or `SQUARESTOCK_DATA`). Parsing the
/// two text files costs ~30 ms, so the built index is cached as a snapshot in the cache folder,
/// keyed by the files' sizes and times; a missing or damaged snapshot is simply rebuilt. The
/// large-cap list that orders equally good matches (`LargeCapList`) is the copy's own when it
/// has one, else the shipped one: `symbols update` downloads only the directory files.
package struct SymbolDirectoryStore: Sendable {
    package static let files = ["nasdaqlisted.txt", "otherlisted.txt"]

    package enum Origin: String, Sendable { case downloaded, shipped }

    package struct Copy: Sendable, Equatable {
        package var directory: String
        package var origin: Origin
    }

    package let userDirectory: String?
    package let shippedDirectory: String?
    package let cacheDirectory: String?

    package init(environment: [String: String], executablePath: String? = InstalledFiles.currentExecutablePath()) {
        if let x = environment["XDG_DATA_HOME"], !x.isEmpty {
            userDirectory = x + "/squarestock/symbols"
        } else if let h = environment["HOME"], !h.isEmpty {
            userDirectory = h + "/.local/share/squarestock/symbols"
        } else {
            userDirectory = nil
        }
        shippedDirectory = SymbolDirectoryStore.findShipped(environment: environment, executablePath: executablePath)
        cacheDirectory = PrivateFileStore.cacheDirectory(environment: environment)
    }

    package init(userDirectory: String?, shippedDirectory: String?, cacheDirectory: String?) {
        self.userDirectory = userDirectory
        self.shippedDirectory = shippedDirectory
        self.cacheDirectory = cacheDirectory
    }

    static func findShipped(environment: [String: String], executablePath: String?) -> String? {
        if let d = environment["SQUARESTOCK_DATA"], !d.isEmpty { return d + "/symbols" }
        return InstalledFiles.findAbove(
            executable: executablePath, folders: ["data/symbols", "share/squarestock/symbols"],
            marker: "nasdaqlisted.txt")
    }

    /// The preferred copy: the user's when one is installed, else the shipped one. Whether it
    /// loads is `load()`'s question.
    package var current: Copy? { candidates.first }

    /// The copies to try, best first: the user's when anything is installed at its path (a link
    /// to a folder that is gone is a damaged copy, not an absent one), then the shipped one.
    package var candidates: [Copy] {
        var out: [Copy] = []
        if let u = userDirectory {
            var st = stat()
            if lstat(u, &st) == 0 { out.append(Copy(directory: u, origin: .downloaded)) }
        }
        if let s = shippedDirectory { out.append(Copy(directory: s, origin: .shipped)) }
        return out
    }

    package enum LoadError: Error, Equatable, CustomStringConvertible {
        case notFound
        case unreadable(LocalFileReadError)
        case invalid(String, SymbolDirectoryError)

        package var description: String {
            switch self {
            case .notFound:
                return
                    "no symbol directory found; run `squarestock symbols update`, or set SQUARESTOCK_DATA to the data/ folder of a squarestock checkout"
            case .unreadable(let e): return e.description
            case .invalid(let p, let e): return "\(p) is not a valid symbol directory: \(e)"
            }
        }
    }

    /// An index and where it came from; `warnings` says why a better copy was passed over.
    package struct Loaded: Sendable {
        package var index: SymbolIndex
        package var copy: Copy
        package var warnings: [String]
    }

    /// The index of the first copy that loads (see `load()`).
    package func loadIndex() -> Result<SymbolIndex, LoadError> { load().map(\.index) }

    /// The index of the user's copy, or of the shipped one when the user's is damaged (with a
    /// warning saying what to run); the error of the best copy when none loads. Leftovers of
    /// killed `symbols update` runs are cleared first.
    package func load() -> Result<Loaded, LoadError> {
        SymbolDirectoryLeftovers(store: self).remove()
        var warnings: [String] = []
        // Said as the commands with settings say it: the index is then built on every search.
        if let dir = cacheDirectory, let problem = PrivateFileStore.folderProblem(dir) {
            warnings.append("warning: not using the cache: \(problem)")
        }
        var firstError: LoadError?
        for copy in candidates {
            switch loadIndex(copy) {
            case .success(let index): return .success(Loaded(index: index, copy: copy, warnings: warnings))
            case .failure(let e):
                firstError = firstError ?? e
                if copy.origin == .downloaded {
                    warnings.append(
                        SymbolDirectoryStore.damagedWarning(copy, e, shippedInstead: shippedDirectory != nil))
                }
            }
        }
        return .failure(firstError ?? .notFound)
    }

    /// What to tell the user when the downloaded copy cannot be used.
    package static func damagedWarning(_ copy: Copy, _ error: LoadError, shippedInstead: Bool) -> String {
        "the downloaded symbol directory in \(copy.directory) is damaged (\(error.description)); "
            + (shippedInstead
                ? "using the copy shipped with squarestock until you run `squarestock symbols update`"
                : "run `squarestock symbols update` to download it again")
    }

    /// The index of one copy, from the cached snapshot when it matches the files, else built and
    /// cached. Every file is read under its size limit; a snapshot over its limit or damaged is
    /// rebuilt (and replaced) without being read whole.
    package func loadIndex(_ copy: Copy) -> Result<SymbolIndex, LoadError> {
        let capsPath = largeCapPath(copy)
        let paths = SymbolDirectoryStore.files.map { copy.directory + "/" + $0 } + [capsPath ?? ""]
        let key = paths.map(SymbolDirectoryStore.fingerprint).joined(separator: "-")
        // A cache folder others can write to may hold a planted snapshot: not read, not written.
        let safeCache = cacheDirectory.flatMap { PrivateFileStore.folderProblem($0) == nil ? $0 : nil }
        let snapshotPath = safeCache.map { $0 + "/symbols-\(SymbolDirectoryStore.stableHash(key)).idx" }
        if let sp = snapshotPath,
            case .success(let bytes) = LocalFileReader.read(sp, limit: LocalFileReader.Limit.indexSnapshot),
            let index = try? SymbolIndex(snapshot: bytes)
        {
            return .success(index)
        }
        let largeCaps = capsPath.map(SymbolDirectoryStore.readLargeCaps) ?? .empty
        let built = fromFiles(copy) { (n, o) throws(SymbolDirectoryError) in
            try SymbolIndex(nasdaqListed: n, otherListed: o, largeCaps: largeCaps)
        }
        if let sp = snapshotPath, let folder = safeCache, case .success(let index) = built {
            if (try? PrivateFileStore.write(index.snapshot(), to: sp)) != nil {
                SymbolDirectoryStore.removeSnapshots(in: folder, except: sp)
            }
        }
        return built
    }

    /// The other copies' snapshots (2 MB each) unused for a day: one was left by every `symbols
    /// update` and none was ever removed. A day's grace leaves the snapshot of a copy another
    /// process still searches (an older squarestock's shipped copy), which a read keeps fresh.
    static func removeSnapshots(in folder: String, except kept: String, now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix("symbols-") && name.hasSuffix(".idx") {
            let path = folder + "/" + name
            var st = stat()
            guard path != kept, stat(path, &st) == 0,
                Double(max(st.st_mtim.tv_sec, st.st_atim.tv_sec)) < now.timeIntervalSince1970 - 86_400
            else { continue }
            unlink(path)
        }
    }

    /// The large-cap list beside `copy`'s files, else the shipped one; nil when neither exists.
    package func largeCapPath(_ copy: Copy) -> String? {
        for folder in [copy.directory, shippedDirectory] {
            guard let folder else { continue }
            let path = folder + "/" + LargeCapList.fileName
            var st = stat()
            if stat(path, &st) == 0 { return path }
        }
        return nil
    }

    /// The list at `path`; an unreadable one is no list (it only orders ties, so it never stops
    /// a search).
    static func readLargeCaps(_ path: String) -> LargeCapList {
        guard case .success(let bytes) = LocalFileReader.read(path, limit: LocalFileReader.Limit.symbolDirectoryFile)
        else { return .empty }
        return LargeCapList(bytes)
    }

    /// Both directory files of `copy`, each read under `LocalFileReader.Limit.symbolDirectoryFile`.
    package func readFiles(_ copy: Copy) -> Result<(nasdaq: [UInt8], other: [UInt8]), LoadError> {
        let paths = SymbolDirectoryStore.files.map { copy.directory + "/" + $0 }
        var read: [[UInt8]] = []
        for p in paths {
            switch LocalFileReader.read(p, limit: LocalFileReader.Limit.symbolDirectoryFile) {
            case .success(let b): read.append(b)
            case .failure(let e): return .failure(.unreadable(e))
            }
        }
        return .success((read[0], read[1]))
    }

    /// The parsed directory of `copy` (for `symbols info`), or why it cannot be used.
    package func readDirectory(_ copy: Copy) -> Result<SymbolDirectory, LoadError> {
        fromFiles(copy) { (n, o) throws(SymbolDirectoryError) in
            try SymbolDirectoryParser.parse(nasdaqListed: n, otherListed: o)
        }
    }

    /// What `make` builds from both files of `copy`; a file that cannot be read or a parse
    /// error is the copy's `LoadError`.
    private func fromFiles<T>(
        _ copy: Copy, _ make: ([UInt8], [UInt8]) throws(SymbolDirectoryError) -> T
    ) -> Result<T, LoadError> {
        readFiles(copy).flatMap { files in
            do throws(SymbolDirectoryError) { return .success(try make(files.nasdaq, files.other)) } catch {
                return .failure(.invalid(copy.directory, error))
            }
        }
    }

    /// Size and modification time: enough to notice a replaced file.
    static func fingerprint(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "missing" }
        return "\(st.st_size).\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }

    /// FNV-1a, so the cache file name is the same in every run (Swift's Hasher is seeded).
    static func stableHash(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}
