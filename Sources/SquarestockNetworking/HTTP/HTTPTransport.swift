import SquarestockCore

/// One GET a provider wants made. Providers build these and never touch libcurl, so a test can
/// swap the transport for a fake, and every request still carries the limits the user set.
package struct HTTPRequest: Sendable, Equatable {
    package var url: String
    /// Extra header lines, `Name: value`.
    package var headers: [String]
    package var method: String
    package var body: [UInt8]?
    /// Off for flows that must see each redirect (Yahoo's consent pages set cookies on them).
    package var followRedirects: Bool
    /// Seconds a successful answer may be served again instead of fetched (watch's response
    /// cache): the service that builds the request knows how fast its answer goes stale. nil:
    /// never (quotes, sessions, anything that moves).
    package var reuseFor: Double?

    package init(
        url: String, headers: [String] = [], method: String = "GET", body: [UInt8]? = nil, followRedirects: Bool = true,
        reuseFor: Double? = nil
    ) {
        self.reuseFor = reuseFor
        self.url = url
        self.headers = headers
        self.method = method
        self.body = body
        self.followRedirects = followRedirects
    }
}

/// What came back for one request, after redirects and retries.
package struct HTTPResponse: Sendable, Equatable {
    /// HTTP status; 0 for `file://` URLs, which have none.
    package var status: Int
    package var headers: [HTTPHeader]
    package var body: [UInt8]
    package var effectiveURL: String
    /// How many attempts it took (1 when the first one answered).
    package var attempts: Int
    /// Seconds from the first attempt's start to the final answer.
    package var seconds: Double
    /// The wait the server asked for in `Retry-After`, read once by the transport that received
    /// the answer (an HTTP date against its wall clock); nil without the header.
    package var retryAfter: Double?

    package init(
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
    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// Every header of that name (`Set-Cookie` comes several times).
    package func headers(named name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// Success for HTTP(S) means 2xx; a `file://` read has no status and succeeded if it arrived.
    package var isSuccess: Bool { status == 0 || (200..<300).contains(status) }
}

/// A response header line, split once at the colon.
package struct HTTPHeader: Sendable, Equatable {
    package var name: String
    package var value: String
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Performs batches of requests concurrently. A batch call lets the transport overlap every
/// round trip of one command (and reuse connections), which is what makes 50 symbols cost about
/// one request's time.
package protocol HTTPTransport: Sendable {
    /// Results in the order of `requests`; one failure never affects the others.
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>]
}

extension HTTPTransport {
    package func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransportError> {
        perform([request])[0]
    }
}
