/// A set of import-key hashes (`ImportKeyHash`) in one table of open addressing whose slots come
/// from the hash's own bits: a large import asks it twice a row (is the hash stored by this
/// write? store it), and `Set<Int64>` hashed each hash again (SipHash) and grew by rehashing,
/// about 2% of a 200,000-row import. 8 bytes a slot, at most three quarters full.
struct ImportHashSet {
    /// The hashes held, 0 in an empty slot (the hash 0 is held in `holdsZero`).
    private var slots = [Int64](repeating: 0, count: 1 << 10)
    private var holdsZero = false
    private var used = 0

    func contains(_ hash: Int64) -> Bool {
        if hash == 0 { return holdsZero }
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, capacity: slots.count)
        while slots[slot] != 0 {
            if slots[slot] == hash { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    mutating func insert(_ hash: Int64) {
        if hash == 0 {
            holdsZero = true
            return
        }
        if (used + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, capacity: slots.count)
        while slots[slot] != 0 {
            if slots[slot] == hash { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = hash
        used += 1
    }

    /// The hash multiplied by 2^64 over the golden ratio; the top bits chosen.
    private static func slot(of hash: Int64, capacity: Int) -> Int {
        let mixed = UInt64(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - capacity.trailingZeroBitCount))
    }

    private mutating func grow() {
        let old = slots
        slots = [Int64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for hash in old where hash != 0 {
            var slot = Self.slot(of: hash, capacity: slots.count)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash
        }
    }
}
