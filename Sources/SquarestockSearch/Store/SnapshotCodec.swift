/// Byte layout of a saved `SymbolIndex`: the magic `SQSYMIX\0`, a format version, then each
/// table of `IndexTables` as a little-endian element count and its raw elements, padded to 8
/// bytes, and last a checksum of everything before it, so a damaged cache file is rebuilt rather
/// than trusted. Loading copies the arrays out and checks their shape; nothing is parsed, which
/// is what lets a process answer `squarestock search` in a few milliseconds.
enum SnapshotCodec {
    static let magic: [UInt8] = Array("SQSYMIX".utf8) + [0]
    /// 3: `prior` holds `ListingProminence` points, large-cap list included. 4: a name whose
    /// weighted words are followed by `Company` or `Corporation` has its initials with that `c`
    /// too (a snapshot of 3 lacks them, so it is built again). 5: an ETF's short name for a
    /// stock names the stock's other share classes too (`google`: GOOG beside GOOGL).
    static let version: UInt32 = 5

    static func encode(_ t: IndexTables) -> [UInt8] {
        var out = magic
        appendInt(&out, UInt64(version))
        func put<T: BitwiseCopyable>(_ a: [T]) {
            appendInt(&out, UInt64(a.count))
            a.withUnsafeBytes { out.append(contentsOf: $0) }
            while out.count % 8 != 0 { out.append(0) }
        }
        put(t.strings)
        put(t.stringStart)
        put(t.typeOf)
        put(t.classOf)
        put(t.flags)
        put(t.status)
        put(t.roundLot)
        put(t.exchangeSlot)
        put(t.exchangeCodes)
        put(t.prior)
        put(t.totalWeight)
        put(t.halfMask)
        put(t.firstMask)
        put(t.tokenBytes)
        put(t.tokenStart)
        put(t.tokenMask)
        put(t.tokenKind)
        put(t.bucketStart)
        put(t.postingStart)
        put(t.postingListing)
        put(t.postingBits)
        put(t.symbolKeys)
        put(t.symbolKeyLength)
        put(t.symbolListing)
        let sum = out.withUnsafeBytes { checksum($0) }
        appendInt(&out, sum)
        return out
    }

    /// A word-at-a-time multiply-xorshift hash: catches damage at a fraction of a millisecond
    /// for the ~2 MB snapshot (a byte-wise hash would cost more than the load itself).
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x5153_5359_4D49_5801
        var i = 0
        while i + 8 <= raw.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            i += 8
        }
        while i < raw.count {
            h = (h ^ UInt64(raw[i])) &* 0x9E37_79B9_7F4A_7C15
            i += 1
        }
        return h ^ UInt64(raw.count)
    }

    static func decode(_ bytes: [UInt8]) throws(SymbolIndexSnapshotError) -> IndexTables {
        let result: Result<IndexTables, SymbolIndexSnapshotError> = bytes.withUnsafeBytes { whole in
            guard whole.count >= 24, whole.prefix(8).elementsEqual(magic) else { return .failure(.notASnapshot) }
            let raw = UnsafeRawBufferPointer(rebasing: whole[0..<(whole.count - 8)])
            let v0 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
            guard v0 == UInt64(version) else { return .failure(.unsupportedVersion(UInt32(truncatingIfNeeded: v0))) }
            guard whole.loadUnaligned(fromByteOffset: whole.count - 8, as: UInt64.self).littleEndian == checksum(raw)
            else {
                return .failure(.inconsistent)
            }
            var pos = 8
            let v = raw.loadUnaligned(fromByteOffset: pos, as: UInt64.self).littleEndian
            pos += 8
            guard v == UInt64(version) else { return .failure(.unsupportedVersion(UInt32(truncatingIfNeeded: v))) }
            var failed = false
            func get<T: BitwiseCopyable>(_: T.Type) -> [T] {
                guard !failed, pos + 8 <= raw.count else {
                    failed = true
                    return []
                }
                let n = raw.loadUnaligned(fromByteOffset: pos, as: UInt64.self).littleEndian
                pos += 8
                let size = MemoryLayout<T>.stride
                guard n < UInt64(Int.max / 16), pos + Int(n) * size <= raw.count else {
                    failed = true
                    return []
                }
                let count = Int(n)
                let a = [T](unsafeUninitializedCapacity: count) { buf, initialized in
                    UnsafeMutableRawBufferPointer(buf).copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: raw[pos..<(pos + count * size)]))
                    initialized = count
                }
                pos += count * size
                while pos % 8 != 0 { pos += 1 }
                return a
            }
            var t = IndexTables()
            t.strings = get(UInt8.self)
            t.stringStart = get(UInt32.self)
            t.typeOf = get(UInt8.self)
            t.classOf = get(UInt8.self)
            t.flags = get(UInt8.self)
            t.status = get(UInt8.self)
            t.roundLot = get(UInt32.self)
            t.exchangeSlot = get(UInt8.self)
            t.exchangeCodes = get(UInt8.self)
            t.prior = get(Float.self)
            t.totalWeight = get(Float.self)
            t.halfMask = get(UInt32.self)
            t.firstMask = get(UInt32.self)
            t.tokenBytes = get(UInt8.self)
            t.tokenStart = get(UInt32.self)
            t.tokenMask = get(UInt32.self)
            t.tokenKind = get(UInt8.self)
            t.bucketStart = get(Int32.self)
            t.postingStart = get(UInt32.self)
            t.postingListing = get(UInt32.self)
            t.postingBits = get(UInt32.self)
            t.symbolKeys = get(UInt64.self)
            t.symbolKeyLength = get(UInt8.self)
            t.symbolListing = get(UInt32.self)
            if failed { return .failure(.truncated) }
            return t.isConsistent() ? .success(t) : .failure(.inconsistent)
        }
        return try result.get()
    }

    private static func appendInt(_ out: inout [UInt8], _ v: UInt64) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }
}
