/// The body bytes one batch may hold at once, shared by all its transfers.
///
/// The per-response cap alone bounds nothing for a whole command: a batch keeps every response
/// until it returns, so 160 symbols of 16 MiB each once took 2.8 GB (issue 22). Every body byte
/// is reserved here before it is stored; a transfer that would pass the limit is stopped and
/// fails on its own, while the responses already held stay good.
final class BatchByteBudget {
    let limitBytes: Int
    /// Bytes reserved now: bodies being received plus answers kept for the caller.
    private(set) var heldBytes = 0
    /// The most ever held at once, so a test can prove the bound was kept.
    private(set) var peakBytes = 0

    init(limitBytes: Int) {
        self.limitBytes = max(0, limitBytes)
    }

    /// Takes `count` bytes if they fit; false leaves the budget unchanged.
    func reserve(_ count: Int) -> Bool {
        guard count <= limitBytes - heldBytes else { return false }
        heldBytes += count
        peakBytes = max(peakBytes, heldBytes)
        return true
    }

    /// Gives back bytes of a body that was dropped (a failure, or an attempt that will be retried).
    func release(_ count: Int) {
        heldBytes = max(0, heldBytes - count)
    }
}
