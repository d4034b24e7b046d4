/// Why a request produced no usable response, in words a user can act on.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case couldNotResolve(host: String)
    case couldNotConnect(host: String, detail: String)
    case timedOut(host: String, seconds: Double)
    /// The connection itself did not come up within the connect limit (`seconds`).
    case connectTimedOut(host: String, seconds: Double)
    case tooManyRedirects(host: String, limit: Int)
    case responseTooLarge(host: String, limitBytes: Int)
    /// This response would have taken the bytes its batch holds past `limitBytes`.
    case responsesTooLargeTogether(host: String, limitBytes: Int)
    /// The server answered with something that is not HTTP (libcurl's "HTTP/0.9").
    case notHTTP(host: String)
    /// A redirect to a scheme that is never followed (only http and https are).
    case redirectRefused(host: String)
    case tls(host: String, detail: String)
    case connectionClosed(host: String, detail: String)
    case fileNotFound(path: String)
    case badContentEncoding(host: String)
    case invalidURL(String)
    /// The HTTP library could not be opened (squarestock loads libcurl on first use); the text
    /// names what is missing and the package that provides it.
    case libraryMissing(String)
    case other(host: String, code: Int, detail: String)

    public var description: String {
        switch self {
        case .couldNotResolve(let host):
            return "could not resolve \(host); check the network connection, DNS, or the --endpoint address"
        case .couldNotConnect(let host, let detail):
            return "could not connect to \(host) (\(detail)); the service may be down or unreachable from this network"
        case .timedOut(let host, let seconds):
            return "\(host) did not answer within \(TransportError.format(seconds)) s; try again, or raise --timeout"
        case .connectTimedOut(let host, let seconds):
            return "could not connect to \(host) within \(TransportError.format(seconds)) s (the connect limit: 5 s, "
                + "or --timeout if shorter); the service may be down or unreachable from this network, try again later"
        case .tooManyRedirects(let host, let limit):
            return "\(host) redirected more than \(limit) times; the service address may have changed"
        case .responseTooLarge(let host, let limit):
            return
                "the response from \(host) exceeded \(TransportError.formatBytes(limit)); refusing to read more (is --endpoint pointing at the right service?)"
        case .responsesTooLargeTogether(let host, let limit):
            return
                "the responses to this command together passed \(TransportError.formatBytes(limit)), so the one from \(host) "
                + "was not read; ask for fewer symbols at once (is --endpoint pointing at the right service?)"
        case .notHTTP(let host):
            return "\(host) did not answer in HTTP; check that --endpoint names the web service (scheme, host and port)"
        case .redirectRefused(let host):
            return "\(host) redirected to an address that is not http:// or https://, which is never followed; "
                + "the service address may have changed, or --endpoint is wrong"
        case .tls(let host, let detail):
            return
                "secure connection to \(host) failed: \(detail); check the system clock and CA certificates (verification is never turned off)"
        case .connectionClosed(let host, let detail):
            return "\(host) closed the connection before the whole response arrived (\(detail)); try again"
        case .fileNotFound(let path):
            return "could not read \(path)"
        case .badContentEncoding(let host):
            return "\(host) sent a compressed body that could not be decoded"
        case .invalidURL(let url):
            return "invalid URL \(Endpoint.redact(url))"
        case .libraryMissing(let why):
            return why
        case .other(let host, let code, let detail):
            return "request to \(host) failed: \(detail) (libcurl error \(code))"
        }
    }

    /// Whole seconds as `2`, fractions to the millisecond as `0.5` or `0.001` (limits are whole
    /// milliseconds, so nothing shows as `0.0`).
    static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return String(seconds) }
        let ms = Int((seconds * 1000).rounded())
        guard ms % 1000 != 0 else { return String(ms / 1000) }
        var fraction = String(abs(ms) % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (ms < 0 ? "-" : "") + String(abs(ms) / 1000) + "." + fraction
    }

    static func formatBytes(_ n: Int) -> String {
        if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }
}
