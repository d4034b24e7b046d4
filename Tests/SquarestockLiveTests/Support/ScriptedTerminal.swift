import SquarestockCore
import TestSupport

@testable import SquarestockLive

/// A terminal driven by a script on a manual clock: each step happens at a set time (keys typed,
/// a resize, a stream message) and `wait` moves the clock to it, or by the whole timeout when
/// nothing is due, so a live screen runs minutes of its life in microseconds and always the same
/// way. Wake-ups posted by workers (run inline, `LiveThreads.inline`) come back on the next wait.
/// What is drawn lands on a `ScreenGrid`; what is printed or warned is kept.
final class ScriptedTerminal: LiveTerminal {
    struct Step {
        let at: Double
        let action: (ScriptedTerminal) -> [LiveEvent]
    }

    let clock: ManualClock
    private var steps: [Step] = []
    private(set) var columns: Int
    private(set) var rows: Int
    private(set) var screen: ScreenGrid
    private(set) var frames: [String] = []
    private(set) var printed = ""
    private(set) var warnings = ""
    private(set) var entered = 0
    private(set) var restored = 0
    private(set) var active = false
    /// The screen as it was just before each step ran, by the step's time.
    private(set) var screenBefore: [Double: ScreenGrid] = [:]
    /// A runaway loop ends the run instead of hanging the suite.
    private var waitsLeft = 1_000_000
    private let queue = WakeQueue()

    init(columns: Int = 100, rows: Int = 24, clock: ManualClock) {
        self.columns = columns
        self.rows = rows
        self.clock = clock
        screen = ScreenGrid(width: columns, height: rows)
    }

    /// Adds a step `seconds` after the clock's start.
    func at(_ seconds: Double, _ action: @escaping (ScriptedTerminal) -> [LiveEvent]) {
        steps.append(Step(at: seconds, action: action))
        steps.sort { $0.at < $1.at }
    }

    /// Keys typed at `seconds`.
    func type(_ keys: String, at seconds: Double) { at(seconds) { _ in [.keys(Array(keys.utf8))] } }

    /// The window becomes `columns` x `rows` at `seconds` (SIGWINCH).
    func resize(columns: Int, rows: Int, at seconds: Double) {
        at(seconds) { t in
            t.columns = columns
            t.rows = rows
            t.screen.resize(width: columns, height: rows)
            return [.wake(.resized)]
        }
    }

    var waker: any LiveWaker { queue }

    func enter() {
        entered += 1
        active = true
    }

    func restore() {
        if active { restored += 1 }
        active = false
    }

    func draw(_ bytes: String) -> Bool {
        guard active else { return true }
        frames.append(bytes)
        screen.apply(bytes)
        return true
    }

    func print(_ text: String) -> Bool {
        printed += text
        return true
    }

    func warn(_ text: String) { warnings += text }

    func size() -> (columns: Int, rows: Int) { (columns, rows) }

    func wait(timeout: Double) -> [LiveEvent] {
        waitsLeft -= 1
        if waitsLeft <= 0 { return [.inputClosed] }
        let posted = queue.drain()
        if !posted.isEmpty { return posted.map(LiveEvent.wake) }
        guard let next = steps.first else { return [.inputClosed] }  // the script is over
        if next.at <= clock.now() + timeout {
            steps.removeFirst()
            clock.set(next.at)
            screenBefore[next.at] = screen
            return next.action(self) + queue.drain().map(LiveEvent.wake)
        }
        clock.advance(by: max(timeout, 0.001))
        return []
    }
}

/// The scripted terminal's waker: wake-ups kept in order under a lock.
final class WakeQueue: LiveWaker, @unchecked Sendable {
    private let lock = Lock()
    private var wakes: [LiveWake] = []

    func post(_ wake: LiveWake) { lock.withLock { wakes.append(wake) } }

    func drain() -> [LiveWake] {
        lock.withLock {
            defer { wakes = [] }
            return wakes
        }
    }
}
