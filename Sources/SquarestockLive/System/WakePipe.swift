#if canImport(Glibc)
    import Glibc
#endif

/// The self-pipe that wakes `SystemTerminal.wait`'s `poll()`: the worker threads and the signal
/// handlers write one byte naming what happened, the loop reads them. Non-blocking on both ends,
/// so a burst of wake-ups can never block a writer. Never closed: a worker that is still winding
/// down may post after its screen ended, and a closed descriptor's number can be reused by the
/// next file opened; the process's exit closes it.
final class WakePipe: LiveWaker, @unchecked Sendable {
    let readFD: Int32
    let writeFD: Int32

    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    func post(_ wake: LiveWake) {
        var b = wake.rawValue
        _ = Glibc.write(writeFD, &b, 1)
    }

    /// Everything posted since the last drain.
    func drain() -> [LiveWake] {
        var wakes: [LiveWake] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(readFD, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            wakes += buffer[0..<n].compactMap(LiveWake.init(rawValue:))
        }
        return wakes
    }
}
