#if canImport(Glibc)
    import Glibc
#endif

/// Says which socket call failed and why, so a broken sandbox is diagnosable from the test log.
public struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var errno: Int32

    public var description: String {
        "loopback server: \(call) failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
