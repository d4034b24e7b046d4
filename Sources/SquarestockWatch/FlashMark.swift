import SquarestockRendering

/// A cell that changed at the last refresh and is highlighted until `until` (watch clock): the
/// eye finds what moved without reading every number again.
public struct FlashMark: Sendable, Equatable {
    public var field: WatchField
    /// `.up` flashes green, `.down` red, `.flat` (a newer trade time) neutral.
    public var direction: SparkDirection
    public var until: Double

    public init(field: WatchField, direction: SparkDirection, until: Double) {
        self.field = field
        self.direction = direction
        self.until = until
    }
}
