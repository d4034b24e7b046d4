#if canImport(Glibc)
    import Glibc
#endif

/// Where the `/etc/localtime` link points (`/usr/share/zoneinfo/Europe/Berlin`): the system's
/// zone when `TZ` is unset. Read here, once per command, so `UserTimeZone` stays a pure rule.
enum LocaltimeLink {
    /// nil when `/etc/localtime` is missing or not a link.
    static func target() -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let n = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
