/// Eight bytes of text read as one 64-bit word: which bytes are ASCII digits and the number a
/// run of them makes, with no loop and no branch per byte. The number readers of the hot paths
/// (`BarRowScanner`, `ExactDecimal.parseShort`) share it; a loop per digit cost a mispredicted
/// branch at the end of each number, whose length varies from field to field.
@usableFromInline package enum DigitWord {
    /// The eight bytes at `p`, first byte lowest, with each digit turned into its value 0...9
    /// (other bytes come out as their bits xor `0x30`: a `.` as `0x1E`).
    @inlinable @inline(__always)
    package static func load(_ p: UnsafeRawPointer) -> UInt64 {
        p.loadUnaligned(as: UInt64.self).littleEndian ^ 0x3030_3030_3030_3030
    }

    /// The high bit of every byte of a `load`ed word that was not a digit.
    @inlinable @inline(__always)
    package static func nonDigits(_ x: UInt64) -> UInt64 {
        // A byte was a digit exactly when it is now below 10: adding 0x76 carries it to 0x80
        // only when it is 10 or more, and a byte of 0x80 or more flags itself.
        ((x &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
    }

    /// `x` with its byte `at` taken out (a decimal point): the bytes below it stay, the bytes above
    /// move down one.
    @inlinable @inline(__always)
    package static func removingByte(at: Int, of x: UInt64) -> UInt64 {
        let below = (UInt64(1) &<< UInt64(at &* 8)) &- 1
        return (x & below) | ((x &>> 8) & ~below)
    }

    /// The number in the low `digits` bytes (1...8) of `x`, which hold values 0...9, the first
    /// digit in the lowest byte.
    @inlinable @inline(__always)
    package static func value(_ x: UInt64, digits: Int) -> Int64 {
        // Move the digits to the top, so the zero bytes shifted in below read as leading zeros.
        var v = x &<< UInt64((8 &- digits) &* 8)
        v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
        return Int64(truncatingIfNeeded: v)
    }
}
