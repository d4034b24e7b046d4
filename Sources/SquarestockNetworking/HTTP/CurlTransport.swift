import CCurl
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The production transport: libcurl's multi interface drives every request of a batch at once
/// on the calling thread, and keeps connections alive between batches (watch mode refreshes
/// reuse them).
///
/// Why libcurl rather than URLSession: on Linux it gives HTTP/2, compressed transfer, the proxy
/// environment variables and `file://` (the offline samples) with one well-understood stack.
package final class CurlTransport: HTTPTransport, @unchecked Sendable {
    package let options: TransportOptions
    /// Guarded by `lock`, like everything a batch touches.
    private var multi: UnsafeMutableRawPointer?
    private let lock = Lock()
    private var random = SystemRandomNumberGenerator()
    private let sleeper: @Sendable (Double) -> Void
    /// Times retries' waits and each response's duration; never the wall clock, which can jump.
    private let clock: any MonotonicClock
    /// Reads "now" for a Retry-After given as an HTTP date (the only wall-clock question here).
    private let wallClock: @Sendable () -> Instant

    package init(
        options: TransportOptions = TransportOptions(),
        sleeper: @escaping @Sendable (Double) -> Void = CurlTransport.sleep,
        clock: any MonotonicClock = ProcessMonotonicClock(),
        wallClock: @escaping @Sendable () -> Instant = Instant.now
    ) {
        self.options = options
        self.sleeper = sleeper
        self.clock = clock
        self.wallClock = wallClock
    }

    deinit {
        if let multi { ss_curl_multi_cleanup(multi) }
    }

    /// The multi handle, made with the first batch: a transport is built for every command that
    /// might fetch, and opening libcurl before a request is really made would cost the commands
    /// that answer from local data the load they exist to avoid. Nil when libcurl is missing.
    private func multiHandle() -> UnsafeMutableRawPointer? {
        if let multi { return multi }
        guard CurlLibrary.failure == nil, let m = ss_curl_multi_init() else { return nil }
        // No CURLMOPT_MAX_HOST_CONNECTIONS: a transfer past libcurl's cap would wait inside
        // libcurl with its timeout running. ConnectionSlots applies the cap before a transfer
        // is added instead.
        _ = ss_multi_setopt_long(m, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        multi = m
        return m
    }

    package static let sleep: @Sendable (Double) -> Void = { seconds in
        guard seconds > 0 else { return }
        var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        _ = nanosleep(&ts, nil)
    }

    /// The most body bytes the last batch held at once; lets a test prove the budget held.
    var lastBatchPeakBytes: Int { lock.withLock { peakBytesOfLastBatch } }
    private var peakBytesOfLastBatch = 0

    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        lock.withLock { run(requests) }
    }

    private func run(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        var results = [Result<HTTPResponse, TransportError>?](repeating: nil, count: requests.count)
        var transfers: [CurlTransfer] = []
        let budget = BatchByteBudget(limitBytes: options.maxBatchBytes)
        defer { peakBytesOfLastBatch = budget.peakBytes }
        // Local files first, without libcurl: a batch of only files never opens it.
        for (i, r) in requests.enumerated() where LocalFileRead.handles(r.url) {
            results[i] = LocalFileRead.perform(r, options: options, budget: budget, clock: clock)
        }
        guard results.contains(where: { $0 == nil }) else { return results.map { $0! } }
        guard let multi = multiHandle() else {
            // curl_multi_init fails only when memory is exhausted; a missing library is the case
            // a user can act on.
            let why = CurlLibrary.failure ?? "libcurl could not allocate a multi handle"
            return results.map { $0 ?? .failure(.libraryMissing(why)) }
        }
        for (i, r) in requests.enumerated() where results[i] == nil {
            do {
                transfers.append(
                    try CurlTransfer(
                        index: i, request: r, options: options, budget: budget, clock: clock, wallClock: wallClock))
            } catch {
                results[i] = .failure(error)
            }
        }
        var waiting = transfers  // not yet added, with their notBefore times
        var active: [UInt: CurlTransfer] = [:]
        var slots = ConnectionSlots(maxTotal: options.maxConcurrent, maxPerHost: options.maxHostConnections)
        let started = clock.now()
        while !waiting.isEmpty || !active.isEmpty {
            let now = clock.now()
            // Start whatever is due and has a connection slot; the rest wait here, out of
            // libcurl, so their timeouts have not started.
            var i = 0
            while i < waiting.count && slots.total < slots.maxTotal {
                let t = waiting[i]
                if t.notBefore <= now && slots.hasRoom(for: t.slotKey) {
                    waiting.remove(at: i)
                    slots.take(for: t.slotKey)
                    t.prepareAttempt(now: now)
                    ss_curl_multi_add_handle(multi, t.easy)
                    active[UInt(bitPattern: t.easy)] = t
                } else {
                    i += 1
                }
            }
            var running: Int32 = 0
            ss_curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            var freedASlot = false
            while let msg = ss_curl_multi_info_read(multi, &queued) {
                guard msg.pointee.msg == CURLMSG_DONE, let easy = msg.pointee.easy_handle,
                    let t = active.removeValue(forKey: UInt(bitPattern: easy))
                else { continue }
                let code = ss_msg_result(msg)
                ss_curl_multi_remove_handle(multi, easy)
                slots.give(for: t.slotKey)
                freedASlot = true
                let outcome = t.finish(code: code, options: options, started: started)
                switch outcome {
                case .done(let r):
                    results[t.index] = r
                case .retry(let retryAfter, let last):
                    let unit = Double.random(in: 0..<1, using: &random)
                    if let d = options.retry.delay(afterAttempt: t.attempt, retryAfter: retryAfter, unit: unit) {
                        t.notBefore = clock.now() + d
                        waiting.append(t)
                    } else {
                        results[t.index] = last
                    }
                }
            }
            if waiting.isEmpty && active.isEmpty { break }
            // A freed slot may admit a waiting transfer at once.
            if freedASlot { continue }
            var timeoutMs: Int32 = 1000
            if active.isEmpty, let next = waiting.map(\.notBefore).min() {
                let wait = max(0, next - clock.now())
                sleeper(wait)
                continue
            }
            // Transfers already due wait for a slot, which only a finishing transfer frees (and
            // that wakes the poll); only a retry's backoff ending needs a timer.
            let checked = clock.now()
            if let next = waiting.map(\.notBefore).filter({ $0 > checked }).min() {
                timeoutMs = Int32(max(1, min(1000, (next - checked) * 1000)))
            }
            ss_curl_multi_poll(multi, nil, 0, timeoutMs, nil)
        }
        return results.map { $0 ?? .failure(.other(host: "", code: -1, detail: "no result")) }
    }
}
