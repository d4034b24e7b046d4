import SquarestockCore
import SquarestockKit

#if canImport(Glibc)
    import Glibc
#endif

/// The only place that writes to the process's streams (the executable and the live screens).
package enum Terminal {
    /// Returns false when standard output is gone (a closed pipe, a hung-up terminal): the
    /// caller may stop, there is nobody left to write for. A configured secret never reaches
    /// standard output either: a server can echo a key anywhere it sends text (an asset named
    /// after it, an order's description), and the table, CSV and JSON writers cannot know.
    @discardableResult
    package static func writeOut(_ s: String) -> Bool { write(SecretRedactor.shared.redact(s), to: 1) }

    /// Diagnostics carry no styling of ours, so every control character in them came from a
    /// value: an option or config value quoted back, or text a service sent. They are stripped
    /// here, the one door to standard error, so no message can forget it; and a configured
    /// secret never reaches standard error, whatever path the text took.
    @discardableResult
    package static func writeError(_ s: String) -> Bool {
        write(SecretRedactor.shared.redact(TerminalText.stripControls(s)), to: 2)
    }

    private static func write(_ s: String, to fd: Int32) -> Bool {
        var bytes = Array(s.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }  // EPIPE, EIO: nothing more to say
            offset += n
        }
        return true
    }

    package static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
