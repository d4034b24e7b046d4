/// Which lots a sale takes, chosen per portfolio because brokers and tax regimes differ.
public enum LotMethod: String, Sendable, CaseIterable {
    /// First in, first out (the default; the IRS's default for shares).
    case fifo
    /// Last in, first out.
    case lifo
    /// Highest unit cost first (the smallest gain, or the largest loss, now).
    case hifo
    /// One pool per symbol at its average cost (UK section 104, Canada's adjusted cost base);
    /// a sale's holding period runs from the pool's oldest purchase.
    case average
}
