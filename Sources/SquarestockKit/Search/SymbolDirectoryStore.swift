#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where the offline symbol universe comes from, and how it is loaded fast.
///
/// The user's own copy (`squarestock symbols update`, in `$XDG_DATA_HOME/squarestock/symbols`)
/// wins over the copy shipped with the tool (`data/symbols` of the checkout, or
/// `share/squarestock/symbols` beside an installed binary, or `SQUARESTOCK_DATA`). Parsing the
/// two text files costs ~30 ms, so the built index is cached as a snapshot in the cache folder,
/// keyed by the files' sizes and times; a missing or damaged snapshot is simply rebuilt.
public struct SymbolDirectoryStore: Sendable {
    public static let files = ["nasdaqlisted.txt", "otherlisted.txt"]

    public enum Origin: String, Sendable { case downloaded, shipped }

    public struct Copy: Sendable, Equatable {
        public var directory: String
        public var origin: Origin
    }

    public let userDirectory: String?
    public let shippedDirectory: String?
    public let cacheDirectory: String?

    public init(environment: [String: String], executablePath: String? = SamplesLocator.currentExecutablePath()) {
        if let x = environment["XDG_DATA_HOME"], !x.isEmpty { userDirectory = x + "/squarestock/symbols" }
        else if let h = environment["HOME"], !h.isEmpty { userDirectory = h + "/.local/share/squarestock/symbols" }
        else { userDirectory = nil }
        shippedDirectory = SymbolDirectoryStore.findShipped(environment: environment, executablePath: executablePath)
        cacheDirectory = PrivateFileStore.cacheDirectory(environment: environment)
    }

    public init(userDirectory: String?, shippedDirectory: String?, cacheDirectory: String?) {
        self.userDirectory = userDirectory
        self.shippedDirectory = shippedDirectory
        self.cacheDirectory = cacheDirectory
    }

    static func findShipped(environment: [String: String], executablePath: String?) -> String? {
        if let d = environment["SQUARESTOCK_DATA"], !d.isEmpty { return d + "/symbols" }
        guard let exe = executablePath else { return nil }
        var dir = SamplesLocator.parent(exe)
        for _ in 0..<8 {
            if SamplesLocator.exists(dir + "/data/symbols/nasdaqlisted.txt") { return dir + "/data/symbols" }
            if SamplesLocator.exists(dir + "/share/squarestock/symbols/nasdaqlisted.txt") { return dir + "/share/squarestock/symbols" }
            let up = SamplesLocator.parent(dir)
            if up == dir { break }
            dir = up
        }
        return nil
    }

    /// The copy in use: the user's when both its files are there, else the shipped one.
    public var current: Copy? {
        if let u = userDirectory, SymbolDirectoryStore.files.allSatisfy({ SamplesLocator.exists(u + "/" + $0) }) {
            return Copy(directory: u, origin: .downloaded)
        }
        if let s = shippedDirectory { return Copy(directory: s, origin: .shipped) }
        return nil
    }

    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case notFound
        case unreadable(String)
        case invalid(String, SymbolDirectoryError)

        public var description: String {
            switch self {
            case .notFound: return "no symbol directory found; run `squarestock symbols update`, or set SQUARESTOCK_DATA to the data/ folder of a squarestock checkout"
            case .unreadable(let p): return "cannot read \(p)"
            case .invalid(let p, let e): return "\(p) is not a valid symbol directory: \(e)"
            }
        }
    }

    /// The index, from the cached snapshot when it matches the files, else built and cached.
    public func loadIndex() -> Result<SymbolIndex, LoadError> {
        guard let copy = current else { return .failure(.notFound) }
        let paths = SymbolDirectoryStore.files.map { copy.directory + "/" + $0 }
        let key = paths.map(SymbolDirectoryStore.fingerprint).joined(separator: "-")
        // A cache folder others can write to may hold a planted snapshot: not read, not written.
        let safeCache = cacheDirectory.flatMap { PrivateFileStore.folderProblem($0) == nil ? $0 : nil }
        let snapshotPath = safeCache.map { $0 + "/symbols-\(SymbolDirectoryStore.stableHash(key)).idx" }
        if let sp = snapshotPath, let bytes = PrivateFileStore.read(sp), let index = try? SymbolIndex(snapshot: bytes) {
            return .success(index)
        }
        guard let nasdaq = PrivateFileStore.read(paths[0]) else { return .failure(.unreadable(paths[0])) }
        guard let other = PrivateFileStore.read(paths[1]) else { return .failure(.unreadable(paths[1])) }
        let index: SymbolIndex
        do { index = try SymbolIndex(nasdaqListed: nasdaq, otherListed: other) } catch {
            return .failure(.invalid(copy.directory, error))
        }
        if let sp = snapshotPath { try? PrivateFileStore.write(index.snapshot(), to: sp) }
        return .success(index)
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
