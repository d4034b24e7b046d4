/// Records what the client under test actually put on the wire, so tests assert on the real URL and
/// headers instead of trusting the client's own idea of what it sent.
public struct LoopbackRequest: Sendable {
    public var method: String
    /// Exactly as sent, never normalised: encoding mistakes in the client must stay visible.
    public var target: String
    public var path: String
    /// Raw (still percent-encoded); `nil` when the target has no `?`.
    public var query: String?
    /// In arrival order, duplicates kept, names as the client spelled them.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// Public so route tables and matchers can be unit-tested without a socket.
    public init(
        method: String = "GET", target: String, headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
    }

    /// Header names are case-insensitive in HTTP; returns the first occurrence.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Percent-decodes name and value; `+` stays literal because URL builders such as
    /// `URLComponents` leave it unencoded, so turning it into a space would hide real bugs.
    /// An item without `=` (stooq's `&h&`) has the value `""`.
    public func queryItem(_ name: String) -> String? {
        for item in Self.rawQueryItems(query) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard Self.percentDecoded(parts[0]) == name else { continue }
            return parts.count > 1 ? Self.percentDecoded(parts[1]) : ""
        }
        return nil
    }

    static func rawQueryItems(_ query: String?) -> [Substring] {
        query?.split(separator: "&") ?? []
    }

    /// Malformed escapes are kept literally rather than rejected: tests want to see them.
    public static func percentDecoded(_ text: Substring) -> String {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
