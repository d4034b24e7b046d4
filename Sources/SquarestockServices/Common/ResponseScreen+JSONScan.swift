import SquarestockCore

extension ResponseScreen {
    /// A JSON body walked once without building its tree: whether `JSONReader` would read it,
    /// and the message `jsonMessage(in:)` would find in that tree.
    package enum JSONScan: Equatable {
        case wellFormed(message: String?)
        /// `JSONReader`'s own error, byte offset and wording, so the error a user sees is the same.
        case malformed(offset: Int, message: String)
    }

    /// `jsonMessage(in:)` for a decoder that reads the rest of a body straight from its bytes
    /// (a Yahoo quote batch): the same search, the first of the named keys with a string value
    /// in an object, else in its objects in order, four levels down and never into an array,
    /// over the bytes. Only the few keys on that path become text.
    package static func scanJSON(_ body: [UInt8]) -> JSONScan {
        let scanned: String?? = body.withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            var message: String?
            if c.peek() == UInt8(ascii: "{") {
                c.offset += 1
                guard let m = scanMessage(&c, depth: 0) else { return nil }
                message = m
            } else if !c.skipValue(depth: 0) {
                return nil
            }
            guard c.atEnd(), JSONCursor.escapesAreReadable(raw) else { return nil }
            return .some(message.map { SecretRedactor.shared.excerpt($0) })
        }
        if let message = scanned { return .wellFormed(message: message) }
        do {
            _ = try JSONReader.parse(body)
        } catch {
            return .malformed(offset: error.offset, message: error.message)
        }
        // Not reached: the cursor reads all that `JSONReader` reads.
        return .malformed(offset: 0, message: "unexpected character")
    }

    /// The members of an object at `depth`, its `{` taken: `.some(message)` when well-formed
    /// (the message nil when none is found), nil when not.
    static func scanMessage(_ c: inout JSONCursor, depth: Int) -> String?? {
        var own: String?
        var inner: String?
        let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let k = c.rawString(), c.take(UInt8(ascii: ":")) else { return false }
            switch c.peek() {
            case UInt8(ascii: "\"") where own == nil && messageKeys.contains(k.text):
                guard let s = c.rawString() else { return false }
                own = s.text
                return true
            case UInt8(ascii: "{") where depth + 1 < 4:
                c.offset += 1
                guard let m = scanMessage(&c, depth: depth + 1) else { return false }
                if inner == nil { inner = m }
                return true
            default:
                return c.skipValue(depth: depth + 1)
            }
        }
        return ok ? .some(own ?? inner) : nil
    }

    static let messageKeys: Set<String> = ["Error Message", "Information", "Note", "description", "message", "error"]
}
