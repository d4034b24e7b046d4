extension String {
    /// `uppercased()`, but the string itself (nothing copied) when none of its bytes is a
    /// lowercase ASCII letter or beyond ASCII: a currency code or a symbol almost always comes
    /// upper-cased already, and a ledger import upper-cases several of them a row.
    package var asciiUppercased: String {
        var copy = self
        let upper = copy.withUTF8 { bytes in
            for b in bytes where b >= 0x80 || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) { return false }
            return true
        }
        return upper ? self : uppercased()
    }
}
