/// One hexadecimal digit's value, as a JSON `\u` escape spells it: the reader and the escape
/// check of byte-level decoders read the same four digits the same way.
enum HexDigit {
    @inline(__always) static func value(_ c: UInt8) -> UInt32? {
        switch c {
        case 48...57: return UInt32(c - 48)
        case 65...70: return UInt32(c - 55)
        case 97...102: return UInt32(c - 87)
        default: return nil
        }
    }
}
