/// Just enough HTML reading to answer Yahoo's EU consent form: the hidden inputs of a page, with
/// the entity encoding Yahoo uses in their values (`guccounter&#x3D;1`).
public enum HTMLForm {
    /// `(name, value)` of every `<input type="hidden" ...>` that has a name.
    public static func hiddenInputs(_ html: String) -> [(name: String, value: String)] {
        var out: [(String, String)] = []
        var rest = Substring(html)
        while let start = rest.range(of: "<input", options: .caseInsensitive) {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[start.upperBound..<end]
            rest = rest[rest.index(after: end)...]
            guard attribute("type", in: tag)?.lowercased() == "hidden", let name = attribute("name", in: tag) else { continue }
            out.append((decodeEntities(name), decodeEntities(attribute("value", in: tag) ?? "")))
        }
        return out
    }

    static func attribute(_ name: String, in tag: Substring) -> String? {
        var search = tag[...]
        while let r = search.range(of: name + "=", options: .caseInsensitive) {
            let before = r.lowerBound == tag.startIndex ? " " : tag[tag.index(before: r.lowerBound)]
            search = search[r.upperBound...]
            guard before.isWhitespace else { continue }
            guard let quote = search.first, quote == "\"" || quote == "'" else {
                return String(search.prefix { $0 != " " && $0 != ">" })
            }
            let body = search.dropFirst()
            guard let close = body.firstIndex(of: quote) else { return nil }
            return String(body[..<close])
        }
        return nil
    }

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

import Foundation
