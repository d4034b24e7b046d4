#if canImport(Glibc)
    import Glibc
#endif

/// Pulls one request at a time off a connection, keeping leftover bytes so pipelined and
/// keep-alive requests are framed correctly; lenient where real clients are sloppy (bare LF).
struct LoopbackRequestReader {
    enum Outcome {
        case request(LoopbackRequest, keepAlive: Bool)
        /// The peer went away (or `stop()` woke us) between requests.
        case closed
        /// Unusable input: answer with this status and close.
        case reject(status: Int, reason: String)
    }

    static let maxHeadBytes = 64 * 1024
    static let maxBodyBytes = 64 * 1024 * 1024

    let fd: Int32
    private var pending: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
    }

    mutating func next() -> Outcome {
        guard let headEnd = readHead() else {
            return pending.count > Self.maxHeadBytes
                ? .reject(status: 431, reason: "request head over \(Self.maxHeadBytes) bytes\n") : .closed
        }
        guard let (request, version) = Self.parseHead(pending[..<headEnd]) else {
            return .reject(status: 400, reason: "malformed request line or header\n")
        }
        pending.removeFirst(headEnd)

        if request.header("Transfer-Encoding") != nil {
            return .reject(status: 501, reason: "chunked request bodies are not supported\n")
        }
        let lengths = Set(request.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value))
        var length = 0
        if let text = lengths.first {
            guard lengths.count == 1, let parsed = Int(text.trimmingSpaces), parsed >= 0 else {
                return .reject(status: 400, reason: "bad Content-Length\n")
            }
            guard parsed <= Self.maxBodyBytes else { return .reject(status: 413, reason: "body too large\n") }
            length = parsed
        }
        if length > pending.count, request.header("Expect")?.lowercased() == "100-continue" {
            // Otherwise curl waits a full second before sending a large body.
            _ = LoopbackSocket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while pending.count < length {
            guard LoopbackSocket.receive(fd, into: &pending) else { return .closed }
        }
        var complete = request
        complete.body = Array(pending[..<length])
        pending.removeFirst(length)
        return .request(complete, keepAlive: Self.keepAlive(complete, version: version))
    }

    /// Returns the index just past the blank line, or nil on EOF / oversize.
    private mutating func readHead() -> Int? {
        var scanned = 0
        while true {
            // Stray line breaks between requests are allowed (RFC 9112 section 2.2).
            let leading = pending.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
            if leading > 0 {
                pending.removeFirst(leading)
                scanned = 0
            }
            if let end = Self.blankLineEnd(in: pending, from: scanned) { return end }
            guard pending.count <= Self.maxHeadBytes else { return nil }
            scanned = max(0, pending.count - 2)
            guard LoopbackSocket.receive(fd, into: &pending) else { return nil }
        }
    }

    /// Accepts CRLF CRLF, LF LF and mixes of the two.
    static func blankLineEnd(in bytes: [UInt8], from start: Int) -> Int? {
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        var index = start
        while index < bytes.count {
            if bytes[index] == lf {
                if index + 1 < bytes.count, bytes[index + 1] == lf { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == cr, bytes[index + 2] == lf { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    static func parseHead(_ bytes: ArraySlice<UInt8>) -> (LoopbackRequest, version: String)? {
        // Split bytes, not a String: Swift treats "\r\n" as one Character.
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return nil }

        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }

        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            if line.first == " " || line.first == "\t" {
                // Obsolete line folding: continue the previous value.
                guard !headers.isEmpty else { return nil }
                headers[headers.count - 1].value += " " + line.trimmingSpaces
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon]
            guard !name.isEmpty, !name.contains(" "), !name.contains("\t") else { return nil }
            headers.append((String(name), line[line.index(after: colon)...].trimmingSpaces))
        }
        let request = LoopbackRequest(method: String(parts[0]), target: String(parts[1]), headers: headers)
        return (request, String(parts[2]))
    }

    /// HTTP/1.1 defaults to keep-alive, HTTP/1.0 to close.
    static func keepAlive(_ request: LoopbackRequest, version: String) -> Bool {
        let tokens = request.headers
            .filter { $0.name.lowercased() == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",").map(\.trimmingSpaces) }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
