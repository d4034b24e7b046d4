/// A column of optional exact decimals, as compact as its values allow: significands packed
/// (`PackedIntegers`) and a bitmap of absent values only once a value is absent.
///
/// Prices keep the digits they were sent with (`276.9300` stays `276.9300`, `250.2` beside
/// `250.27` stays `250.2`), so the scale is never rescaled to a common exponent. It is held, from
/// the cheapest up, as the column's one scale while every value has the same; then in each stored
/// integer's low five bits (`significand * 32 + scale`: Stooq prints prices in their shortest
/// form, and a byte of scale beside each price would cost a fifth as much again); and only for a
/// scale outside 0...31 or a significand too large to shift, as one byte per value.
package struct DecimalColumn: Sendable {
    private var stored = PackedIntegers()
    /// The scale of every value while neither `tagged` nor `scales` says otherwise; set by the
    /// first present value.
    private var commonScale: Int8 = 0
    private var hasScale = false
    /// Each stored integer is `significand * 32 + scale`.
    private var tagged = false
    /// One scale per value, `stored` holding plain significands.
    private var scales: [Int8] = []
    /// Bit i set: value i is absent. Empty until a value is absent.
    private var absent: [UInt64] = []

    private static let tagBits: Int64 = 5
    private static let tagMask: Int64 = 31

    package init() {}

    package var count: Int { stored.count }

    /// The bytes the values take (capacity aside), for memory reports.
    package var byteCount: Int { stored.byteCount + scales.count + absent.count * 8 }

    package subscript(i: Int) -> ExactDecimal? {
        @inline(__always) get {
            if !absent.isEmpty, absent[i &>> 6] & (1 &<< UInt64(i & 63)) != 0 { return nil }
            let v = stored[i]
            if tagged { return ExactDecimal(significand: v &>> Self.tagBits, scale: Int(v & Self.tagMask)) }
            return ExactDecimal(significand: v, scale: Int(scales.isEmpty ? commonScale : scales[i]))
        }
        set {
            if let v = newValue {
                if !absent.isEmpty { absent[i &>> 6] &= ~(1 &<< UInt64(i & 63)) }
                store(significand: v.significand, scale: v.scale, at: i)
            } else {
                store(significand: 0, scale: Int(commonScale), at: i)
                markAbsent(i)
            }
        }
    }

    @inline(__always)
    package mutating func append(_ value: ExactDecimal?) {
        if let value {
            append(significand: value.significand, scale: value.scale)
        } else {
            appendAbsent()
        }
    }

    /// The hot path: a present value by its parts.
    @inline(__always)
    package mutating func append(significand: Int64, scale: Int) {
        let i = stored.count
        if !absent.isEmpty && i & 63 == 0 { absent.append(0) }
        if !hasScale {
            hasScale = true
            commonScale = Self.narrow(scale)
        }
        if !scales.isEmpty {
            stored.append(significand)
            scales.append(Self.narrow(scale))
            return
        }
        if !tagged && scale == Int(commonScale) {
            stored.append(significand)
            return
        }
        if tagged, let t = Self.tag(significand, scale) {
            stored.append(t)
            return
        }
        stored.append(0)
        store(significand: significand, scale: scale, at: i)
    }

    /// Appends `count` present values, the k-th at `values[k * stride]`, for decoders that fill a
    /// block of bars. While the column keeps one scale (every value agrees) or tags scales in the
    /// low bits, the block goes in as one `PackedIntegers` append; a block that would change how
    /// scales are held takes the one-at-a-time path, which makes that change once.
    package mutating func append(_ values: UnsafePointer<ExactDecimal>, stride: Int, count: Int) {
        guard count > 0 else { return }
        if !hasScale {
            hasScale = true
            commonScale = Self.narrow(values[0].scale)
        }
        let fits: Bool = withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { scratch in
            guard let out = scratch.baseAddress, scales.isEmpty else { return false }
            if !tagged {
                let common = Int(commonScale)
                var differ = false
                for k in 0..<count {
                    let v = values[k &* stride]
                    out[k] = v.significand
                    differ = differ || v.scale != common
                }
                if differ { return false }
            } else {
                // `significand * 32 + scale` fits when the significand is within ±2^58 and the
                // scale in 0...31.
                var outside: UInt64 = 0
                for k in 0..<count {
                    let v = values[k &* stride]
                    out[k] = v.significand &<< Self.tagBits | Int64(truncatingIfNeeded: v.scale)
                    outside |= UInt64(bitPattern: (v.significand &>> 58) &+ 1) &>> 1
                    outside |= UInt64(truncatingIfNeeded: v.scale) & ~UInt64(Self.tagMask)
                }
                if outside != 0 { return false }
            }
            if !absent.isEmpty {
                let words = (stored.count + count + 63) / 64
                if absent.count < words { absent.append(contentsOf: repeatElement(0, count: words - absent.count)) }
            }
            stored.append(contentsOf: out, count: count)
            return true
        }
        if fits { return }
        for k in 0..<count {
            let v = values[k &* stride]
            append(significand: v.significand, scale: v.scale)
        }
    }

    package mutating func appendAbsent() {
        let i = stored.count
        stored.append(0)
        if !scales.isEmpty { scales.append(commonScale) }
        markAbsent(i)
    }

    package mutating func reserveCapacity(_ n: Int) { stored.reserveCapacity(n) }

    package mutating func removeLast(_ k: Int) {
        guard k > 0 else { return }
        stored.removeLast(k)
        if !scales.isEmpty { scales.removeLast(k) }
        if !absent.isEmpty {
            let n = stored.count
            absent.removeLast(absent.count - (n + 63) / 64)
            if n & 63 != 0 { absent[absent.count - 1] &= (1 &<< UInt64(n & 63)) &- 1 }
        }
    }

    /// Reverses the values in place (a newest-first file).
    package mutating func reverse() {
        stored.reverse()
        scales.reverse()
        guard !absent.isEmpty else { return }
        let n = count
        var reversed = [UInt64](repeating: 0, count: absent.count)
        for i in 0..<n where absent[i &>> 6] & (1 &<< UInt64(i & 63)) != 0 {
            let j = n - 1 - i
            reversed[j &>> 6] |= 1 &<< UInt64(j & 63)
        }
        absent = reversed
    }

    /// Writes value `i`, moving the column to the next way of holding scales when it must.
    private mutating func store(significand: Int64, scale: Int, at i: Int) {
        if !hasScale {
            hasScale = true
            commonScale = Self.narrow(scale)
        }
        if !scales.isEmpty {
            stored[i] = significand
            scales[i] = Self.narrow(scale)
            return
        }
        if !tagged && scale == Int(commonScale) {
            stored[i] = significand
            return
        }
        if let t = Self.tag(significand, scale) {
            if tagged || tagAll() {
                stored[i] = t
                return
            }
        }
        splitScales()
        stored[i] = significand
        scales[i] = Self.narrow(scale)
    }

    /// `significand * 32 + scale`, or nil when that does not fit or the scale is out of 0...31.
    @inline(__always)
    private static func tag(_ significand: Int64, _ scale: Int) -> Int64? {
        guard scale >= 0 && Int64(scale) <= tagMask else { return nil }
        let (shifted, overflow) = significand.multipliedReportingOverflow(by: tagMask + 1)
        return overflow ? nil : shifted | Int64(scale)
    }

    /// From one common scale to scales in the low bits; false (nothing changed) when a stored
    /// value cannot be shifted.
    @inline(never)
    private mutating func tagAll() -> Bool {
        var out = PackedIntegers()
        out.reserveCapacity(stored.capacity)
        for i in 0..<stored.count {
            guard let t = Self.tag(stored[i], Int(commonScale)) else { return false }
            out.append(t)
        }
        stored = out
        tagged = true
        return true
    }

    /// To plain significands and one scale byte per value.
    @inline(never)
    private mutating func splitScales() {
        scales.reserveCapacity(stored.capacity)
        if tagged {
            var out = PackedIntegers()
            out.reserveCapacity(stored.capacity)
            for i in 0..<stored.count {
                let v = stored[i]
                out.append(v &>> Self.tagBits)
                scales.append(Int8(v & Self.tagMask))
            }
            stored = out
            tagged = false
        } else {
            scales.append(contentsOf: repeatElement(commonScale, count: stored.count))
        }
    }

    /// Scales are small (`ExactDecimal.maxScale` is 18); one byte holds any a decimal can have.
    @inline(__always)
    private static func narrow(_ scale: Int) -> Int8 {
        guard let s = Int8(exactly: scale) else { preconditionFailure("a decimal scale of \(scale)") }
        return s
    }

    @inline(never)
    private mutating func markAbsent(_ i: Int) {
        let words = (stored.count + 63) / 64
        if absent.count < words { absent.append(contentsOf: repeatElement(0, count: words - absent.count)) }
        absent[i &>> 6] |= 1 &<< UInt64(i & 63)
    }
}
