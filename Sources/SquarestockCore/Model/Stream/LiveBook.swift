/// An order book kept live by a stream, as it stands after one message: the levels, when the
/// exchange last changed it, and whether the feed's checksum agrees with our copy. A book whose
/// checksum failed is being fetched again (for that one symbol) and must not be trusted until a
/// fresh snapshot says `verified`.
public struct LiveBook: Sendable, Equatable {
    /// The symbol as subscribed (`BTC-USD`, `SBER`).
    public var symbol: String
    public var book: OrderBook
    public var check: LiveBookCheck

    public init(symbol: String? = nil, book: OrderBook, check: LiveBookCheck) {
        self.symbol = symbol ?? book.pair.symbol
        self.book = book
        self.check = check
    }
}

/// What a live book's checksum said after the last message.
public enum LiveBookCheck: Sendable, Equatable {
    /// Our copy matches the exchange's checksum.
    case verified
    /// The feed sends no checksum for this book.
    case unchecked
    /// Our copy drifted from the exchange's: a new snapshot was asked for, updates are ignored
    /// until it comes.
    case resyncing(expected: UInt32, computed: UInt32)
    /// The checksum kept disagreeing after several fresh snapshots: the book is shown as the
    /// exchange sent it, unverified, and no more snapshots are asked for on this connection.
    case unverified(expected: UInt32, computed: UInt32)
}
