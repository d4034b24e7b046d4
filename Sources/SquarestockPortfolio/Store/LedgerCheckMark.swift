import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// What spares a write the whole-file `quick_check`: a note beside the ledger (`<ledger>.checked`,
/// owner-only) of the file's identity, size and modification time when the last squarestock that
/// checked it, or found it unchanged, closed it. The check reads every page (2.2 s of a buy's
/// 2.9 s on a book of a million entries); a file that still matches the note has not been written
/// since by anyone, so the check it passed still holds. Any change, a WAL left with content (a
/// writer killed, another still open) or no note means the full check. Damage that changes no
/// byte count or time (a failing disk) is still found by SQLite on every page a write touches.
enum LedgerCheckMark {
    static func markPath(_ ledger: String) -> String { ledger + ".checked" }

    /// The file's identity and state as the note's one line, nil when it cannot be read.
    static func state(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(st.st_dev) \(st.st_ino) \(st.st_size) \(st.st_mtim.tv_sec) \(st.st_mtim.tv_nsec)\n"
    }

    /// True when the note matches the file and no WAL holds pages the note does not cover.
    static func matches(_ ledger: String) -> Bool {
        var wal = stat()
        if lstat(ledger + "-wal", &wal) == 0, wal.st_size > 0 { return false }
        guard let now = state(ledger),
            case .success(let bytes) = LocalFileReader.read(markPath(ledger), limit: 256)
        else { return false }
        return String(decoding: bytes, as: UTF8.self) == now
    }

    /// Writes the note for the file as it is now (replacing the old one whole), or removes it
    /// when the state cannot be read.
    static func record(_ ledger: String) {
        let mark = markPath(ledger)
        guard let now = state(ledger) else {
            unlink(mark)
            return
        }
        let temporary = mark + ".\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(now.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count, rename(temporary, mark) == 0 { return }
        unlink(temporary)
    }

    /// Removes the note: the file is about to change in a way the note must not vouch for.
    static func forget(_ ledger: String) { unlink(markPath(ledger)) }
}
