import Foundation
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a killed `symbols update` (or a search killed while saving its index snapshot) leaves
/// behind, found by the process id every such name ends with, and removed once that process is
/// gone:
///
/// - `symbols-<time>-<pid>-<token>/` folders beside the user's `symbols` link, except the one the
///   link points to (that is the installed copy, whose writer has of course exited);
/// - `symbols.link-<pid>-<token>` and `symbols.old-<pid>-<token>` from the switch to a new copy;
/// - `.<file>.tmp-<pid>-<token>` temporary files inside those folders and in the cache folder.
///
/// The random token (`PrivateFileStore.uniqueSuffix`) makes the names unguessable; names of
/// older versions end at the pid and are recognised too.
///
/// A name whose process still runs is never touched, so a concurrent update is left alone (a
/// reused pid only delays the clean-up to a later run).
package struct SymbolDirectoryLeftovers: Sendable {
    package let store: SymbolDirectoryStore

    package init(store: SymbolDirectoryStore) { self.store = store }

    /// Removes every leftover whose process is gone; returns the paths removed.
    @discardableResult
    package func remove() -> [String] {
        var removed: [String] = []
        if let target = store.userDirectory {
            let base = InstalledFiles.parent(target)
            let linkName = String(target.split(separator: "/").last ?? "symbols")
            let installed = (try? FileManager.default.destinationOfSymbolicLink(atPath: target)).map {
                String($0.split(separator: "/").last ?? "")
            }
            for name in SymbolDirectoryLeftovers.entries(base) {
                let path = base + "/" + name
                if name.hasPrefix(linkName + "-"), let pid = SymbolDirectoryLeftovers.pid(suffixOf: name),
                    name != installed
                {
                    // symbols-<time>-<pid>: a folder of a finished or killed update.
                    if SymbolDirectoryLeftovers.isGone(pid), (try? FileManager.default.removeItem(atPath: path)) != nil
                    {
                        removed.append(path)
                    }
                } else if name.hasPrefix(linkName + "-") {
                    // The installed folder (or one of a running update): temporary files only.
                    removed += SymbolDirectoryLeftovers.removeTemporaryFiles(in: path)
                } else if name.hasPrefix(linkName + ".link-") || name.hasPrefix(linkName + ".old-"),
                    let pid = SymbolDirectoryLeftovers.pid(suffixOf: name), SymbolDirectoryLeftovers.isGone(pid),
                    (try? FileManager.default.removeItem(atPath: path)) != nil
                {
                    removed.append(path)
                }
            }
        }
        if let cache = store.cacheDirectory { removed += SymbolDirectoryLeftovers.removeTemporaryFiles(in: cache) }
        return removed
    }

    /// `<anything>.tmp-<pid>` files in `dir` whose process is gone.
    static func removeTemporaryFiles(in dir: String) -> [String] {
        var removed: [String] = []
        for name in entries(dir) {
            guard let mark = name.range(of: ".tmp-", options: .backwards),
                let pid = pid(in: name[mark.upperBound...]), isGone(pid)
            else { continue }
            if unlink(dir + "/" + name) == 0 { removed.append(dir + "/" + name) }
        }
        return removed
    }

    static func entries(_ dir: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    }

    /// The process id a leftover's name ends with: `...-<pid>-<16 hex digits>`, or `...-<pid>`
    /// from older versions.
    static func pid(suffixOf name: String) -> Int32? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        if let last = parts.last, last.count == 16, last.allSatisfy(\.isHexDigit) {
            return parts.count >= 3 ? pid(in: parts[parts.count - 2]) : nil
        }
        return parts.last.flatMap { pid(in: $0) }
    }

    /// `text` as a process id: `<pid>` or `<pid>-<16 hex digits>`.
    static func pid(in text: Substring) -> Int32? {
        let head = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? text
        guard !head.isEmpty, head.allSatisfy(\.isASCII), head.allSatisfy(\.isNumber), let pid = Int32(head), pid > 0
        else {
            return nil
        }
        return pid
    }

    /// True when no process has this id (EPERM means one exists, owned by someone else).
    static func isGone(_ pid: Int32) -> Bool {
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
