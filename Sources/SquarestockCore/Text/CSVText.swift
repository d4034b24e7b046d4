/// One field of CSV output, quoted in one place so every `--format csv` reads back by the same
/// rule (RFC 4180, as `TolerantCSVReader` and `ChunkedCSVReader` read it).
package enum CSVText {
    /// `s` as it is when it holds no comma, quote or line end; else in quotes, each quote doubled.
    package static func quoted(_ s: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
        guard
            s.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
                    || $0 == UInt8(ascii: "\r")
            })
        else { return s }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(s.utf8.count + 4)
        for b in s.utf8 {
            out.append(b)
            if b == UInt8(ascii: "\"") { out.append(b) }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}
