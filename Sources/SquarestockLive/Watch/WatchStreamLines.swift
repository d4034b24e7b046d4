import SquarestockCore
import SquarestockKit
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `watch --stream --format json|plain`: one line per update as it arrives, state changes
/// included; `--count N` stops after N price updates. SIGINT and SIGTERM stop the stream
/// cleanly (the socket is closed with a close frame).
package enum WatchStreamLines {
    /// Runs `handle` until it ends, `--count` or a signal; returns the exit code: 128 + the
    /// signal after one, as every other watch ends on a signal (a script tells an interrupted
    /// `--count 100` from a finished one).
    package static func run(_ handle: any LiveStream, json: Bool, count: Int?) -> Int32 {
        let stop = StopSignals()
        let source = handle.source
        var quotes = 0
        var refused = 0
        handle.run(
            shouldStop: { stop.received != 0 },
            onState: { state in
                let line =
                    json ? StreamLineWriter.json(state, source: source) : StreamLineWriter.plain(state, source: source)
                _ = Terminal.writeOut(line + "\n")
            },
            onEvent: { event in
                // A heartbeat only says the feed is alive; a feed that stops sending them is
                // reconnected, which the `stream` lines say. A line a second per product would
                // bury the quotes a script reads.
                if case .heartbeat = event { return true }
                let line =
                    json ? StreamLineWriter.json(event, source: source) : StreamLineWriter.plain(event, source: source)
                if let line, !Terminal.writeOut(line + "\n") { return false }  // the reader went away
                if case .symbolFailed = event { refused += 1 }
                if case .quote = event {
                    quotes += 1
                    if let count, quotes >= count { return false }
                }
                return true
            })
        if let code = stop.exitCode { return code }
        // A symbol the feed refused never got a quote: 1, as a quote of it would exit (the
        // stream that ended because every symbol was refused, after some quotes, said 0).
        return refused > 0 ? 1 : 0
    }
}
