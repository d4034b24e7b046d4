#if canImport(Glibc)
import Glibc
#endif
import SquarestockKit

/// The only place that writes to the process's streams.
enum Terminal {
    static func writeOut(_ s: String) { write(s, to: 1) }
    /// Messages may quote network text; a configured secret never reaches stderr, whatever
    /// path the text took.
    static func writeError(_ s: String) { write(SecretRedactor.shared.redact(s), to: 2) }

    private static func write(_ s: String, to fd: Int32) {
        var bytes = Array(s.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }  // a closed pipe: nothing more to say
            offset += n
        }
    }

    static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
