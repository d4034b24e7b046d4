/// Why a request produced no usable response, in words a user can act on.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case couldNotResolve(host: String)
    case couldNotConnect(host: String, detail: String)
    case timedOut(host: String, seconds: Double)
    case tooManyRedirects(host: String, limit: Int)
    case responseTooLarge(host: String, limitBytes: Int)
    case tls(host: String, detail: String)
    case connectionClosed(host: String, detail: String)
    case fileNotFound(path: String)
    case badContentEncoding(host: String)
    case invalidURL(String)
    case other(host: String, code: Int, detail: String)

    public var description: String {
        switch self {
        case .couldNotResolve(let host):
            return "could not resolve \(host); check the network connection, DNS, or the --endpoint address"
        case .couldNotConnect(let host, let detail):
            return "could not connect to \(host) (\(detail)); the service may be down or unreachable from this network"
        case .timedOut(let host, let seconds):
            return "\(host) did not answer within \(TransportError.format(seconds)) s; try again, or raise --timeout"
        case .tooManyRedirects(let host, let limit):
            return "\(host) redirected more than \(limit) times; the service address may have changed"
        case .responseTooLarge(let host, let limit):
            return "the response from \(host) exceeded \(TransportError.formatBytes(limit)); refusing to read more (is --endpoint pointing at the right service?)"
        case .tls(let host, let detail):
            return "secure connection to \(host) failed: \(detail); check the system clock and CA certificates (verification is never turned off)"
        case .connectionClosed(let host, let detail):
            return "\(host) closed the connection before the whole response arrived (\(detail)); try again"
        case .fileNotFound(let path):
            return "could not read \(path)"
        case .badContentEncoding(let host):
            return "\(host) sent a compressed body that could not be decoded"
        case .invalidURL(let url):
            return "invalid URL \(Endpoint.redact(url))"
        case .other(let host, let code, let detail):
            return "request to \(host) failed: \(detail) (libcurl error \(code))"
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(Double(Int(seconds * 10)) / 10)
    }

    static func formatBytes(_ n: Int) -> String {
        if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }
}
