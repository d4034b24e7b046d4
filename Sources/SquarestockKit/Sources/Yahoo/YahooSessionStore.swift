import Foundation

/// The on-disk session cache: `yahoo-session.json` in the cache folder, owner-only, written
/// atomically. A missing, unreadable or corrupt file just means a new session is made.
public struct YahooSessionStore: Sendable {
    public let path: String?

    public init(cacheDirectory: String?) {
        path = cacheDirectory.map { $0 + "/yahoo-session.json" }
    }

    public func load() -> YahooSession? {
        guard let path, let bytes = PrivateFileStore.read(path) else { return nil }
        return Self.decode(bytes)
    }

    /// A session file's bytes as a session; nil for anything damaged (a new session is made).
    public static func decode(_ bytes: [UInt8]) -> YahooSession? {
        try? JSONDecoder().decode(YahooSession.self, from: Data(bytes))
    }

    public func save(_ session: YahooSession) {
        guard let path, let data = try? JSONEncoder().encode(session) else { return }
        try? PrivateFileStore.write([UInt8](data), to: path)
    }

    public func clear() {
        guard let path else { return }
        unlink(path)
    }
}
