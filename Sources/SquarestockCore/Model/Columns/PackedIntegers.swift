/// A column of integers held at the narrowest width (16, 32 or 64 bits) its values have needed so
/// far.
///
/// History bars are millions of small numbers (prices in cents, day numbers, volumes); one
/// `Int64` each, or one struct of optionals per bar, costs several times the CSV they came from.
/// A column starts at 16 bits and widens once per step, copying, when a value does not fit; the
/// wider array keeps the narrower one's capacity, so a column reserved up front never grows again.
package struct PackedIntegers: Sendable {
    package enum Width: Int, Sendable, Comparable {
        case w16 = 2
        case w32 = 4
        case w64 = 8
        package static func < (a: Width, b: Width) -> Bool { a.rawValue < b.rawValue }
    }

    package private(set) var width: Width = .w16
    private var narrow: [Int16] = []
    private var middle: [Int32] = []
    private var wide: [Int64] = []

    package init() {}

    package var count: Int {
        switch width {
        case .w16: narrow.count
        case .w32: middle.count
        case .w64: wide.count
        }
    }

    /// The bytes the values take (capacity aside), for memory reports.
    package var byteCount: Int { count * width.rawValue }

    @inline(__always)
    package subscript(i: Int) -> Int64 {
        get {
            switch width {
            case .w16: Int64(narrow[i])
            case .w32: Int64(middle[i])
            case .w64: wide[i]
            }
        }
        set {
            switch width {
            case .w16:
                if let x = Int16(exactly: newValue) {
                    narrow[i] = x
                    return
                }
            case .w32:
                if let x = Int32(exactly: newValue) {
                    middle[i] = x
                    return
                }
            case .w64:
                wide[i] = newValue
                return
            }
            widen(toHold: newValue)
            self[i] = newValue
        }
    }

    @inline(__always)
    package mutating func append(_ value: Int64) {
        switch width {
        case .w16:
            if let x = Int16(exactly: value) {
                narrow.append(x)
                return
            }
        case .w32:
            if let x = Int32(exactly: value) {
                middle.append(x)
                return
            }
        case .w64:
            wide.append(value)
            return
        }
        widen(toHold: value)
        append(value)
    }

    /// Appends `count` values at once, for decoders that fill a block of bars: one pass narrows
    /// them to the column's present width and notes whether each fit (an OR of biased values: no
    /// compare or branch per value), and the block goes in with one copy. Only a block with a
    /// value outside the present width (a column widens at most twice) has its range found, the
    /// column widened once and the values narrowed again. Before, every block cost a pass for its
    /// range and another to narrow it.
    package mutating func append(contentsOf values: UnsafePointer<Int64>, count: Int) {
        guard count > 0 else { return }
        switch width {
        case .w16: if Self.appendIfFitting(values, count, to: &narrow) { return }
        case .w32: if Self.appendIfFitting(values, count, to: &middle) { return }
        case .w64:
            wide.append(contentsOf: UnsafeBufferPointer(start: values, count: count))
            return
        }
        var lo = values[0]
        var hi = values[0]
        for i in 1..<count {
            let v = values[i]
            lo = v < lo ? v : lo
            hi = v > hi ? v : hi
        }
        let need: Width =
            lo >= Int64(Int16.min) && hi <= Int64(Int16.max)
            ? .w16 : lo >= Int64(Int32.min) && hi <= Int64(Int32.max) ? .w32 : .w64
        if need > width { widen(to: need) }
        switch width {
        case .w16: Self.appendNarrowed(values, count, to: &narrow)
        case .w32: Self.appendNarrowed(values, count, to: &middle)
        case .w64: wide.append(contentsOf: UnsafeBufferPointer(start: values, count: count))
        }
    }

    /// The values narrowed to `T` in one pass and appended in one copy when every one fits;
    /// false (nothing appended) otherwise.
    @inline(__always)
    private static func appendIfFitting<T: FixedWidthInteger>(
        _ values: UnsafePointer<Int64>, _ count: Int, to array: inout [T]
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: T.self, capacity: count) { scratch in
            guard let out = scratch.baseAddress else { return false }
            // v fits in T exactly when v + 2^(bits-1) is below 2^bits, so the OR of the biased
            // values is below 2^bits exactly when every one fits.
            let bias = UInt64(1) &<< UInt64(T.bitWidth &- 1)
            var spread: UInt64 = 0
            for i in 0..<count {
                let v = values[i]
                out[i] = T(truncatingIfNeeded: v)
                spread |= UInt64(bitPattern: v) &+ bias
            }
            guard spread >> UInt64(T.bitWidth) == 0 else { return false }
            array.append(contentsOf: UnsafeBufferPointer(start: out, count: count))
            return true
        }
    }

    /// Values already known to fit `T`, narrowed into a scratch block and appended in one copy.
    @inline(__always)
    private static func appendNarrowed<T: FixedWidthInteger>(
        _ values: UnsafePointer<Int64>, _ count: Int, to array: inout [T]
    ) {
        withUnsafeTemporaryAllocation(of: T.self, capacity: count) { scratch in
            guard let out = scratch.baseAddress else { return }
            for i in 0..<count { out[i] = T(truncatingIfNeeded: values[i]) }
            array.append(contentsOf: UnsafeBufferPointer(start: out, count: count))
        }
    }

    /// Values the column has room for at its width without reallocating.
    package var capacity: Int {
        switch width {
        case .w16: narrow.capacity
        case .w32: middle.capacity
        case .w64: wide.capacity
        }
    }

    package mutating func reserveCapacity(_ n: Int) {
        switch width {
        case .w16: narrow.reserveCapacity(n)
        case .w32: middle.reserveCapacity(n)
        case .w64: wide.reserveCapacity(n)
        }
        adviseHugePages()
    }

    /// A large column reserved up front is filled once from its start: backed by huge pages,
    /// it takes one fault per 2 MiB instead of one per 4 KiB (`HugePages`).
    private mutating func adviseHugePages() {
        switch width {
        case .w16: Self.adviseHugePages(&narrow)
        case .w32: Self.adviseHugePages(&middle)
        case .w64: Self.adviseHugePages(&wide)
        }
    }

    /// `values`' storage, all of its capacity (asked right after a reserve, before it is filled).
    private static func adviseHugePages<T>(_ values: inout [T]) {
        let bytes = values.capacity * MemoryLayout<T>.stride
        guard bytes >= 2 * HugePages.size else { return }
        values.withUnsafeMutableBytes { HugePages.advise($0.baseAddress, bytes: bytes) }
    }

    package mutating func removeLast(_ k: Int) {
        switch width {
        case .w16: narrow.removeLast(k)
        case .w32: middle.removeLast(k)
        case .w64: wide.removeLast(k)
        }
    }

    /// Reverses the values in place.
    package mutating func reverse() {
        switch width {
        case .w16: narrow.reverse()
        case .w32: middle.reverse()
        case .w64: wide.reverse()
        }
    }

    /// Moves to the width `value` needs (at least one step up), copying the values once.
    @inline(never)
    private mutating func widen(toHold value: Int64) {
        widen(to: width == .w16 && Int32(exactly: value) != nil ? .w32 : .w64)
    }

    /// Moves to `target` (wider than the present width), copying the values once.
    @inline(never)
    private mutating func widen(to target: Width) {
        switch (width, target) {
        case (.w16, .w32):
            middle.reserveCapacity(narrow.capacity)
            Self.adviseHugePages(&middle)
            for v in narrow { middle.append(Int32(v)) }
            narrow = []
        case (.w16, .w64):
            wide.reserveCapacity(narrow.capacity)
            Self.adviseHugePages(&wide)
            for v in narrow { wide.append(Int64(v)) }
            narrow = []
        case (.w32, _):
            wide.reserveCapacity(middle.capacity)
            Self.adviseHugePages(&wide)
            for v in middle { wide.append(Int64(v)) }
            middle = []
        default:
            break
        }
        width = target
    }
}
