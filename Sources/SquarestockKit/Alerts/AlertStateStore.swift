import SquarestockCore

/// What `squarestock check` remembers between runs: for each rule (as written), whether it is
/// armed. A rule fires once per crossing, so a cron job running every minute reports a price
/// above 200 once, not every minute, and again only after it went back below.
///
/// Runs overlap (a cron job every minute whose quote takes longer, or two jobs with other
/// rules), so a run writes back only the rules whose state it changed, read again and written
/// under a lock beside the file: a slow run's save no longer undid a fast run's "fired", and of
/// two runs that saw the same crossing only the first to save reports it.
struct AlertStateStore {
    let path: String?

    init(environment: [String: String]) {
        path = PrivateFileStore.stateDirectory(environment: environment).map { $0 + "/alerts" }
    }

    /// Armed state by rule text; a rule not listed is armed.
    func load() -> [String: Bool] {
        guard let path, let bytes = PrivateFileStore.read(path, limit: 256 * 1024) else { return [:] }
        var out: [String: Bool] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count == 2 else { continue }
            out[String(parts[0])] = parts[1] == "armed"
        }
        return out
    }

    /// Writes the states this run changed from `loaded` (what it read before quoting) into the
    /// file as it is now, and answers the rules this run fired that another run fired since:
    /// their crossing was reported there, and must not be again.
    func save(_ states: [String: Bool], loaded: [String: Bool]) -> Set<String> {
        guard let path else { return [] }
        return PrivateFileStore.withExclusiveLock(path + ".lock") { merge(states, loaded: loaded, into: path) }
    }

    /// `save`'s read, merge and write, with the lock held.
    private func merge(_ states: [String: Bool], loaded: [String: Bool], into path: String) -> Set<String> {
        var current = load()
        var firedElsewhere: Set<String> = []
        for (rule, armed) in states {
            let was = loaded[rule] ?? true
            guard armed != was else {
                // Listed as it is, unless another run changed it since.
                if current[rule] == nil { current[rule] = armed }
                continue
            }
            if was && !armed && !(current[rule] ?? true) {
                firedElsewhere.insert(rule)
                continue
            }
            current[rule] = armed
        }
        let text =
            current.keys.sorted().map { "\($0)\t\(current[$0]! ? "armed" : "fired")" }.joined(separator: "\n") + "\n"
        try? PrivateFileStore.write(Array(text.utf8), to: path)
        return firedElsewhere
    }
}
