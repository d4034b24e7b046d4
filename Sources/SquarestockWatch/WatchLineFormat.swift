/// What watch writes per refresh when its output is not a terminal: readable lines for a log,
/// or one JSON object per line for a script (`--format json`).
public enum WatchLineFormat: String, Sendable, CaseIterable {
    case plain
    case json
}
