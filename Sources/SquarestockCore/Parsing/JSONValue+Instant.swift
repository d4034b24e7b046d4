extension JSONValue {
    /// An epoch-seconds time stamp (`regularMarketTime`, chart `timestamp`s), only when it falls
    /// in years 1970-9999. Anything else is not a time a service meant to send, and taken as one
    /// it would print a year like 292277026596 or overflow the arithmetic on it.
    package var epochInstant: Instant? {
        guard let s = int64, s >= 0, s <= Instant.latestPlausible.secondsSinceEpoch else { return nil }
        return Instant(secondsSinceEpoch: s)
    }
}
