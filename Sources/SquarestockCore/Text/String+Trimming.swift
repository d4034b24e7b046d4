extension String {
    /// Without leading and trailing ASCII white space (`ASCIIBytes.isSpace`: spaces, tabs, line
    /// ends, VT, FF). Works on scalars: `"\r\n"` is one `Character` in Swift, so character-wise
    /// trimming would miss it.
    package var trimmingSpaces: String {
        let scalars = unicodeScalars
        func isSpace(_ u: Unicode.Scalar) -> Bool { u.isASCII && ASCIIBytes.isSpace(UInt8(u.value)) }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) }) ?? first
        return String(scalars[first...last])
    }

    /// Without the spaces at its end (a table row whose last column is empty), leading ones kept.
    package var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.unicodeScalars.last == " " { s.unicodeScalars.removeLast() }
        return String(s)
    }
}
