import SquarestockCore

/// Just enough HTML reading to answer Yahoo's EU consent form: the hidden inputs of a page, with
/// the entity encoding Yahoo uses in their values (`guccounter&#x3D;1`).
package enum HTMLForm {
    /// `(name, value)` of every `<input type="hidden" ...>` that has a name.
    package static func hiddenInputs(_ html: String) -> [(name: String, value: String)] {
        hiddenInputs(Array(html.utf8))
    }

    /// The same, read from the page's bytes: consent pages are ~90 KB, tags and attribute names
    /// are ASCII, and only the few values kept become strings.
    package static func hiddenInputs(_ html: [UInt8]) -> [(name: String, value: String)] {
        var out: [(String, String)] = []
        html.withUnsafeBufferPointer { page in
            var from = 0
            while let open = ASCIIBytes.firstIndex(of: inputTag, in: page, from: from, to: page.count) {
                let tagStart = open + inputTag.count
                guard let end = (tagStart..<page.count).first(where: { page[$0] == UInt8(ascii: ">") }) else { break }
                from = end + 1
                let tag = tagStart..<end
                guard let type = attribute(typeName, in: page, tag), type.count == hidden.count,
                    ASCIIBytes.firstIndex(of: hidden, in: page, from: type.lowerBound, to: type.upperBound) != nil,
                    let name = attribute(nameName, in: page, tag)
                else { continue }
                let value = attribute(valueName, in: page, tag)
                out.append(
                    (
                        decodeEntities(UnsafeBufferPointer(rebasing: page[name])),
                        value.map { decodeEntities(UnsafeBufferPointer(rebasing: page[$0])) } ?? ""
                    ))
            }
        }
        return out
    }

    private static let inputTag = Array("<input".utf8)
    private static let typeName = Array("type=".utf8)
    private static let nameName = Array("name=".utf8)
    private static let valueName = Array("value=".utf8)
    private static let hidden = Array("hidden".utf8)

    /// Where the value of `name=` (with `=`, lowercase) is inside `tag`: quoted with `"` or `'`,
    /// or up to the next space. Only a match at the start of the tag or after white space counts,
    /// so `data-name=` is not `name=`.
    static func attribute(_ name: [UInt8], in page: UnsafeBufferPointer<UInt8>, _ tag: Range<Int>) -> Range<Int>? {
        var from = tag.lowerBound
        while let at = ASCIIBytes.firstIndex(of: name, in: page, from: from, to: tag.upperBound) {
            from = at + name.count
            if at > tag.lowerBound, !ASCIIBytes.isSpace(page[at - 1]) { continue }
            guard from < tag.upperBound, page[from] == UInt8(ascii: "\"") || page[from] == UInt8(ascii: "'") else {
                var e = from
                while e < tag.upperBound, page[e] != UInt8(ascii: " ") { e += 1 }
                return from..<e
            }
            let quote = page[from]
            var e = from + 1
            while e < tag.upperBound, page[e] != quote { e += 1 }
            return e < tag.upperBound ? (from + 1)..<e : nil
        }
        return nil
    }

    /// `&amp; &lt; &gt; &quot; &apos; &#xNN; &#NN;`; anything else, including a reference to a
    /// surrogate or to no code point, stays as written.
    package static func decodeEntities(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
        return Array(s.utf8).withUnsafeBufferPointer { decodeEntities($0) }
    }

    /// The same over bytes, into one buffer: a value is copied once and becomes a String once
    /// (UTF-8 damage is repaired there, as everywhere else a body becomes text).
    static func decodeEntities(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            if text[i] == UInt8(ascii: "&"), let (scalar, next) = entity(in: text, at: i) {
                out.append(contentsOf: String(scalar).utf8)
                i = next
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an entity starting at `amp` stands for, and where the text resumes. Names
    /// are at most ten bytes (`&#x10FFFF;` is the longest one we read).
    private static func entity(in text: UnsafeBufferPointer<UInt8>, at amp: Int) -> (Unicode.Scalar, Int)? {
        let limit = min(text.count, amp + 12)
        var semi = amp + 1
        while semi < limit, text[semi] != UInt8(ascii: ";") { semi += 1 }
        guard semi < limit else { return nil }
        let name = UnsafeBufferPointer(rebasing: text[(amp + 1)..<semi])
        let scalar: Unicode.Scalar?
        switch String(decoding: name, as: UTF8.self) {  // at most ten bytes: a small string, no allocation
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default: scalar = numericReference(name)
        }
        return scalar.map { ($0, semi + 1) }
    }

    /// `#NN` (decimal) or `#xNN` (hex) to a scalar; digits only, no sign.
    private static func numericReference(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
        let hex = name[1] | 0x20 == UInt8(ascii: "x")
        let digits = name.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for b in digits {
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: d = UInt32(b - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * (hex ? 16 : 10) + d
            if value > 0x10FFFF { return nil }
        }
        return Unicode.Scalar(value)
    }

    /// `application/x-www-form-urlencoded` body.
    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { Endpoint.encode($0.0) + "=" + Endpoint.encode($0.1) }.joined(separator: "&")
    }
}
