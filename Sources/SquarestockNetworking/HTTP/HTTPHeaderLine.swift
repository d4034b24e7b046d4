import SquarestockCore

/// One line of a response's header block as libcurl hands it over, read from its bytes.
///
/// The split lives apart from the libcurl callback so that the fuzzer can reach it: header
/// lines come from any server, and a value may hold anything but a line end.
package enum HTTPHeaderLine: Equatable, Sendable {
    /// `HTTP/...`: a new response starts (a redirect's or the final one), so earlier headers go.
    case statusLine
    /// `Name: value`, both trimmed of spaces and tabs, the line end dropped.
    case header(HTTPHeader)
    /// The blank line that ends the block, or a line with no colon.
    case other

    package static func parse(_ line: UnsafeRawBufferPointer) -> HTTPHeaderLine {
        if line.starts(with: "HTTP/".utf8) { return .statusLine }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .other }
        let name = trimmed(line, from: line.startIndex, to: colon)
        let value = trimmed(line, from: colon + 1, to: line.endIndex)
        return .header(
            HTTPHeader(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
    }

    /// The bytes in `start..<end` without the spaces, tabs and line-end bytes around them.
    private static func trimmed(_ line: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UnsafeRawBufferPointer
    {
        UnsafeRawBufferPointer(
            rebasing: line[ASCIIBytes.trimmed(line, from: start, to: end, where: ASCIIBytes.isJSONSpace)])
    }
}
