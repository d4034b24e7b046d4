/// A canned answer plus the fault to inject while sending it; framing headers are the server's job
/// so a recorded body can be dropped in without recomputing its length.
public struct LoopbackResponse: Sendable {
    public var status: Int
    /// `nil` picks the usual phrase for `status`.
    public var reason: String?
    /// Sent as given, except `Content-Length` and `Connection`, which the server writes itself.
    /// A `Connection: close` here still makes the server close after this response.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var behaviour: LoopbackBehaviour

    public init(
        status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8],
        behaviour: LoopbackBehaviour = .normal
    ) {
        self.status = status
        self.reason = nil
        self.headers = headers
        self.body = body
        self.behaviour = behaviour
    }

    public static func text(
        _ s: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8"
    ) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [("Content-Type", contentType)], body: Array(s.utf8))
    }

    /// Reads well in route tables: `.text("x").with(.truncateBody(afterBytes: 1))`.
    public func with(_ behaviour: LoopbackBehaviour) -> LoopbackResponse {
        var copy = self
        copy.behaviour = behaviour
        return copy
    }

    var asksToClose: Bool {
        headers.contains { $0.name.lowercased() == "connection" && $0.value.lowercased().contains("close") }
    }

    /// Status line and headers, ending with the blank line.
    func head(contentLength: Int, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason ?? Self.defaultReason(for: status))\r\n"
        for (name, value) in headers {
            let lowered = name.lowercased()
            guard lowered != "content-length", lowered != "connection" else { continue }
            text += "\(name): \(value)\r\n"
        }
        text += "Content-Length: \(contentLength)\r\n"
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    static func defaultReason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
