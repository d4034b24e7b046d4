import Foundation

/// Golden-file comparison for renderings: the expected text lives in
/// `Tests/Fixtures/snapshots/<name>.txt`, where a reviewer reads it as it looks on screen.
///
/// Run the tests with `GOLDEN_RECORD=1` (`Golden.isRecording`) to (re)write the files from the
/// current output; every recorded case then reports a mismatch so a recording run never passes
/// silently.
public enum Snapshot {
    public static func path(_ name: String) -> String {
        Fixture.testsDirectory + "/Fixtures/snapshots/" + name + ".txt"
    }

    /// nil when `actual` matches the stored snapshot; otherwise a message that shows both texts
    /// (and the first differing line), or says the file was written.
    public static func mismatch(_ actual: String, named name: String) -> String? {
        let file = path(name)
        let stored = actual.hasSuffix("\n") ? actual : actual + "\n"
        if Golden.isRecording {
            let dir = URL(fileURLWithPath: file).deletingLastPathComponent().path
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file, contents: Data(stored.utf8))
            return "recorded \(name); run again without GOLDEN_RECORD=1 to compare"
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return "no snapshot at \(file); run the tests with GOLDEN_RECORD=1 to record it\n\(actual)"
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == stored { return nil }
        let a = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        return "snapshot \(name) differs from line \(line + 1) on\n--- expected\n\(expected)--- actual\n\(stored)"
    }
}
