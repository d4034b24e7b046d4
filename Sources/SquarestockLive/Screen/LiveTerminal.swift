/// The terminal as the live screens see it: keys and wake-ups in, bytes out, a size. `watch` and
/// `book --live` run against this protocol, so the same loop drives a real terminal
/// (`SystemTerminal`: poll(2) on the keyboard and a wake pipe, signals turned into events) and a
/// test's scripted one (keys at set times on a manual clock, frames kept for inspection).
package protocol LiveTerminal: AnyObject {
    /// Takes the screen: raw input, the alternate screen. Idempotent; called again after a
    /// suspended process continues.
    func enter()
    /// Gives the screen, cursor and modes back. Idempotent.
    func restore()
    /// Writes a frame (or a bell) while the screen is ours; dropped after `restore()`. False when
    /// the terminal is gone.
    @discardableResult func draw(_ bytes: String) -> Bool
    /// Writes to standard output (line mode); false when the reader went away.
    @discardableResult func print(_ text: String) -> Bool
    /// Writes a diagnostic to standard error.
    func warn(_ text: String)
    /// Columns and rows of the screen now.
    func size() -> (columns: Int, rows: Int)
    /// Waits at most `timeout` seconds for keys, a worker's wake-up or a signal, and returns
    /// what came (nothing when the time ran out).
    func wait(timeout: Double) -> [LiveEvent]
    /// What a worker thread posts to end a `wait`.
    var waker: any LiveWaker { get }
}
