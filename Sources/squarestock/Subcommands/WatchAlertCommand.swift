#if canImport(Glibc)
import Glibc
#endif
import SquarestockKit

/// Runs `--on-alert CMD` through `/bin/sh -c` for each alert, with the symbol, price and rule in
/// its environment (`SQUARESTOCK_ALERT_*`). Children run detached from the screen (stdin and,
/// on the full-screen table, stdout and stderr go to /dev/null) and are reaped without
/// blocking, so a slow or broken hook never stalls the watch.
final class WatchAlertCommand {
    let command: String
    /// Where the child's stdout goes: nil means /dev/null, else this descriptor (stderr in line mode).
    let outputFD: Int32?
    private var children: Set<pid_t> = []

    init(command: String, outputFD: Int32?) {
        self.command = command
        self.outputFD = outputFD
    }

    func run(_ event: AlertEvent, environment: [String: String]) {
        reap()
        var env = environment
        for (k, v) in event.environment { env[k] = v }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let fd = outputFD {
            posix_spawn_file_actions_adddup2(&actions, fd, 1)
            posix_spawn_file_actions_adddup2(&actions, fd, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let words: [String] = ["sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        if posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) == 0 { children.insert(pid) }
    }

    /// Collects finished children so none lingers as a zombie.
    func reap() {
        for pid in children {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { children.remove(pid) }
        }
    }
}
