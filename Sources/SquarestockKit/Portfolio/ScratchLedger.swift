import SquarestockCore
import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// An empty ledger in a temporary folder of its own (`mkdtemp`, owner-only), removed with its
/// files after use: what a preview of an import into a portfolio that does not exist yet runs
/// against. Made in the real ledger and removed after, the new portfolio's row was seen by other
/// processes meanwhile, which recorded into it (then into the next portfolio given its id).
enum ScratchLedger {
    /// `body` with portfolio `name`, made in the scratch ledger; the folder is gone when this
    /// returns or throws.
    static func with<T>(
        name: String, environment: [String: String], _ body: (PortfolioLedger) throws(PortfolioError) -> T
    ) throws(PortfolioError) -> T {
        // TMPDIR, else /tmp when TMPDIR is unset or cannot take the folder.
        let given = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let folder = makeFolder(in: given ?? "/tmp") ?? (given == nil ? nil : makeFolder(in: "/tmp")) else {
            throw .storage(
                path: given ?? "/tmp",
                detail: "cannot make a folder for the preview there (\(String(cString: strerror(errno)))); "
                    + "set TMPDIR to a folder you can write")
        }
        // An interrupt (Ctrl-C, SIGTERM, a closed terminal) removes the folder before the process
        // ends: it holds the user's trades, and a folder left in /tmp keeps them for anyone with
        // the account's access after the preview.
        let caught = CaughtSignals([SIGINT, SIGTERM, SIGHUP], label: "squarestock.preview.signals") { sig in
            remove(folder)
            _exit(128 + sig)
        }
        defer {
            // Removed before the signals are let go: an interrupt between the two left it.
            remove(folder)
            caught.release()
        }
        // The store closes (its files complete) before the folder is removed.
        do { return try run(name: name, path: folder + "/preview.sqlite", body) } catch {
            // "cannot use /tmp/squarestock-preview-x/preview.sqlite: database or disk is full"
            // named a file the user never chose: the folder it is in, and how to choose another.
            // The journal's writer names its file "the ledger": here that is the scratch one.
            guard case .storage(let path, let detail) = error, path.hasPrefix(folder + "/") || path == "the ledger"
            else { throw error }
            let base = folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)]
            let full = detail.contains("full") || detail.contains("No space")
            throw .storage(
                path: folder + "/preview.sqlite",
                detail: detail + " (the preview's scratch ledger, in \(base)"
                    + (full ? "; set TMPDIR to a folder with room)" : ")"))
        }
    }

    /// A new owner-only folder under `base`, or nil.
    private static func makeFolder(in base: String) -> String? {
        var template = Array((base + "/squarestock-preview-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
    }

    private static func run<T>(
        name: String, path: String, _ body: (PortfolioLedger) throws(PortfolioError) -> T
    ) throws(PortfolioError) -> T {
        let ledger = try PortfolioLedger(store: PortfolioStore(path: path), name: name, create: true)
        return try body(ledger)
    }

    /// Removes the folder's files (the ledger, its WAL, its notes) and the folder; again while
    /// a file comes in meanwhile (an interrupt's removal runs as SQLite still writes there).
    private static func remove(_ folder: String) {
        for _ in 0..<8 {
            if let dir = opendir(folder) {
                while let entry = readdir(dir) {
                    let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                    }
                    if entryName != "." && entryName != ".." { unlink(folder + "/" + entryName) }
                }
                closedir(dir)
            }
            if rmdir(folder) == 0 || errno != ENOTEMPTY { return }
        }
    }
}
