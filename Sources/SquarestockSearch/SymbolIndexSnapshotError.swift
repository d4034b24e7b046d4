/// Why a saved search index could not be loaded: not a snapshot, another format version, or
/// damaged. The caller rebuilds from the directory files instead.
package enum SymbolIndexSnapshotError: Error, Sendable, Equatable {
    case notASnapshot
    case unsupportedVersion(UInt32)
    case truncated
    case inconsistent
}
