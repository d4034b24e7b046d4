import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The binary run once with its peak resident memory, read from wait4(2)'s rusage of that child
/// alone (RUSAGE_CHILDREN would add every process the parallel tests ran). Output goes to files
/// and comes back as text.
public struct PeakMemoryRun: Sendable {
    public var exitStatus: Int32
    /// ru_maxrss: the largest resident set, KiB.
    public var peakKiB: Int
    public var stdout: String
    public var stderr: String

    public static func run(_ arguments: [String], environment: [String: String]) throws -> PeakMemoryRun {
        let dir = TemporaryPath.make("peak")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, dir + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, dir + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let executable = CLIRunner.executablePath
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv + envp { free(p) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        }
        let exited = (status & 0x7f) == 0
        return PeakMemoryRun(
            exitStatus: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), peakKiB: usage.ru_maxrss,
            stdout: (try? String(contentsOfFile: dir + "/out", encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: dir + "/err", encoding: .utf8)) ?? "")
    }
}
