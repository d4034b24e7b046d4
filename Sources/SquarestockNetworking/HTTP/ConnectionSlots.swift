/// How many transfers may run at once, in all and per host, counted before a transfer reaches
/// libcurl.
///
/// libcurl starts a transfer's timeout when the handle joins the multi handle, and a transfer
/// past its own per-host connection cap then waits inside libcurl with its clock running: a
/// healthy server answering in 1 s gave false timeouts with `--timeout 3` (issue 22). Admitting
/// a transfer only when a slot is free starts its clock when it can really start.
struct ConnectionSlots {
    let maxTotal: Int
    let maxPerHost: Int
    private(set) var total = 0
    private var perHost: [String: Int] = [:]

    init(maxTotal: Int, maxPerHost: Int) {
        self.maxTotal = max(1, maxTotal)
        self.maxPerHost = max(1, maxPerHost)
    }

    /// `key` is the scheme and authority a transfer connects to; nil for `file://`, which
    /// needs no connection and counts only against the total.
    func hasRoom(for key: String?) -> Bool {
        guard total < maxTotal else { return false }
        guard let key else { return true }
        return perHost[key, default: 0] < maxPerHost
    }

    mutating func take(for key: String?) {
        total += 1
        if let key { perHost[key, default: 0] += 1 }
    }

    mutating func give(for key: String?) {
        total = max(0, total - 1)
        if let key { perHost[key] = max(0, perHost[key, default: 0] - 1) }
    }
}
