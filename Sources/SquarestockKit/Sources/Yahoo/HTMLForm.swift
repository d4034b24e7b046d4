/// Just enough HTML reading to answer Yahoo's EU consent form: the hidden inputs of a page, with
/// the entity encoding Yahoo uses in their values (`guccounter&#x3D;1`).
public enum HTMLForm {
    /// `(name, value)` of every `<input type="hidden" ...>` that has a name.
    public static func hiddenInputs(_ html: String) -> [(name: String, value: String)] {
        hiddenInputs(Array(html.utf8))
    }

    /// The same, read from the page's bytes: consent pages are ~90 KB, tags and attribute names
    /// are ASCII, and only the few values kept become strings.
    public static func hiddenInputs(_ html: [UInt8]) -> [(name: String, value: String)] {
        var out: [(String, String)] = []
        html.withUnsafeBufferPointer { page in
            var from = 0
            while let open = ASCIISearch.firstIndex(of: inputTag, in: page, from: from, to: page.count) {
                let tagStart = open + inputTag.count
                guard let end = (tagStart..<page.count).first(where: { page[$0] == UInt8(ascii: ">") }) else { break }
                from = end + 1
                let tag = tagStart..<end
                guard let type = attribute(typeName, in: page, tag), String(decoding: page[type], as: UTF8.self).lowercased() == "hidden",
                      let name = attribute(nameName, in: page, tag) else { continue }
                let value = attribute(valueName, in: page, tag)
                out.append((decodeEntities(String(decoding: page[name], as: UTF8.self)),
                            decodeEntities(value.map { String(decoding: page[$0], as: UTF8.self) } ?? "")))
            }
        }
        return out
    }

    private static let inputTag = Array("<input".utf8)
    private static let typeName = Array("type=".utf8)
    private static let nameName = Array("name=".utf8)
    private static let valueName = Array("value=".utf8)

    /// Where the value of `name=` (with `=`, lowercase) is inside `tag`: quoted with `"` or `'`,
    /// or up to the next space. Only a match at the start of the tag or after white space counts,
    /// so `data-name=` is not `name=`.
    static func attribute(_ name: [UInt8], in page: UnsafeBufferPointer<UInt8>, _ tag: Range<Int>) -> Range<Int>? {
        var from = tag.lowerBound
        while let at = ASCIISearch.firstIndex(of: name, in: page, from: from, to: tag.upperBound) {
            from = at + name.count
            if at > tag.lowerBound, !isSpace(page[at - 1]) { continue }
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

    private static func isSpace(_ b: UInt8) -> Bool { b == 32 || (b >= 9 && b <= 13) }

    /// `&amp; &lt; &gt; &quot; &#39; &#xNN; &#NN;`.
    public static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "&", let semi = s[i...].prefix(12).firstIndex(of: ";") {
                let entity = s[s.index(after: i)..<semi]
                var replacement: String?
                switch entity {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos": replacement = "'"
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let v = UInt32(entity.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
                        replacement = String(Character(u))
                    } else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let u = Unicode.Scalar(v) {
                        replacement = String(Character(u))
                    }
                }
                if let r = replacement {
                    out += r
                    i = s.index(after: semi)
                    continue
                }
            }
            out.append(s[i])
            i = s.index(after: i)
        }
        return out
    }

    /// `application/x-www-form-urlencoded` body.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { Endpoint.encode($0.0) + "=" + Endpoint.encode($0.1) }.joined(separator: "&")
    }
}

