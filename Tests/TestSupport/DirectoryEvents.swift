import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waiting for what another process does to files (a detached refresher writing its cache,
/// letting go of its lock) as events, not by polling the clock: the condition is checked once
/// the directory is watched, then again after each change inotify reports in it.
public enum DirectoryEvents {
    /// Whether `condition` holds now or after a change in `directory` (a file closed after
    /// writing, moved in, created or removed); false when it still does not hold after
    /// `timeout` seconds, the safety net of a busy machine, never the expected path.
    public static func waitFor(in directory: String, timeout: Double = 60, _ condition: () -> Bool) -> Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return condition() }
        defer { close(fd) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else { return condition() }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var events = [UInt8](repeating: 0, count: 4096)
        while !condition() {
            let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
            let left = seconds * 1000 + attoseconds / 1_000_000_000_000_000
            guard left > 0 else { return false }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, Int32(min(left, Int64(Int32.max)))) > 0 { _ = read(fd, &events, events.count) }
        }
        return true
    }
}
