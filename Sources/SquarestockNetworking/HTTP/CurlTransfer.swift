import CCurl
import Foundation
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// One request's libcurl easy handle and the buffers its callbacks fill, kept across retries.
final class CurlTransfer {
    enum Outcome {
        case done(Result<HTTPResponse, TransportError>)
        /// Worth another attempt; `last` is what to report if no attempt is left.
        case retry(retryAfter: Double?, last: Result<HTTPResponse, TransportError>)
    }

    let index: Int
    let request: HTTPRequest
    let easy: UnsafeMutableRawPointer
    let host: String
    /// What `ConnectionSlots` counts this transfer against: scheme and authority, nil for files.
    let slotKey: String?
    var attempt = 0
    var notBefore = 0.0
    var body: [UInt8] = []
    var headerLines: [HTTPHeader] = []
    var tooLarge = false
    /// Set when the batch's byte budget, not this response's own cap, stopped the body.
    var overBudget = false
    let maxBodyBytes: Int
    let budget: BatchByteBudget
    /// The limits libcurl really got (at least 1 ms each), for messages that name them.
    let timeoutSeconds: Double
    let connectTimeoutSeconds: Double
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var firstStart = 0.0
    /// The transport's clocks: monotonic for the response's duration, wall for Retry-After dates.
    private let clock: any MonotonicClock
    private let wallClock: @Sendable () -> Instant

