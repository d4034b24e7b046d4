/// The cells of a watch row that can change between refreshes and so can flash. Named apart
/// from their text so state, renderer and tests agree on what "the price flashed" means.
package enum WatchField: Sendable, Hashable, CaseIterable {
    case price
    case change
    case changePercent
    case dayRange
    case lastTrade
}
