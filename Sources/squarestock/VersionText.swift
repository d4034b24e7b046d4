import CBuildInfo
import SquarestockCore

/// What `--version` prints: the version, and the commit a packaged build was made from
/// (`0.1.0 (commit 3835f3d1a2b4)`); a plain `swift build` records none and says so.
enum VersionText {
    static let line: String = {
        let commit = String(cString: ss_build_commit())
        return SquarestockVersion.string + (commit.isEmpty ? " (commit not recorded)" : " (commit \(commit))")
    }()
}
