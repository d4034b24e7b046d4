import Foundation
import SquarestockCore
import SquarestockLive

#if canImport(Glibc)
    import Glibc
#endif

/// While an order (or a cancellation) is with the transport, an interrupt (Ctrl-C, SIGTERM, a closed terminal) must
/// not end the command silently: the order may already be on the exchange. The ending signals are
/// caught for that stretch only, and each prints the status-unknown message (check `account
/// orders` before trying again) and exits with 128 + the signal.
enum OrderInFlight {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// `what` names what was sent ("the order", "the cancellation") in the message.
    static func run<T>(exchange: String, what: String = "the order", _ body: () throws -> T) rethrows -> T {
        try guarding(
            message: "squarestock: "
                + AccountError.statusUnknown(exchange: exchange, detail: "interrupted while \(what) was in flight")
                .message + "\n", body)
    }

    /// `body` with the ending signals caught: each writes `message` (what is known at that point,
    /// such as the id of an order placed whose status is being read) and exits with 128 + it.
    static func guarding<T>(message: String, _ body: () throws -> T) rethrows -> T {
        let queue = DispatchQueue(label: "squarestock.order.signals")
        var sources: [any DispatchSourceSignal] = []
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                _ = Terminal.writeError(message)
                _exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            for sig in signals { signal(sig, SIG_DFL) }
        }
        return try body()
    }
}
