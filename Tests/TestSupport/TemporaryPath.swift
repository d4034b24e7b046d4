import Foundation

/// A fresh path under the system's temporary folder, for a test's files, folders or ledgers:
/// unique per call, so tests running in parallel never share one.
///
/// Every path lies in one folder per test process, removed when the process exits: a suite run
/// made a few thousand ledgers, caches and exports and left them all (1.5 GB in `/tmp` after a
/// few weeks of runs). A folder left by a run that crashed or was killed is removed by a later
/// run, once its process is gone and the folder has been idle for an hour.
public enum TemporaryPath {
    /// `<tmp>/squarestock-tests-<pid>/<label>-<uuid><suffix>`; nothing is created but the
    /// process's folder.
    public static func make(_ label: String, suffix: String = "") -> String {
        root + "/\(label)-\(UUID().uuidString)\(suffix)"
    }

    private static let prefix = "squarestock-tests-"

    /// This process's folder, made on first use, with its removal registered for the exit.
    private static let root: String = {
        let base = NSTemporaryDirectory()
        removeAbandonedRoots(in: base)
        let path = base + prefix + String(getpid())
        try? FileManager.default.removeItem(atPath: path)  // a dead run's, with our pid reused
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { TemporaryPath.removeRoot() }
        return path
    }()

    private static func removeRoot() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Folders of earlier runs whose processes are gone and that were last changed over an hour
    /// ago (a run in another PID namespace sharing this folder looks gone, but is not idle).
    private static func removeAbandonedRoots(in base: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            let changed = (try? FileManager.default.attributesOfItem(atPath: base + name))?[.modificationDate] as? Date
            if kill(pid, 0) != 0 && errno == ESRCH, let changed, changed < hourAgo {
                try? FileManager.default.removeItem(atPath: base + name)
            }
        }
    }
}
