#if canImport(Glibc)
    import Glibc
#endif

/// The one way squarestock reads a local file whole: with a size limit checked before reading.
///
/// A regular file's size comes from fstat(2) on the opened descriptor, so a 2 GiB damaged cache
/// file or a `--list` pointed at a disk image is refused at once, without a byte read. Whatever
/// fstat says, at most `limit + 1` bytes are read, so a file that grows while it is read, a pipe
/// (`--list /dev/stdin`, `--list <(grep ...)`), a FIFO or a character device is bounded too:
/// those are streamed in chunks until end of file or until they pass the limit.
///
/// A FIFO no program has opened for writing blocks open(2) for ever; a reader given `fifoWait`
/// opens without blocking and waits at most that long for a writer's first bytes (see
/// `read(_:limit:fifoWait:)`).
package enum LocalFileReader {
    /// Limits for the files squarestock reads, each well above what a real one needs.
    package enum Limit {
        /// The config file: a few dozen `key = value` lines.
        package static let config = 1 << 20
        /// A `--list` watchlist: a symbol a line; 1 MiB is over 100,000 symbols.
        package static let watchlist = 1 << 20
        /// One Nasdaq Trader directory file (about 0.5 MB each today).
        package static let symbolDirectoryFile = 64 << 20
        /// The cached search index (about 2 MB for today's directory; proportional to it).
        package static let indexSnapshot = 256 << 20
        /// A small private cache file (the Yahoo session).
        package static let privateCache = 16 << 20
    }

    /// The whole file at `path`, or why not.
    ///
    /// - Parameter fifoWait: nil: open as any program would (a FIFO without a writer blocks
    ///   until one comes: `--list` of a FIFO the user feeds). Milliseconds: a FIFO
    ///   is opened without blocking and each read waits at most this long for bytes, else
    ///   `.noWriter`; for a file every command reads unasked (the config, which a secrets
    ///   manager may well write through a FIFO), where a writer that never comes hung them all.
    package static func read(_ path: String, limit: Int, fifoWait: Int32? = nil) -> Result<[UInt8], LocalFileReadError>
    {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (fifoWait == nil ? 0 : O_NONBLOCK))
        guard fd >= 0 else { return .failure(.cannotOpen(path: path, errno: errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.cannotRead(path: path, errno: errno)) }
        let type = st.st_mode & S_IFMT
        let isRegular = type == S_IFREG
        let waits = fifoWait != nil && type == S_IFIFO
        if fifoWait != nil && !waits {
            // Blocking reads for everything else (a terminal, a device), as without `fifoWait`.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        if isRegular && Int64(st.st_size) > Int64(limit) {
            return .failure(.tooLarge(path: path, size: Int64(st.st_size), limit: limit))
        }
        // A regular file: room for its size and one byte more, to notice growth. A stream: chunks.
        let chunk = 64 << 10
        var capacity = isRegular ? Int(st.st_size) + 1 : min(chunk, limit + 1)
        var bytes = [UInt8](repeating: 0, count: max(capacity, 1))
        var filled = 0
        while true {
            if filled == capacity {
                if filled > limit { return .failure(.tooLarge(path: path, size: nil, limit: limit)) }
                capacity = min(limit + 1, max(capacity * 2, chunk))
                bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count))
            }
            if waits, let wait = fifoWait {
                // Linux reports no hang-up on a FIFO that never had a writer, so this waits for a
                // writer's bytes (or its close) and not for an empty read of a FIFO nobody opened.
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&p, 1, wait)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .failure(.cannotRead(path: path, errno: errno))
                }
                if ready == 0 {
                    return .failure(.noWriter(path: path, waitedMilliseconds: wait, afterBytes: filled > 0))
                }
            }
            let n = bytes.withUnsafeMutableBytes { buf in
                Glibc.read(fd, buf.baseAddress.map { $0 + filled }, capacity - filled)
            }
            if n < 0 {
                if errno == EINTR || (waits && errno == EAGAIN) { continue }
                return .failure(.cannotRead(path: path, errno: errno))
            }
            if n == 0 { break }
            filled += n
        }
        if filled > limit { return .failure(.tooLarge(path: path, size: nil, limit: limit)) }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}
