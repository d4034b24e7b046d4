#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable column of `Int64` in one malloc'd block.
///
/// Growth goes through `realloc`, which for large blocks remaps pages instead of copying, so a
/// column of millions of values never exists twice while it grows (an `Array` would hold the old
/// and the new buffer at once). Capacity that is reserved but never written costs address space
/// only, not memory.
public final class Int64Column: RandomAccessCollection {
    public private(set) var base: UnsafeMutablePointer<Int64>
    public private(set) var count: Int
    public private(set) var capacity: Int

    public init(capacity: Int = 0) {
        let c = Swift.max(capacity, 16)
        guard let p = malloc(c * MemoryLayout<Int64>.stride) else { preconditionFailure("out of memory") }
        base = p.bindMemory(to: Int64.self, capacity: c)
        self.capacity = c
        count = 0
    }

    deinit { free(base) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Int64 {
        precondition(i >= 0 && i < count, "Int64Column index out of range")
        return base[i]
    }

    /// Room for at least `n` values in total; the pointer may move.
    public func reserve(_ n: Int) {
        guard n > capacity else { return }
        let c = Swift.max(n, capacity * 2)
        guard let p = realloc(base, c * MemoryLayout<Int64>.stride) else { preconditionFailure("out of memory") }
        base = p.bindMemory(to: Int64.self, capacity: c)
        capacity = c
    }

    public func append(_ v: Int64) {
        if count == capacity { reserve(count + 1) }
        base[count] = v
        count += 1
    }

    /// Sets the count after values were written directly at `base` (within capacity).
    func setCount(_ n: Int) {
        precondition(n >= 0 && n <= capacity)
        count = n
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Int64>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    public var array: [Int64] { withUnsafeBufferPointer { Array($0) } }
}

/// Exact decimals of one column as `Int64` significands with a shared scale: the value of row `i`
/// is `values[i] / 10^scale`, or absent (`DecimalColumn.absent`: a missing token, an empty or
/// unreadable field, or no field at all).
public struct DecimalColumn {
    public static let absent = Int64.min
    public let values: Int64Column
    public let scale: Int

    public init(values: Int64Column, scale: Int) {
        self.values = values
        self.scale = scale
    }

    public var count: Int { values.count }

    public subscript(i: Int) -> ExactDecimal? {
        let v = values[i]
        return v == Self.absent ? nil : ExactDecimal(significand: v, scale: scale)
    }
}
