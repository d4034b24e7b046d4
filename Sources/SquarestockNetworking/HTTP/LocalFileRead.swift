import SquarestockCore

/// A `file://` request (the recorded samples, a saved response) answered by reading the file,
/// without libcurl.
///
/// libcurl is opened on first use, and opening it (with OpenSSL's initialisation and two dozen
/// libraries) costs more than the whole of `squarestock AAPL --source samples`; a local read
/// needs none of it. The answer is the one libcurl gave: status 0, the bytes, the same limits
/// (the response cap and the batch's byte budget) and `fileNotFound` for anything unreadable.
enum LocalFileRead {
    /// True for `file://` URLs, whatever the scheme's case.
    static func handles(_ url: String) -> Bool {
        guard let (scheme, _) = Endpoint.parts(url) else { return false }
        return scheme.lowercased() == "file"
    }

    static func perform(
        _ request: HTTPRequest, options: TransportOptions, budget: BatchByteBudget, clock: any MonotonicClock
    ) -> Result<HTTPResponse, TransportError> {
        let started = clock.now()
        guard let path = path(of: request.url) else { return .failure(.invalidURL(request.url)) }
        let body: [UInt8]
        switch LocalFileReader.read(path, limit: options.maxBodyBytes) {
        case .success(let bytes): body = bytes
        case .failure(.tooLarge): return .failure(.responseTooLarge(host: "file", limitBytes: options.maxBodyBytes))
        // A missing file, a folder, an error mid-read: libcurl reported these as unreadable too.
        case .failure: return .failure(.fileNotFound(path: path))
        }
        guard budget.reserve(body.count) else {
            return .failure(.responsesTooLargeTogether(host: "file", limitBytes: budget.limitBytes))
        }
        return .success(
            HTTPResponse(status: 0, body: body, effectiveURL: request.url, seconds: clock.now() - started))
    }

    /// The local path of `file:///a/b%20c` or `file://localhost/a/b`, percent-decoded; nil for
    /// another host, a relative path, or a NUL.
    static func path(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        var bytes = Array(url[schemeEnd.upperBound...].utf8)
        if bytes.starts(with: "localhost/".utf8) { bytes.removeFirst("localhost".utf8.count) }
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { break }
            if b == UInt8(ascii: "%"), i + 2 < bytes.count, let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
        guard !out.contains(0) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
