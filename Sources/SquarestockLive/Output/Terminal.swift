import SquarestockCore
import SquarestockKit
import Synchronization

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
    package static func writeOut(_ s: String) -> Bool {
        let error = write(SecretRedactor.shared.redact(s), to: 1)
        // A full disk or an I/O error loses output a user or a script is waiting for: `exit`
        // reports it (a closed pipe is the reader's choice, said nothing of).
        if error != 0, error != EPIPE {
            _ = outputFailure.compareExchange(expected: 0, desired: error, ordering: .relaxed)
        }
        return error == 0
    }

    /// The error of the first write to standard output that failed other than on a closed pipe;
    /// 0 while none has.
    private static let outputFailure = Atomic<Int32>(0)

    /// Diagnostics carry no styling of ours, so every control character in them came from a
    /// value: an option or config value quoted back, or text a service sent. They are stripped
    /// here, the one door to standard error, so no message can forget it; and a configured
    /// secret never reaches standard error, whatever path the text took.
    @discardableResult
    package static func writeError(_ s: String) -> Bool {
        write(SecretRedactor.shared.redact(TerminalText.stripControls(s)), to: 2) == 0
    }

    /// 0 once every byte is written, else the error that stopped it (EPIPE, ENOSPC, EIO).
    private static func write(_ s: String, to fd: Int32) -> Int32 {
        var bytes = Array(s.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                let error = errno
                if error == EINTR { continue }
                return error
            }
            if n == 0 { return EIO }
            offset += n
        }
        return 0
    }

    /// Ends the process with `code`; a success whose output could not be written (`writeOut`) is
    /// not one: it says why on standard error and ends with 1 (a cron job's `> file` on a full
    /// disk would otherwise leave an empty file and report success).
    package static func exit(_ code: Int32) -> Never {
        // An interrupt held back while a paper fill was recorded ends the command now, its
        // output written: with the signal's status, and what had been done when it came.
        if let (sig, message) = SignalDeferral.heldBack {
            writeError(message)
            Glibc.exit(128 + sig)
        }
        let failure = outputFailure.load(ordering: .relaxed)
        if failure != 0 {
            writeError("squarestock: the output could not be written: \(String(cString: strerror(failure)))\n")
            Glibc.exit(code == 0 ? 1 : code)
        }
        Glibc.exit(code)
    }
}
