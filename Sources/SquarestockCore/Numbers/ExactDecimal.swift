/// A base-10 number held exactly as a quote service wrote it.
///
/// Prices are money: they are stored and summed, so they never pass through `Double`
/// (`0.1 + 0.2` must stay `0.3`), and they print back with the digits that were received
/// (`35.00` stays `35.00`). Up to 18 significant digits, which covers every price, volume and
/// market-cap field the services send.
public struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The digits as an integer: the value is `significand / 10^scale`.
    public var significand: Int64
    /// Digits after the decimal point.
    public var scale: Int

    public static let maxScale = 18

    @inlinable public init(significand: Int64, scale: Int = 0) {
        self.significand = significand
        self.scale = scale
    }

    public init(_ value: Int) { self.init(significand: Int64(value), scale: 0) }

    public static let zero = ExactDecimal(significand: 0)

    /// Digits with at most one point and no sign (`123.45`): text that is a number, so when
    /// `init?(_:)` refuses it, it has more digits than an exact decimal holds.
    package static func isPlainDecimalText<T: Collection<UInt8>>(_ bytes: T) -> Bool {
        var points = 0
        var digits = 0
        for b in bytes {
            if b >= 48 && b <= 57 {
                digits += 1
            } else if b == 46 {
                points += 1
            } else {
                return false
            }
        }
        return digits > 0 && points <= 1
    }

    /// `isPlainDecimalText` after an optional sign (`-5`, `+0.01`): a number as a person types and
    /// reads it, so not `1.5e2` (150), which the parser below takes.
    package static func isWrittenOut(_ text: String) -> Bool {
        var body = Substring(text).utf8
        if let sign = body.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { body = body.dropFirst() }
        return isPlainDecimalText(body)
    }

    /// Parses `[+-]digits[.digits][e[+-]digits]`; nil when it is not a number or does not fit.
    public init?(_ text: String) {
        var copy = text
        guard let v = copy.withUTF8({ ExactDecimal.parse(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = v
    }

    /// Parses a plain decimal from bytes without allocating.
    ///
    /// The common case (at most 18 bytes: a sign, digits, one point) is read inline where it is
    /// called (a quote line reads six numbers); anything else goes to `parseGeneral`, which
    /// reads every form (and the common case too, with the same answer).
    @inlinable @inline(__always)
    public static func parse(_ b: UnsafeRawBufferPointer) -> ExactDecimal? {
        let n = b.count
        guard n > 0 else { return nil }
        if n <= 18 {
            let negative = b[0] == UInt8(ascii: "-")
            let start = negative || b[0] == UInt8(ascii: "+") ? 1 : 0
            if let plain = plainDecimal(b, from: start, negative: negative) { return plain }
        }
        return parseGeneral(b)
    }

    /// `parse` of a field of `n` bytes at `p` when eight bytes may be read there (the field and
    /// what follows it in the same buffer): a field of at most 8 bytes, `[+-]digits[.digits]`,
    /// is read with one load and no loop; anything else answers what `parse` answers.
    ///
    /// A quote line's numbers are mostly such fields, and `parse`'s loop over the bytes ended in
    /// a mispredicted branch per number (their lengths vary from field to field).
    @inlinable @inline(__always)
    public static func parseShort(_ p: UnsafeRawPointer, count n: Int) -> ExactDecimal? {
        if n > 0 && n <= 8 {
            let x = DigitWord.load(p)
            let first = p.load(as: UInt8.self)
            let signed = first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            let start = signed ? 1 : 0
            // The field's bytes after the sign; the rest of the word is not the field's.
            let inField: UInt64 =
                (n == 8 ? ~0 : (UInt64(1) &<< UInt64(n &* 8)) &- 1) & ~((UInt64(1) &<< UInt64(start &* 8)) &- 1)
            let others = DigitWord.nonDigits(x) & inField
            let digits = x &>> UInt64(start &* 8)
            if others == 0 {
                if n > start {
                    let v = DigitWord.value(digits, digits: n &- start)
                    return ExactDecimal(significand: first == UInt8(ascii: "-") ? -v : v, scale: 0)
                }
            } else if others & (others &- 1) == 0 && n &- start >= 2 {
                // One byte that is not a digit: a point, with a digit on at least one side.
                let at = others.trailingZeroBitCount &>> 3
                if (x &>> UInt64(at &* 8)) & 0xFF == 0x1E {
                    let squeezed = DigitWord.removingByte(at: at, of: x) &>> UInt64(start &* 8)
                    let v = DigitWord.value(squeezed, digits: n &- start &- 1)
                    return ExactDecimal(significand: first == UInt8(ascii: "-") ? -v : v, scale: n &- 1 &- at)
                }
            }
        }
        return parseOutOfLine(UnsafeRawBufferPointer(start: p, count: n))
    }

    /// `parse`, called rather than inlined: `parseShort`'s rare case stays out of its callers.
    @usableFromInline @inline(never)
    static func parseOutOfLine(_ b: UnsafeRawBufferPointer) -> ExactDecimal? { parse(b) }

    /// `parse` of any form: exponents, leading zeros beyond 18 digits, trailing zeros past them.
    @usableFromInline @inline(never)
    static func parseGeneral(_ b: UnsafeRawBufferPointer) -> ExactDecimal? {
        var i = 0
        let n = b.count
        guard n > 0 else { return nil }
        var negative = false
        if b[0] == UInt8(ascii: "-") {
            negative = true
            i = 1
        } else if b[0] == UInt8(ascii: "+") {
            i = 1
        }
        if n <= 18, let plain = plainDecimal(b, from: i, negative: negative) { return plain }
        var value: Int64 = 0
        var scale = 0
        var digits = 0
        var sawPoint = false
        var sawDigit = false
        while i < n {
            let c = b[i]
            if c >= 48 && c <= 57 {
                sawDigit = true
                if value == 0 && c == 48 && !sawPoint {
                    // leading zero: does not count toward precision
                } else {
                    if digits >= 18 {
                        // Beyond 18 significant digits: drop trailing fraction digits only if they are zeros.
                        if sawPoint && c == 48 {
                            i += 1
                            continue
                        }
                        return nil
                    }
                    value = value &* 10 &+ Int64(c &- 48)
                    digits += 1
                }
                if sawPoint {
                    scale += 1
                    if scale > maxScale { return nil }
                }
            } else if c == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else if (c == UInt8(ascii: "e") || c == UInt8(ascii: "E")) && sawDigit {
                i += 1
                var expNegative = false
                if i < n && (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+")) {
                    expNegative = b[i] == UInt8(ascii: "-")
                    i += 1
                }
                var exp = 0
                var expDigits = 0
                while i < n, b[i] >= 48, b[i] <= 57 {
                    exp = exp * 10 + Int(b[i] - 48)
                    expDigits += 1
                    if exp > 40 { return nil }
                    i += 1
                }
                guard expDigits > 0, i == n else { return nil }
                var result = ExactDecimal(significand: negative ? -value : value, scale: scale)
                if expNegative {
                    result.scale += exp
                    if result.scale > maxScale { return nil }
                } else {
                    // Move the point right: reduce scale first, then multiply.
                    var e = exp
                    while e > 0 && result.scale > 0 {
                        result.scale -= 1
                        e -= 1
                    }
                    while e > 0 {
                        let (m, o) = result.significand.multipliedReportingOverflow(by: 10)
                        if o { return nil }
                        result.significand = m
                        e -= 1
                    }
                }
                return result
            } else {
                return nil
            }
            i += 1
        }
        guard sawDigit else { return nil }
        return ExactDecimal(significand: negative ? -value : value, scale: scale)
    }

    /// The common case, at most 18 bytes of digits with one optional point (`84036.10000`): no
    /// digit count or overflow to watch, since 18 digits always fit an `Int64`. Nil sends
    /// anything else (an exponent, a stray byte) to the general loop, which decides.
    @inlinable @inline(__always)
    static func plainDecimal(_ b: UnsafeRawBufferPointer, from start: Int, negative: Bool) -> ExactDecimal? {
        var value: Int64 = 0
        var point = -1
        var i = start
        while i < b.count {
            let d = b[i] &- 48
            if d < 10 {
                value = value &* 10 &+ Int64(d)
            } else if b[i] == UInt8(ascii: "."), point < 0 {
                point = i
            } else {
                return nil
            }
            i += 1
        }
        let digits = b.count - start - (point < 0 ? 0 : 1)
        guard digits > 0 else { return nil }
        return ExactDecimal(significand: negative ? -value : value, scale: point < 0 ? 0 : b.count - point - 1)
    }

    public var isNegative: Bool { significand < 0 }
    public var isZero: Bool { significand == 0 }
    public var sign: Int { significand == 0 ? 0 : (significand < 0 ? -1 : 1) }

    public var doubleValue: Double {
        Double(significand) / ExactDecimal.powerOfTenDouble(scale)
    }

    /// The same value written with `scale` digits after the point; nil if it would not fit.
    public func rescaled(to newScale: Int) -> ExactDecimal? {
        if newScale == scale { return self }
        if newScale > scale {
            guard newScale <= ExactDecimal.maxScale else { return nil }
            let (m, o) = significand.multipliedReportingOverflow(by: ExactDecimal.powerOfTen(newScale - scale))
            return o ? nil : ExactDecimal(significand: m, scale: newScale)
        }
        return rounded(toScale: newScale)
    }

    /// Rounded half away from zero, the way prices are shown.
    public func rounded(toScale newScale: Int) -> ExactDecimal {
        guard newScale < scale else { return self }
        let p = ExactDecimal.powerOfTen(scale - newScale)
        var q = significand / p
        let r = significand % p
        if abs(r) * 2 >= p { q += significand < 0 ? -1 : 1 }
        return ExactDecimal(significand: q, scale: newScale)
    }

    /// Rounded toward zero (`25435.2199` -> `25435.21`): a balance shown as available is never
    /// more than it is.
    public func truncated(toScale newScale: Int) -> ExactDecimal {
        guard newScale < scale else { return self }
        return ExactDecimal(significand: significand / ExactDecimal.powerOfTen(scale - newScale), scale: newScale)
    }

    /// Rounded toward positive infinity (`10038.9625` -> `10038.97`): a sum held for a payment
    /// is never short of it.
    public func roundedUp(toScale newScale: Int) -> ExactDecimal {
        guard newScale < scale else { return self }
        let p = ExactDecimal.powerOfTen(scale - newScale)
        return ExactDecimal(significand: significand / p + (significand % p > 0 ? 1 : 0), scale: newScale)
    }

    /// Drops trailing zeros after the point (`1.500` -> `1.5`).
    public var normalized: ExactDecimal {
        var v = self
        while v.scale > 0 && v.significand % 10 == 0 {
            v.significand /= 10
            v.scale -= 1
        }
        return v
    }

    public static func + (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal? { combine(a, b, +) }
    public static func - (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal? { combine(a, b, -) }

    /// The value without its sign (`Int64.min`'s kept, as `negated` keeps it).
    public var magnitude: ExactDecimal { isNegative ? negated : self }

    /// The same amount with the other sign (the one significand with no opposite, `Int64.min`,
    /// kept as it is: no parsed or summed value reaches it unchecked).
    public var negated: ExactDecimal {
        significand == .min ? self : ExactDecimal(significand: -significand, scale: scale)
    }

    private static func combine(_ a: ExactDecimal, _ b: ExactDecimal, _ op: (Int128, Int128) -> Int128) -> ExactDecimal?
    {
        let s = max(a.scale, b.scale)
        let x = Int128(a.significand) * Int128(ExactDecimal.powerOfTen(s - a.scale))
        let y = Int128(b.significand) * Int128(ExactDecimal.powerOfTen(s - b.scale))
        let r = op(x, y)
        guard let v = Int64(exactly: r) else { return nil }
        return ExactDecimal(significand: v, scale: s)
    }

    /// The total of `values`, every one counted: where the exact total has more digits than an
    /// `ExactDecimal` holds, its last decimals are rounded off (half away from zero), as `*`
    /// rounds; nil only when even its whole part does not fit. A total that skipped the terms
    /// it could not add (`($0 + $1) ?? $0`) would be short without a word.
    public static func sum(_ values: some Sequence<ExactDecimal>) -> ExactDecimal? {
        var scale = 0
        for v in values { scale = max(scale, v.scale) }
        var total: Int128 = 0
        for v in values {
            guard let term = scaled(Int128(v.significand), byPowerOfTen: scale - v.scale) else { return nil }
            let (t, overflow) = total.addingReportingOverflow(term)
            guard !overflow else { return nil }
            total = t
        }
        return fitted(total, scale: scale)
    }

    public static func * (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal? {
        fitted(Int128(a.significand) * Int128(b.significand), scale: a.scale + b.scale)
    }

    /// `value / 10^scale` with its last decimals rounded off (half away from zero) until it fits
    /// 64 bits and `maxScale`; nil when even its whole part does not. The rounding of `*` and
    /// `sum`.
    private static func fitted(_ value: Int128, scale: Int) -> ExactDecimal? {
        var r = value
        var s = scale
        while s > maxScale || Int64(exactly: r) == nil {
            guard s > 0 else { return nil }
            let (q, rem) = r.quotientAndRemainder(dividingBy: 10)
            r = q + (abs(rem) >= 5 ? (r < 0 ? -1 : 1) : 0)
            s -= 1
        }
        return ExactDecimal(significand: Int64(r), scale: s)
    }

    /// `self / divisor` rounded half away from zero to `scale` digits; nil on division by zero or overflow.
    public func divided(by divisor: ExactDecimal, scale resultScale: Int) -> ExactDecimal? {
        guard divisor.significand != 0, resultScale <= ExactDecimal.maxScale else { return nil }
        // value = (a / 10^sa) / (b / 10^sb) = a * 10^(sb - sa) / b ; want it * 10^rs
        let shift = divisor.scale - scale + resultScale
        var num = Int128(significand)
        var den = Int128(divisor.significand)
        // Scaling by up to 10^36 can leave Int128. A numerator that does is over 1.7e38 against a
        // divisor of at most 9.2e18, so the quotient cannot fit an Int64 (nil); a denominator
        // that does makes the quotient round to zero.
        if shift >= 0 {
            guard shift <= 36, let n = ExactDecimal.scaled(num, byPowerOfTen: shift) else { return nil }
            num = n
        } else {
            guard -shift <= 36 else { return nil }
            guard let d = ExactDecimal.scaled(den, byPowerOfTen: -shift) else {
                return ExactDecimal(significand: 0, scale: resultScale)
            }
            den = d
        }
        let (q, r) = num.quotientAndRemainder(dividingBy: den)
        var result = q
        // Half away from zero, compared without doubling the remainder (which can leave Int128).
        if r.magnitude >= den.magnitude - r.magnitude { result += (num < 0) != (den < 0) ? -1 : 1 }
        guard let v = Int64(exactly: result) else { return nil }
        return ExactDecimal(significand: v, scale: resultScale)
    }

    /// `value * 10^k` for k in 0...36, nil if it leaves Int128.
    private static func scaled(_ value: Int128, byPowerOfTen k: Int) -> Int128? {
        var v = value
        var left = k
        while left > 0 {
            let step = min(left, 18)
            let (m, o) = v.multipliedReportingOverflow(by: Int128(ExactDecimal.powerOfTen(step)))
            if o { return nil }
            v = m
            left -= step
        }
        return v
    }

    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        let s = max(a.scale, b.scale)
        return Int128(a.significand) * Int128(ExactDecimal.powerOfTen(s - a.scale)) < Int128(b.significand)
            * Int128(ExactDecimal.powerOfTen(s - b.scale))
    }

    /// Numeric equality (`1.50 == 1.5`); `Hashable` stays consistent by hashing the normalized form.
    public static func == (a: ExactDecimal, b: ExactDecimal) -> Bool {
        let s = max(a.scale, b.scale)
        return Int128(a.significand) * Int128(ExactDecimal.powerOfTen(s - a.scale)) == Int128(b.significand)
            * Int128(ExactDecimal.powerOfTen(s - b.scale))
    }

    public func hash(into hasher: inout Hasher) {
        let n = normalized
        hasher.combine(n.significand)
        hasher.combine(n.scale)
    }

    /// Exactly the digits held: `-12.340`. Written into the string's own buffer from its last
    /// digit back (a ledger write binds every trade's quantity and price as this text; making
    /// the digits a String and inserting the point into it cost more than the rest of the row's
    /// values).
    public var description: String {
        let fraction = max(scale, 0)
        var digits = 1
        var rest = significand.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        // At least one digit before the point: `0.05`.
        if fraction > 0 { digits = max(digits, fraction + 1) }
        let count = (significand < 0 ? 1 : 0) + digits + (fraction > 0 ? 1 : 0)
        return String(unsafeUninitializedCapacity: count) { text in
            var m = significand.magnitude
            var i = count
            for written in 0..<digits {
                if fraction > 0, written == fraction {
                    i -= 1
                    text[i] = UInt8(ascii: ".")
                }
                i -= 1
                text[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: m % 10)
                m /= 10
            }
            if significand < 0 { text[0] = UInt8(ascii: "-") }
            return count
        }
    }

    @inlinable package static func powerOfTen(_ n: Int) -> Int64 {
        var p: Int64 = 1
        var i = 0
        while i < n {
            p &*= 10
            i += 1
        }
        return p
    }

    static func powerOfTenDouble(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}
