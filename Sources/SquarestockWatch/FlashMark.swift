import SquarestockRendering

/// A cell that changed at the last refresh and is highlighted until `until` (watch clock): the
/// eye finds what moved without reading every number again.
package struct FlashMark: Sendable, Equatable {
    package var field: WatchField
    /// `.up` flashes green, `.down` red, `.flat` (a newer trade time) neutral.
    package var direction: SparkDirection
    package var until: Double

    package init(field: WatchField, direction: SparkDirection, until: Double) {
        self.field = field
        self.direction = direction
        self.until = until
    }
}
