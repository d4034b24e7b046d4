/// How many rows of one file with the same text came before each row (an imported row's
/// identity is its text and that count), by the text's 128-bit hash. A table of open addressing
/// whose slots come from the hash's own bits: a `Dictionary` hashed each hash again (SipHash) and,
/// with its growth, took about 5% of a 200,000-row import. 20 bytes a slot, at most three
/// quarters full.
struct RowOccurrences {
    /// The hashes counted, 0 in an empty slot (a text whose hash is 0 is counted in `zeroCount`).
    private var keys = [UInt128](repeating: 0, count: 1 << 10)
    private var counts = [UInt32](repeating: 0, count: 1 << 10)
    private var zeroCount: UInt32 = 0
    private var used = 0

    /// How many rows hashed `hash` came before this one, which is counted for the next.
    mutating func next(_ hash: UInt128) -> UInt32 {
        if hash == 0 {
            defer { zeroCount += 1 }
            return zeroCount
        }
        if (used + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var slot = Self.slot(of: hash, capacity: keys.count)
        while keys[slot] != 0 {
            if keys[slot] == hash {
                defer { counts[slot] += 1 }
                return counts[slot]
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = hash
        counts[slot] = 1
        used += 1
        return 0
    }

    /// Both halves folded and multiplied by 2^64 over the golden ratio; the top bits chosen.
    private static func slot(of hash: UInt128, capacity: Int) -> Int {
        let folded = UInt64(truncatingIfNeeded: hash) ^ UInt64(truncatingIfNeeded: hash >> 64)
        let mixed = folded &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - capacity.trailingZeroBitCount))
    }

    private mutating func grow() {
        let (oldKeys, oldCounts) = (keys, counts)
        keys = [UInt128](repeating: 0, count: oldKeys.count * 2)
        counts = [UInt32](repeating: 0, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for (key, count) in zip(oldKeys, oldCounts) where key != 0 {
            var slot = Self.slot(of: key, capacity: keys.count)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            counts[slot] = count
        }
    }
}
