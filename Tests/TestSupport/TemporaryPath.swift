import Foundation

/// A fresh path under the system's temporary folder, for a test's files, folders or ledgers:
/// unique per call, so tests running in parallel never share one.
public enum TemporaryPath {
    /// `<tmp>/squarestock-<label>-<uuid><suffix>`; nothing is created.
    public static func make(_ label: String, suffix: String = "") -> String {
        NSTemporaryDirectory() + "squarestock-\(label)-\(UUID().uuidString)\(suffix)"
    }
}
