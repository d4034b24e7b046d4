/// SplitMix64: a tiny seeded generator, identical on every platform, so a random test that fails
/// fails again with the same seed. The one copy the tests share.
public struct SeededRandom: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform enough in 0..<n (n > 0) for test inputs.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform enough in -range...range.
    public mutating func step(_ range: Int64) -> Int64 { Int64(next() % UInt64(2 * range + 1)) - range }
}
