import Foundation
import SquarestockCore

/// The on-disk session cache: `yahoo-session.json` in the cache folder, owner-only, written
/// atomically. A missing, unreadable or corrupt file just means a new session is made.
package struct YahooSessionStore: Sendable {
    package let path: String?

    package init(cacheDirectory: String?) {
        path = cacheDirectory.map { $0 + "/yahoo-session.json" }
    }

    /// The cached session, if it was made at `origin`; a session from any other origin (or from
    /// a version that did not record one) is not returned, so it is never sent elsewhere.
    package func load(origin: String) -> YahooSession? {
        guard let path, let bytes = PrivateFileStore.read(path), let session = Self.decode(bytes),
            session.origin == origin
        else { return nil }
        return session
    }

    /// A session file's bytes as a session; nil for anything damaged (a new session is made).
    package static func decode(_ bytes: [UInt8]) -> YahooSession? {
        try? JSONDecoder().decode(YahooSession.self, from: Data(bytes))
    }

    package func save(_ session: YahooSession) {
        guard let path, let data = try? JSONEncoder().encode(session) else { return }
        try? PrivateFileStore.write([UInt8](data), to: path)
    }

    package func clear() {
        guard let path else { return }
        unlink(path)
    }
}
