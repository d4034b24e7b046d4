import Foundation
import SquarestockCore
import SquarestockServices

extension ConfigFile {
    public static func path(environment: [String: String]) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], !x.isEmpty { return x + "/squarestock/config" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.config/squarestock/config" }
        return nil
    }

    /// The file at `path`, or an empty config when there is none. A file that group or others
    /// can read keeps its settings but loses its secrets, with a warning in `problems`: a key
    /// that others can read is a leaked key.
    /// A config over `LocalFileReader.Limit.config` is not read at all (a problem says so), nor
    /// is a FIFO that nothing writes to within `fifoWait` milliseconds: every command reads the
    /// config, and one left as a FIFO with no writer hung them all.
    public static func load(path: String?, fifoWait: Int32 = 3_000) -> ConfigFile {
        guard let path else { return ConfigFile() }
        let data: [UInt8]
        switch LocalFileReader.read(path, limit: LocalFileReader.Limit.config, fifoWait: fifoWait) {
        case .success(let bytes): data = bytes
        case .failure(let e):
            // No file is no settings; one that is there and cannot be read (no permission, a
            // folder) is said, as a file too large is: its settings are not taken.
            if case .cannotOpen(_, ENOENT) = e { return ConfigFile() }
            var config = ConfigFile()
            config.problems.append(e.description + "; its settings are ignored")
            config.dropsSettings = true
            return config
        }
        var config = parse(String(decoding: data, as: UTF8.self))
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & 0o077 != 0 {
            let secrets = config.values.keys.filter(isSecret).sorted()
            if !secrets.isEmpty {
                for k in secrets { config.values.removeValue(forKey: k) }
                config.problems.append(
                    "\(path) is readable by other users, so its keys (\(secrets.joined(separator: ", "))) are ignored; run `chmod 600 \(path)`"
                )
            }
        }
        return config
    }
}
