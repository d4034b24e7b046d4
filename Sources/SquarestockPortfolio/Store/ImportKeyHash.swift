import GRDB

/// The 64-bit hash by which the journal finds an import key (`entry.import_hash`, indexed):
/// an index over integers costs an import a fraction of one over each row's whole text. It only
/// narrows the search: a match is confirmed against the key's text, kept in the row, so keys that
/// share a hash stay distinct entries. Fixed forever (stored hashes must keep matching, so a
/// change is a migration): FNV-1a over the key's UTF-8 bytes, then SplitMix64's finalizer so
/// keys differing in their last bytes spread over every bit.
enum ImportKeyHash {
    static func of(_ key: String) -> Int64 {
        var key = key
        return key.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        h ^= h >> 31
        return Int64(bitPattern: h)
    }

    /// The SQL name of `sqlFunction`, registered only while a migration fills the column.
    static let sqlName = "squarestock_import_hash"

    /// `squarestock_import_hash(text)`: the hash of an import key, NULL for NULL.
    static let sqlFunction = DatabaseFunction(sqlName, argumentCount: 1, pure: true) { values in
        guard let key = String.fromDatabaseValue(values[0]) else { return nil as Int64? }
        return of(key)
    }
}
