import SquarestockKit
import SquarestockWatch

#if canImport(Glibc)
    import Glibc
#endif

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
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        // watch ignores the signals it handles through dispatch sources (SIGINT, SIGTERM, ...);
        // an ignored signal stays ignored across exec, so the hook gets every default back and
        // an empty signal mask, as if started from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        if posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp) == 0 { children.insert(pid) }
    }

    /// Collects finished children so none lingers as a zombie.
    func reap() {
        for pid in children {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { children.remove(pid) }
        }
    }
}
