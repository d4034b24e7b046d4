import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The system's tz database: `/usr/share/zoneinfo` (or `$TZDIR`), one TZif file per IANA ID,
/// parsed once per process and kept.
///
/// A zone the folder does not hold (or holds in a form this reader refuses) is answered by ICU
/// instead, so an unusual ID still works where ICU knows it.
enum SystemZoneDatabase {
    private static let parsed = Mutex<[String: ZoneRules?]>([:])

    /// The rules for an IANA zone ID, or nil if the system has no usable file for it.
    static func rules(for zone: String) -> ZoneRules? {
        if let known = parsed.withLock({ $0[zone] }) { return known }
        let rules = load(zone)
        parsed.withLock { $0[zone] = rules }
        return rules
    }

    /// IANA IDs are ASCII letters, digits, `/`, `_`, `-` and `+`, in parts that never start with
    /// a dot: anything else (`..`, an absolute path, a NUL) could name a file outside the folder.
    static func isPlausibleID(_ zone: String) -> Bool {
        let bytes = Array(zone.utf8)
        guard !bytes.isEmpty, bytes.count <= 64, bytes.first != UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/")
        else { return false }
        var previous = UInt8(ascii: "/")
        for b in bytes {
            let ok =
                (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: "/")
            guard ok, !(previous == UInt8(ascii: "/") && b == UInt8(ascii: "/")) else { return false }
            previous = b
        }
        return true
    }

    static var folder: String {
        if let dir = getenv("TZDIR"), dir.pointee != 0 { return String(cString: dir) }
        return "/usr/share/zoneinfo"
    }

    private static func load(_ zone: String) -> ZoneRules? {
        guard isPlausibleID(zone),
            case .success(let bytes) = LocalFileReader.read(folder + "/" + zone, limit: tzifLimit)
        else { return nil }
        return ZoneRules(tzif: bytes)
    }

    /// A TZif file is a few kilobytes; anything over 1 MiB is not one.
    static let tzifLimit = 1 << 20
}