    init(
        index: Int, request: HTTPRequest, options: TransportOptions, budget: BatchByteBudget,
        clock: any MonotonicClock, wallClock: @escaping @Sendable () -> Instant
    ) throws(TransportError) {
        if let why = CurlLibrary.failure { throw .libraryMissing(why) }
        guard let e = ss_curl_easy_init() else {
            throw .other(host: "", code: -1, detail: "libcurl could not create a handle")
        }
        self.index = index
        self.request = request
        self.easy = e
        self.host = CurlTransfer.hostOf(request.url)
        self.slotKey = CurlTransfer.slotKeyOf(request.url)
        self.maxBodyBytes = options.maxBodyBytes
        self.budget = budget
        self.clock = clock
        self.wallClock = wallClock
        let timeoutMs = CurlTransfer.milliseconds(options.timeout)
        let connectMs = CurlTransfer.milliseconds(options.connectTimeout)
        self.timeoutSeconds = Double(timeoutMs) / 1000
        self.connectTimeoutSeconds = Double(connectMs) / 1000
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let lower = request.url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") else {
            throw .invalidURL(request.url)
        }
        guard ss_easy_setopt_string(e, CURLOPT_URL, request.url) == CURLE_OK else { throw .invalidURL(request.url) }
        _ = ss_easy_setopt_string(e, CURLOPT_PROTOCOLS_STR, "http,https,file")
        // A redirect may never lead to a local file.
        _ = ss_easy_setopt_string(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = ss_easy_setopt_long(e, CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        if let body = request.body {
            _ = ss_easy_setopt_long(e, CURLOPT_POSTFIELDSIZE, body.count)
            body.withUnsafeBufferPointer { buffer in
                // COPYPOSTFIELDS copies the bytes, so the buffer need not outlive this call.
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = ss_easy_setopt_string(e, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
                }
            }
        }
        if request.method != "GET" && !(request.method == "POST" && request.body != nil) {
            _ = ss_easy_setopt_string(e, CURLOPT_CUSTOMREQUEST, request.method)
        }
        _ = ss_easy_setopt_long(e, CURLOPT_MAXREDIRS, options.maxRedirects)
        _ = ss_easy_setopt_long(e, CURLOPT_TIMEOUT_MS, timeoutMs)
        _ = ss_easy_setopt_long(e, CURLOPT_CONNECTTIMEOUT_MS, connectMs)
        _ = ss_easy_setopt_long(e, CURLOPT_NOSIGNAL, 1)
        _ = ss_easy_setopt_long(e, CURLOPT_SSL_VERIFYPEER, 1)
        _ = ss_easy_setopt_long(e, CURLOPT_SSL_VERIFYHOST, 2)
        // No CURLOPT_PIPEWAIT: it makes every transfer to a host wait until the first one shows
        // whether the connection multiplexes, which over http:// means until its answer arrives,
        // so one stalled request starved all its neighbours (issue 22). Without it a transfer
        // takes a free connection of its own (ConnectionSlots keeps it within the per-host cap),
        // and an HTTP/2 connection already open is still shared.
        _ = ss_easy_setopt_string(e, CURLOPT_ACCEPT_ENCODING, "")  // every encoding this libcurl decodes
        _ = ss_easy_setopt_string(e, CURLOPT_USERAGENT, options.userAgent)
        _ = ss_easy_setopt_off(e, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes))
        _ = ss_easy_setopt_pointer(e, CURLOPT_ERRORBUFFER, errorBuffer)
        for h in request.headers { headerList = ss_curl_slist_append(headerList, h) }
        if let list = headerList { _ = ss_easy_setopt_slist(e, CURLOPT_HTTPHEADER, list) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = ss_easy_setopt_write(e, CURLOPT_WRITEFUNCTION, curlWriteBody)
        _ = ss_easy_setopt_pointer(e, CURLOPT_WRITEDATA, context)
        _ = ss_easy_setopt_write(e, CURLOPT_HEADERFUNCTION, curlWriteHeader)
        _ = ss_easy_setopt_pointer(e, CURLOPT_HEADERDATA, context)
    }

    deinit {
        ss_curl_easy_cleanup(easy)
        if let list = headerList { ss_curl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    func prepareAttempt(now: Double) {
        if attempt == 0 { firstStart = now }
        attempt += 1
        dropBody()
        headerLines.removeAll()
        tooLarge = false
        overBudget = false
        errorBuffer[0] = 0
    }

    /// Frees the body and returns its bytes to the batch budget.
    private func dropBody() {
        budget.release(body.count)
        body = []
    }

    func finish(code: CURLcode, options: TransportOptions, started: Double) -> Outcome {
        let seconds = clock.now() - firstStart
        if code != CURLE_OK {
            let err = mapError(code, options: options)
            dropBody()
            switch err {
            case .couldNotConnect, .connectionClosed:
                return .retry(retryAfter: nil, last: .failure(err))
            default:
                return .done(.failure(err))
            }
        }
        var status = 0
        _ = ss_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var urlPointer: UnsafeMutablePointer<CChar>?
        _ = ss_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &urlPointer)
        let effective = urlPointer.map { String(cString: $0) } ?? request.url
        var response = HTTPResponse(
            status: status, headers: headerLines, body: body, effectiveURL: effective, attempts: attempt,
            seconds: seconds)
        response.retryAfter = RetryPolicy.parseRetryAfter(response.header("Retry-After"), now: wallClock())
        // The response now owns the bytes (still counted in the budget until the batch returns).
        body = []
        if options.retry.retryableStatuses.contains(status) {
            return .retry(retryAfter: response.retryAfter, last: .success(response))
        }
        return .done(.success(response))
    }

    private func mapError(_ code: CURLcode, options: TransportOptions) -> TransportError {
        let detail: String = {
            let fromBuffer = String(cString: errorBuffer)
            return fromBuffer.isEmpty ? String(cString: ss_curl_easy_strerror(code)) : fromBuffer
        }()
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .couldNotResolve(host: host)
        case CURLE_COULDNT_CONNECT: return .couldNotConnect(host: host, detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            // A request never sent means the connection (TCP, TLS) never came up: the connect
            // limit fired. (The connect time cannot tell: it is 0 on a reused connection too.)
            var requestBytes = 0
            _ = ss_easy_getinfo_long(easy, CURLINFO_REQUEST_SIZE, &requestBytes)
            return requestBytes == 0
                ? .connectTimedOut(host: host, seconds: connectTimeoutSeconds)
                : .timedOut(host: host, seconds: timeoutSeconds)
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects(host: host, limit: options.maxRedirects)
        case CURLE_FILESIZE_EXCEEDED: return .responseTooLarge(host: host, limitBytes: maxBodyBytes)
        case CURLE_WRITE_ERROR where tooLarge: return .responseTooLarge(host: host, limitBytes: maxBodyBytes)
        case CURLE_WRITE_ERROR where overBudget:
            return .responsesTooLargeTogether(host: host, limitBytes: budget.limitBytes)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
            return .tls(host: host, detail: detail)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionClosed(host: host, detail: detail)
        case CURLE_FILE_COULDNT_READ_FILE: return .fileNotFound(path: CurlTransfer.pathOf(request.url))
        case CURLE_BAD_CONTENT_ENCODING: return .badContentEncoding(host: host)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            // The URL's scheme was checked in init, so this is about what came back: a redirect
            // to a scheme that is not followed (the status is then 3xx), or an answer that was
            // not HTTP at all (libcurl calls it HTTP/0.9; there is no status).
            var status = 0
            _ = ss_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            return (300..<400).contains(status) ? .redirectRefused(host: host) : .notHTTP(host: host)
        case CURLE_URL_MALFORMAT: return .invalidURL(request.url)
        default: return .other(host: host, code: Int(code.rawValue), detail: detail)
        }
    }

    /// `host[:port]` of a URL, for messages; `file` for local reads.
    static func hostOf(_ url: String) -> String {
        guard let (scheme, _) = Endpoint.parts(url) else { return url }
        if scheme.lowercased() == "file" { return "file" }
        return String(Endpoint.hostAndPort(url) ?? "")
    }

    /// `scheme://host:port` (see `Endpoint.origin`) that a transfer holds a connection slot
    /// for; nil for `file://`.
    static func slotKeyOf(_ url: String) -> String? {
        guard let (scheme, _) = Endpoint.parts(url) else { return url.lowercased() }
        return scheme.lowercased() == "file" ? nil : Endpoint.origin(url)
    }

    /// libcurl's millisecond limit for `seconds`, never 0 (which libcurl reads as "no limit")
    /// and never past a day.
    static func milliseconds(_ seconds: Double) -> Int {
        guard !seconds.isNaN else { return 1 }
        return Int(min(max(seconds * 1000, 1), 86_400_000))
    }

    static func pathOf(_ url: String) -> String {
        guard let r = url.range(of: "file://") else { return url }
        return String(url[r.upperBound...])
    }
}

/// libcurl body callback: appends to the transfer's buffer, refusing past the size cap.
private func curlWriteBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context, let data else { return 0 }
    let t = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let n = size * count
    if t.body.count + n > t.maxBodyBytes {
        t.tooLarge = true
        return 0
    }
    guard t.budget.reserve(n) else {
        t.overBudget = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: n) {
        t.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
    }
    return n
}

/// libcurl header callback: keeps the headers of the final response only (a redirect's status
/// line starts the list afresh).
private func curlWriteHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context, let data else { return 0 }
    let t = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let n = size * count
    switch HTTPHeaderLine.parse(UnsafeRawBufferPointer(start: data, count: n)) {
    case .statusLine: t.headerLines.removeAll()
    case .header(let header): t.headerLines.append(header)
    case .other: break
    }
    return n
}
