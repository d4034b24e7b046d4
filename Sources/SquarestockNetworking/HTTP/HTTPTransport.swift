import SquarestockCore

/// One GET a provider wants made. Providers build these and never touch libcurl, so a test can
/// swap the transport for a fake, and every request still carries the limits the user set.
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    /// Extra header lines, `Name: value`.
    public var headers: [String]
    public var method: String
    public var body: [UInt8]?
    /// Off for flows that must see each redirect (Yahoo's consent pages set cookies on them).
    public var followRedirects: Bool

    public init(
        url: String, headers: [String] = [], method: String = "GET", body: [UInt8]? = nil, followRedirects: Bool = true
    ) {
        self.url = url
        self.headers = headers
        self.method = method
        self.body = body
        self.followRedirects = followRedirects
    }
}

/// What came back for one request, after redirects and retries.
public struct HTTPResponse: Sendable, Equatable {
    /// HTTP status; 0 for `file://` URLs, which have none.
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    public var effectiveURL: String
    /// How many attempts it took (1 when the first one answered).
    public var attempts: Int
    /// Seconds from the first attempt's start to the final answer.
    public var seconds: Double
    /// The wait the server asked for in `Retry-After`, read once by the transport that received
    /// the answer (an HTTP date against its wall clock); nil without the header.
    public var retryAfter: Double?

    public init(
        status: Int, headers: [HTTPHeader] = [], body: [UInt8], effectiveURL: String = "", attempts: Int = 1,
        seconds: Double = 0, retryAfter: Double? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.attempts = attempts
        self.seconds = seconds
        self.retryAfter = retryAfter
    }

    /// First header of that name, case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// Every header of that name (`Set-Cookie` comes several times).
    public func headers(named name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// Success for HTTP(S) means 2xx; a `file://` read has no status and succeeded if it arrived.
    public var isSuccess: Bool { status == 0 || (200..<300).contains(status) }
}

/// A response header line, split once at the colon.
public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Performs batches of requests concurrently. A batch call lets the transport overlap every
/// round trip of one command (and reuse connections), which is what makes 50 symbols cost about
/// one request's time.
public protocol HTTPTransport: Sendable {
    /// Results in the order of `requests`; one failure never affects the others.
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>]
}

extension HTTPTransport {
    public func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransportError> {
        perform([request])[0]
    }
}
