import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Which process holds a `flock` on a file, from Linux's `/proc/locks`, so a lock that is held
/// too long can be blamed on a process the user can find. Lines read
/// `1: FLOCK  ADVISORY  WRITE 4242 00:2b:1318401 0 EOF` (pid, then the device's major and minor
/// in hex and the inode in decimal); lines with `->` are waiters, not holders.
enum FileLockHolder {
    static func pid(device: dev_t, inode: ino_t, locks: String? = nil) -> Int32? {
        guard let text = locks ?? readSmallFile("/proc/locks") else { return nil }
        let major = UInt64(((UInt64(device) >> 8) & 0xfff) | ((UInt64(device) >> 32) & ~0xfff))
        let minor = UInt64((UInt64(device) & 0xff) | ((UInt64(device) >> 12) & ~0xff))
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let place = fields[5].split(separator: ":")
            guard place.count == 3, UInt64(place[0], radix: 16) == major, UInt64(place[1], radix: 16) == minor,
                UInt64(place[2]) == UInt64(inode), let pid = Int32(fields[4]), pid > 0
            else { continue }
            return pid
        }
        return nil
    }

    /// The process's command name (`/proc/<pid>/comm`), cleaned for the terminal.
    static func commandName(_ pid: Int32) -> String? {
        guard let text = readSmallFile("/proc/\(pid)/comm") else { return nil }
        let name = TerminalText.sanitize(text.trimmingSpaces)
        return name.isEmpty ? nil : name
    }

    /// A proc file's text (their size reads as 0, so read until the end, at most 1 MiB).
    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while out.count < 1 << 20 {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
