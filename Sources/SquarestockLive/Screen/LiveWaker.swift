/// Ends a `LiveTerminal.wait` from another thread (a fetch or stream worker, a signal handler's
/// queue). Posting never blocks.
package protocol LiveWaker: Sendable {
    func post(_ wake: LiveWake)
}
