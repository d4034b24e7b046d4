import SquarestockCore

/// What `squarestock check` remembers between runs: for each rule (as written), whether it is
/// armed. A rule fires once per crossing, so a cron job running every minute reports a price
/// above 200 once, not every minute, and again only after it went back below.
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

    func store(_ states: [String: Bool]) {
        guard let path else { return }
        let text =
            states.keys.sorted().map { "\($0)\t\(states[$0]! ? "armed" : "fired")" }.joined(separator: "\n") + "\n"
        try? PrivateFileStore.write(Array(text.utf8), to: path)
    }
}
