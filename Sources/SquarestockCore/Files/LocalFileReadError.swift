/// Why a local file (config, watchlist, symbol directory, index snapshot) was not read. Each
/// case names the file; `tooLarge` also says how big it is and what the limit is, so the user
/// can tell a damaged or wrong file from a broken tool.
package enum LocalFileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// open(2) failed (missing, no permission, a loop of links).
    case cannotOpen(path: String, errno: Int32)
    /// read(2) failed part-way (EISDIR for a folder, EIO).
    case cannotRead(path: String, errno: Int32)
    /// Bigger than `limit` bytes. `size` is what fstat said for a regular file; nil for a pipe or
    /// device (or a file still growing) that went past the limit while it was read.
    case tooLarge(path: String, size: Int64?, limit: Int)
    /// A FIFO that gave no bytes within the wait a reader allowed: no program is writing to it,
    /// or (`afterBytes`) the one that was stopped part-way without closing it.
    case noWriter(path: String, waitedMilliseconds: Int32, afterBytes: Bool)

    package var path: String {
        switch self {
        case .cannotOpen(let p, _), .cannotRead(let p, _), .tooLarge(let p, _, _), .noWriter(let p, _, _): return p
        }
    }

    package var description: String {
        switch self {
        case .cannotOpen(let p, let e): return "cannot open \(p): \(LocalFileReadError.reason(e))"
        case .cannotRead(let p, let e): return "cannot read \(p): \(LocalFileReadError.reason(e))"
        case .tooLarge(let p, let size?, let limit):
            return
                "\(p) is \(LocalFileReadError.bytes(size)), over the \(LocalFileReadError.bytes(Int64(limit))) limit for this file; it was not read"
        case .tooLarge(let p, nil, let limit):
            return
                "\(p) is over the \(LocalFileReadError.bytes(Int64(limit))) limit for this file; reading stopped there"
        case .noWriter(let p, let ms, false):
            return
                "\(p) is a FIFO and no program wrote to it within \(Self.seconds(ms)); start the program that feeds it, or make it a plain file"
        case .noWriter(let p, let ms, true):
            return
                "\(p) is a FIFO and the program feeding it stopped writing for \(Self.seconds(ms)) without finishing; what it wrote was not used: check that program, or make it a plain file"
        }
    }

    /// `3 s`, `500 ms`: a wait, in whole seconds where it is some.
    static func seconds(_ ms: Int32) -> String {
        ms % 1000 == 0 ? "\(ms / 1000) s" : "\(ms) ms"
    }

    /// The C library's text for an errno value.
    package static func reason(_ e: Int32) -> String { String(cString: strerror(e)) }

    /// `2147483648 bytes (2 GiB)`: the exact count, and a rounded binary unit when it helps.
    /// Integer arithmetic only: tenths of a unit, rounded down.
    static func bytes(_ n: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (unit, name) in units where n >= unit {
            let tenths = n / (unit / 10)
            let text = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
            return "\(n) bytes (\(text) \(name))"
        }
        return "\(n) bytes"
    }
}

#if canImport(Glibc)
    import Glibc
#endif
