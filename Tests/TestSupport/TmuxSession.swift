import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Drives a program in a real terminal for end-to-end tests: a tmux server on a private socket
/// (`tmux -L test-<uuid>`, no user config), one fixed-size window, keys sent with `send-keys`,
/// the screen read with `capture-pane`. Every wait polls with a deadline, so a test is bounded
/// however the program misbehaves; `kill()` (also run on deinit) ends the server and the
/// programs in it.
public final class TmuxSession: @unchecked Sendable {
    public static let executable = "/usr/bin/tmux"
    public let socket: String
    private var killed = false

    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// Starts `command` (run by `/bin/sh -c`) in a detached `width` x `height` window.
    public init(command: String, width: Int = 100, height: Int = 30) throws {
        socket = "test-" + UUID().uuidString
        let started = tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", command,
        ])
        guard started.status == 0 else {
            throw TmuxError(message: "tmux new-session failed (\(started.status)): \(started.output)")
        }
        // Keep the pane (and its last screen) if the program exits, so a test can still look.
        _ = tmux(["set-option", "-t", "t", "remain-on-exit", "on"])
    }

    deinit { kill() }

    /// The visible screen as text, or with `escapes` the SGR colour codes too (`capture-pane -e`).
    public func capture(escapes: Bool = false) -> String {
        tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : [])).output
    }

    /// `capture()` split into lines (no trailing newline kept).
    public func lines(escapes: Bool = false) -> [String] {
        var text = capture(escapes: escapes)
        if text.hasSuffix("\n") { text.removeLast() }
        return text.components(separatedBy: "\n")
    }

    /// Key names as tmux reads them: `"q"`, `"C-c"`, `"Enter"`.
    public func sendKeys(_ keys: String...) {
        _ = tmux(["send-keys", "-t", "t"] + keys)
    }

    public func resize(width: Int, height: Int) {
        _ = tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`, `#{cursor_flag}`, `#{pane_pid}`.
    public func display(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", "t", format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the screen every `interval` seconds until `condition` holds for its lines; returns
    /// those lines, or nil when `timeout` passed first.
    public func waitFor(
        timeout: Double = 20, interval: Double = 0.1, escapes: Bool = false,
        _ condition: ([String]) -> Bool
    ) -> [String]? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let l = lines(escapes: escapes)
            if condition(l) { return l }
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Process ids of everything running under the pane's process, the pane process first.
    public func paneProcesses() -> [Int32] {
        guard let root = Int32(display("#{pane_pid}")) else { return [] }
        var out: [Int32] = [root]
        var i = 0
        while i < out.count {
            let pid = out[i]
            i += 1
            let path = "/proc/\(pid)/task/\(pid)/children"
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                out += text.split(separator: " ").compactMap {
                    Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
        }
        return out
    }

    /// The first process under the pane whose command name is `name`.
    public func process(named name: String) -> Int32? {
        paneProcesses().first { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(
                in: .whitespacesAndNewlines) == name
        }
    }

    public func kill() {
        guard !killed else { return }
        killed = true
        _ = tmux(["kill-server"])
        // The server leaves its socket file behind; remove it too.
        let dir = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        unlink("\(dir)/tmux-\(getuid())/\(socket)")
    }

    /// Runs one tmux command and returns its status and output.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, output through a file: `new-session`
    /// forks the tmux server, which inherits the client's descriptors and lives on. With
    /// Foundation's `Process` (which watches descriptors shared with the child) or a pipe, the
    /// test would wait for the server to end instead of the client.
    @discardableResult
    private func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        let path = TemporaryPath.make("tmux")
        defer { unlink(path) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TMUX")
        env["TERM"] = "xterm-256color"
        let words = [TmuxSession.executable, "-L", socket] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Test threads block most signals (and the test process may ignore some); the tmux
        // server and everything it starts must not inherit that, or kill-server (which is a
        // SIGTERM to itself) and Ctrl-C would do nothing.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, TmuxSession.executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return (-1, "posix_spawn failed: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -1, output)
    }
}
